/// A vertical (by default) group of components.
public struct Container: Widget {
    public var children: [any Component]
    public var styleId: String?
    public var onInit: [Action]
    /// Data the children's expressions read.
    public var context: Context?
    public var id: String?
    public var style: Style?
    public var accessibility: Accessibility?

    /// Creates a container from a result builder.
    public init(
        styleId: String? = nil, context: Context? = nil, onInit: [Action] = [],
        @ComponentBuilder content: () throws -> [any Component]
    ) rethrows {
        self.init(styleId: styleId, context: context, onInit: onInit, children: try content())
    }

    /// Creates a container from components already built.
    public init(styleId: String? = nil, context: Context? = nil, onInit: [Action] = [], children: [any Component]) {
        self.children = children
        self.styleId = styleId
        self.context = context
        self.onInit = onInit
    }

    public var node: Node {
        widgetNode("beagle:container") { list in
            list.add("children", components: children)
            list.add("context", context?.node)
            list.add("onInit", actions: onInit)
            list.add("styleId", styleId)
        }
    }
}
