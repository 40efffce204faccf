/// The result builder behind `Screen { … }` and `Container { … }`.
///
/// Supports plain statements, `if`, `if`/`else`, `for` loops and optionals.
@resultBuilder
public enum ComponentBuilder {
    public static func buildExpression(_ component: any Component) -> [any Component] {
        [component]
    }

    public static func buildExpression(_ component: (any Component)?) -> [any Component] {
        component.map { [$0] } ?? []
    }

    public static func buildExpression(_ components: [any Component]) -> [any Component] {
        components
    }

    public static func buildBlock(_ parts: [any Component]...) -> [any Component] {
        // One allocation of the right size instead of growing while appending.
        var components: [any Component] = []
        components.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts { components.append(contentsOf: part) }
        return components
    }

    public static func buildOptional(_ part: [any Component]?) -> [any Component] {
        part ?? []
    }

    public static func buildEither(first part: [any Component]) -> [any Component] {
        part
    }

    public static func buildEither(second part: [any Component]) -> [any Component] {
        part
    }

    public static func buildArray(_ parts: [[any Component]]) -> [any Component] {
        parts.flatMap { $0 }
    }

    public static func buildLimitedAvailability(_ part: [any Component]) -> [any Component] {
        part
    }
}
