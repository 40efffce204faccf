/// The result builder behind `Screen { … }` and `Container { … }`.
///
/// Supports plain statements, `if`, `if`/`else`, `for` loops and optionals.
///
/// A block is collected into one array, statement by statement
/// (`buildPartialBlock`): a plain statement is appended as it is, not first wrapped in
/// an array of its own, so a block of components costs one allocation, not one for each.
@resultBuilder
public enum ComponentBuilder {
    public static func buildExpression(_ component: any Component) -> any Component {
        component
    }

    public static func buildExpression(_ component: (any Component)?) -> [any Component] {
        component.map { [$0] } ?? []
    }

    public static func buildExpression(_ components: [any Component]) -> [any Component] {
        components
    }

    public static func buildPartialBlock(first component: any Component) -> [any Component] {
        var components: [any Component] = []
        // Room for a typical block, so that appending its next statements does not regrow it.
        components.reserveCapacity(8)
        components.append(component)
        return components
    }

    public static func buildPartialBlock(first components: [any Component]) -> [any Component] {
        components
    }

    public static func buildPartialBlock(accumulated: consuming [any Component], next component: any Component) -> [any Component] {
        accumulated.append(component)
        return accumulated
    }

    public static func buildPartialBlock(accumulated: consuming [any Component], next components: [any Component]) -> [any Component] {
        accumulated.append(contentsOf: components)
        return accumulated
    }

    /// An empty block: `.fallback {}`.
    public static func buildBlock() -> [any Component] {
        []
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
