/// Makes any component respond to a tap.
public struct Touchable: Widget {
    public var onPress: [Action]
    public var child: any Component
    public var id: String?
    public var style: Style?
    public var accessibility: Accessibility?

    /// Wraps `content` so that tapping it runs `action`; several components are wrapped in a container.
    public init(action: Action, @ComponentBuilder content: () throws -> [any Component]) rethrows {
        try self.init(onPress: [action], content: content)
    }

    /// Wraps `content` so that tapping it runs `onPress` in order.
    public init(onPress: [Action], @ComponentBuilder content: () throws -> [any Component]) rethrows {
        let views = try content()
        self.onPress = onPress
        self.child = views.count == 1 ? views[0] : Container(children: views)
    }

    public var node: Node {
        widgetNode("beagle:touchable") { list in
            list.add("onPress", actions: onPress)
            list.add("child", child.node)
        }
    }
}
