/// A button that runs actions when pressed.
public struct Button: Widget {
    public var text: String
    public var styleId: String?
    public var onPress: [Action]
    public var enabled: Bool?
    public var id: String?
    public var style: Style?
    public var accessibility: Accessibility?

    /// Creates a button that runs one action.
    public init(_ text: String, styleId: String? = nil, enabled: Bool? = nil, action: Action) {
        self.init(text, styleId: styleId, enabled: enabled, onPress: [action])
    }

    /// Creates a button that runs several actions in order (none for a decorative button).
    public init(_ text: String, styleId: String? = nil, enabled: Bool? = nil, onPress: [Action] = []) {
        self.text = text
        self.styleId = styleId
        self.onPress = onPress
        self.enabled = enabled
    }

    public var node: Node {
        widgetNode("beagle:button") { list in
            list.add("text", text)
            list.add("styleId", styleId)
            list.add("onPress", actions: onPress)
            list.add("enabled", enabled)
        }
    }
}
