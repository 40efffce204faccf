/// Anything that can appear in a screen tree.
///
/// Built-in components and your own types conform the same way: produce a
/// ``Node``. A custom component names its type `custom:<name>`; every renderer
/// writes it without knowing it.
///
/// ```swift
/// struct Badge: Component {
///     var count: Int
///     var node: Node {
///         Node(kind: .component, type: "custom:badge", properties: [.init("count", .int(count))])
///     }
/// }
/// ```
public protocol Component: Sendable {
    /// The uniform node that renderers walk.
    var node: Node { get }
}

/// A component that carries Beagle's common widget properties: an id, a style
/// and accessibility.
public protocol Widget: Component {
    /// A stable identifier, unique in the screen.
    var id: String? { get set }
    /// Layout and appearance.
    var style: Style? { get set }
    /// What assistive technologies announce.
    var accessibility: Accessibility? { get set }
}

extension Widget {
    /// Returns a copy with this identifier.
    public func id(_ id: String) -> Self {
        var copy = self
        copy.id = id
        return copy
    }

    /// Returns a copy with this style.
    public func style(_ style: Style) -> Self {
        var copy = self
        copy.style = style
        return copy
    }

    /// Returns a copy with this accessibility description.
    public func accessibility(_ accessibility: Accessibility) -> Self {
        var copy = self
        copy.accessibility = accessibility
        return copy
    }

    /// Builds this widget's node: its own properties, then the common ones.
    func widgetNode(_ type: String, _ build: (inout PropertyList) -> Void) -> Node {
        var list = PropertyList()
        build(&list)
        list.add("id", id)
        list.add("style", style?.node)
        list.add("accessibility", accessibility?.node)
        return Node(kind: .component, type: type, properties: list.properties)
    }
}

/// What assistive technologies announce for a component.
public struct Accessibility: Sendable, Hashable {
    /// Whether the component is an accessibility element.
    public var accessible: Bool
    /// The label read aloud.
    public var accessibilityLabel: String?
    /// Whether the component is a heading.
    public var isHeader: Bool?

    /// Creates an accessibility description.
    public init(accessible: Bool = true, label: String? = nil, isHeader: Bool? = nil) {
        self.accessible = accessible
        self.accessibilityLabel = label
        self.isHeader = isHeader
    }

    var node: Node {
        var list = PropertyList()
        list.add("accessible", accessible)
        list.add("accessibilityLabel", accessibilityLabel)
        list.add("isHeader", isHeader)
        return .object(list.properties)
    }
}
