/// A field the user types into.
public struct TextInput: Widget {
    /// The keyboard and formatting the client uses.
    public enum InputType: String, Sendable, Hashable {
        case text = "TEXT", email = "EMAIL", password = "PASSWORD", number = "NUMBER", date = "DATE"
    }

    /// The text in the field, often bound: `.bind("form.email")`.
    public var value: BeagleExpression?
    public var placeholder: String?
    public var readOnly: Bool?
    public var type: InputType?
    public var enabled: Bool?
    public var onChange: [Action]
    public var onFocus: [Action]
    public var onBlur: [Action]
    public var id: String?
    public var style: Style?
    public var accessibility: Accessibility?

    /// Creates a text field.
    public init(
        value: BeagleExpression? = nil, placeholder: String? = nil, readOnly: Bool? = nil, type: InputType? = nil,
        enabled: Bool? = nil, onChange: [Action] = [], onFocus: [Action] = [], onBlur: [Action] = []
    ) {
        self.value = value
        self.placeholder = placeholder
        self.readOnly = readOnly
        self.type = type
        self.enabled = enabled
        self.onChange = onChange
        self.onFocus = onFocus
        self.onBlur = onBlur
    }

    /// Creates a text field holding `value` as it is (text from data is never evaluated).
    public init(
        value: String, placeholder: String? = nil, readOnly: Bool? = nil, type: InputType? = nil,
        enabled: Bool? = nil, onChange: [Action] = [], onFocus: [Action] = [], onBlur: [Action] = []
    ) {
        self.init(
            value: BeagleExpression(value), placeholder: placeholder, readOnly: readOnly, type: type, enabled: enabled,
            onChange: onChange, onFocus: onFocus, onBlur: onBlur
        )
    }

    public var node: Node {
        widgetNode("beagle:textInput") { list in
            list.add("value", value)
            list.add("placeholder", placeholder)
            list.add("readOnly", readOnly)
            list.add("type", type?.rawValue)
            list.add("enabled", enabled)
            list.add("onChange", actions: onChange)
            list.add("onFocus", actions: onFocus)
            list.add("onBlur", actions: onBlur)
        }
    }
}
