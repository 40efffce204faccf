/// A row of tabs.
public struct TabBar: Widget {
    /// One tab: a title, an icon, or both.
    public struct Item: Sendable, Hashable {
        public var title: String?
        /// A local image name.
        public var icon: String?

        /// Creates a tab.
        public init(title: String? = nil, icon: String? = nil) {
            self.title = title
            self.icon = icon
        }

        var node: Node {
            var list = PropertyList()
            list.add("title", title)
            list.add("icon", icon.map { ImageSource.local($0).node })
            return .object(list.properties)
        }
    }

    public var items: [Item]
    public var styleId: String?
    /// The selected tab, often bound: `.bind("tab")`.
    public var currentTab: BeagleExpression?
    public var onTabSelection: [Action]
    public var id: String?
    public var style: Style?
    public var accessibility: Accessibility?

    /// Creates a tab bar.
    public init(items: [Item], styleId: String? = nil, currentTab: BeagleExpression? = nil, onTabSelection: [Action] = []) {
        self.items = items
        self.styleId = styleId
        self.currentTab = currentTab
        self.onTabSelection = onTabSelection
    }

    public var node: Node {
        widgetNode("beagle:tabBar") { list in
            list.add("items", nodes: items.map(\.node))
            list.add("styleId", styleId)
            list.add("currentTab", currentTab)
            list.add("onTabSelection", actions: onTabSelection)
        }
    }
}
