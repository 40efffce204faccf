/// Pages the user swipes between.
public struct PageView: Widget {
    public var children: [any Component]
    public var context: Context?
    public var onPageChange: [Action]
    /// The page shown, often bound: `.bind("page")`.
    public var currentPage: BeagleExpression?
    public var id: String?
    public var style: Style?
    public var accessibility: Accessibility?

    /// Creates a page view from a result builder, one page per component.
    public init(
        context: Context? = nil, onPageChange: [Action] = [], currentPage: BeagleExpression? = nil,
        @ComponentBuilder pages: () throws -> [any Component]
    ) rethrows {
        self.children = try pages()
        self.context = context
        self.onPageChange = onPageChange
        self.currentPage = currentPage
    }

    public var node: Node {
        widgetNode("beagle:pageView") { list in
            list.add("children", components: children)
            list.add("context", context?.node)
            list.add("onPageChange", actions: onPageChange)
            list.add("currentPage", currentPage)
        }
    }
}
