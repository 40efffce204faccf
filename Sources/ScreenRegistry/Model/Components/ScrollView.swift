/// A scrolling group of components.
public struct ScrollView: Widget {
    /// The scrolling axis.
    public enum Direction: String, Sendable, Hashable {
        case vertical = "VERTICAL", horizontal = "HORIZONTAL"
    }

    public var children: [any Component]
    public var scrollDirection: Direction?
    public var scrollBarEnabled: Bool?
    public var id: String?
    public var style: Style?
    public var accessibility: Accessibility?

    /// Creates a scroll view from a result builder.
    public init(
        scrollDirection: Direction? = nil, scrollBarEnabled: Bool? = nil,
        @ComponentBuilder content: () throws -> [any Component]
    ) rethrows {
        self.children = try content()
        self.scrollDirection = scrollDirection
        self.scrollBarEnabled = scrollBarEnabled
    }

    public var node: Node {
        widgetNode("beagle:scrollView") { list in
            list.add("children", components: children)
            list.add("scrollDirection", scrollDirection?.rawValue)
            list.add("scrollBarEnabled", scrollBarEnabled)
        }
    }
}
