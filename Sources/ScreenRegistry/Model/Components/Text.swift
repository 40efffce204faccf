/// A run of text.
public struct Text: Widget {
    /// Horizontal alignment of the text.
    public enum Alignment: String, Sendable, Hashable {
        case left = "LEFT", center = "CENTER", right = "RIGHT"
    }

    /// The text; literal unless built with bindings (``BeagleExpression``).
    public var text: BeagleExpression
    public var styleId: String?
    /// A colour, `#RRGGBB`.
    public var textColor: String?
    public var alignment: Alignment?
    public var id: String?
    public var style: Style?
    public var accessibility: Accessibility?

    /// Creates a text shown exactly as given: `Text("User \(name)")`.
    public init(_ text: String, styleId: String? = nil, textColor: String? = nil, alignment: Alignment? = nil) {
        self.init(BeagleExpression(text), styleId: styleId, textColor: textColor, alignment: alignment)
    }

    /// Creates a text that binds context data: `Text(.bind("user.name"))`,
    /// `Text("Hello \(bind: "user.name")")`.
    public init(
        _ text: BeagleExpression, styleId: String? = nil, textColor: String? = nil, alignment: Alignment? = nil
    ) {
        self.text = text
        self.styleId = styleId
        self.textColor = textColor
        self.alignment = alignment
    }

    public var node: Node {
        widgetNode("beagle:text") { list in
            list.add("text", text)
            list.add("styleId", styleId)
            list.add("textColor", textColor)
            list.add("alignment", alignment?.rawValue)
        }
    }
}
