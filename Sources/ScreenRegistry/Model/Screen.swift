/// A whole screen: an optional navigation bar over a tree of components.
///
/// ```swift
/// Screen(title: "Profile") {
///     Text("Hello")
///     Button("Follow", action: .navigate(to: "/follow/42"))
/// }
/// ```
///
/// Beagle screens hold a single `child`; a screen with several components wraps
/// them in a ``Container`` when it becomes a node.
public struct Screen: Sendable {
    /// A stable identifier for the screen.
    public var id: String?
    /// The bar at the top; `nil` for none.
    public var navigationBar: NavigationBar?
    /// Layout and appearance of the screen's root.
    public var style: Style?
    /// Whether the content avoids the device's unsafe areas; `nil` leaves it to the client.
    public var safeArea: SafeArea?
    /// The screen's content, in order.
    public var children: [any Component]
    /// Data the screen's expressions read.
    public var context: Context?

    /// Creates a screen with a navigation bar titled `title` (none when `nil`).
    public init(
        id: String? = nil,
        title: String? = nil,
        showBackButton: Bool? = nil,
        style: Style? = nil,
        safeArea: SafeArea? = nil,
        context: Context? = nil,
        @ComponentBuilder content: () throws -> [any Component]
    ) rethrows {
        self.init(
            id: id,
            navigationBar: title.map { NavigationBar(title: $0, showBackButton: showBackButton) },
            style: style,
            safeArea: safeArea,
            context: context,
            children: try content()
        )
    }

    /// Creates a screen from a navigation bar and components already built.
    public init(
        id: String? = nil,
        navigationBar: NavigationBar?,
        style: Style? = nil,
        safeArea: SafeArea? = nil,
        context: Context? = nil,
        children: [any Component]
    ) {
        self.context = context
        self.id = id
        self.navigationBar = navigationBar
        self.style = style
        self.safeArea = safeArea
        self.children = children
    }

    /// The screen as the root node of the uniform tree (`beagle:screenComponent`).
    public var node: Node {
        var list = PropertyList()
        list.add("id", id)
        list.add("safeArea", safeArea?.node)
        list.add("navigationBar", navigationBar?.node)
        let child: Node? = switch children.count {
        case 0: nil
        case 1: children[0].node
        default: Container(children: children).node
        }
        list.add("child", child)
        list.add("style", style?.node)
        list.add("context", context?.node)
        return Node(kind: .component, type: "beagle:screenComponent", properties: list.properties)
    }
}

/// Which edges of a screen avoid the device's unsafe areas.
public struct SafeArea: Sendable, Hashable {
    public var top: Bool
    public var leading: Bool
    public var bottom: Bool
    public var trailing: Bool

    /// Creates a safe-area setting; every edge is safe by default.
    public init(top: Bool = true, leading: Bool = true, bottom: Bool = true, trailing: Bool = true) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    var node: Node {
        .object([
            .init("top", .bool(top)), .init("leading", .bool(leading)),
            .init("bottom", .bool(bottom)), .init("trailing", .bool(trailing)),
        ])
    }
}

/// The bar at the top of a screen.
public struct NavigationBar: Sendable, Hashable {
    /// One button in the bar.
    public struct Item: Sendable, Hashable {
        public var text: String
        public var image: String?
        public var onPress: [Action]

        /// Creates a bar button; `image` is a local image name.
        public init(_ text: String, image: String? = nil, action: Action) {
            self.init(text, image: image, onPress: [action])
        }

        /// Creates a bar button running several actions in order.
        public init(_ text: String, image: String? = nil, onPress: [Action]) {
            self.text = text
            self.image = image
            self.onPress = onPress
        }

        var node: Node {
            var list = PropertyList()
            list.add("text", text)
            list.add("image", image.map { ImageSource.local($0).node })
            list.add("onPress", actions: onPress)
            return .object(list.properties)
        }
    }

    public var title: String
    public var showBackButton: Bool?
    public var styleId: String?
    public var items: [Item]

    /// Creates a navigation bar.
    public init(title: String, showBackButton: Bool? = nil, styleId: String? = nil, items: [Item] = []) {
        self.title = title
        self.showBackButton = showBackButton
        self.styleId = styleId
        self.items = items
    }

    /// The bar as a structured value.
    public var node: Node {
        var list = PropertyList()
        list.add("title", title)
        list.add("showBackButton", showBackButton)
        list.add("styleId", styleId)
        list.add("navigationBarItems", nodes: items.map(\.node))
        return .object(list.properties)
    }
}
