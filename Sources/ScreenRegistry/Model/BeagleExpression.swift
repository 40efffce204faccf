/// Text the client computes: literal text with bindings to context data, such as
/// `Hello @{user.name}`.
///
/// Every string in a screen is literal unless it is built here with an explicit
/// binding: renderers escape literal text for the client's expression language, so
/// text from data (a path parameter, a query item, a database row) is shown as it is
/// and never evaluated (ARCHITECTURE.md, "Trust").
///
/// ```swift
/// Text(.bind("user.name"))                        // @{user.name}
/// Text("Hello \(bind: "user.name"), \(nickname)") // the nickname stays text
/// ListView(dataSource: .bind("products")) { Text(.bind("item.name")) }
/// ```
public struct BeagleExpression: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// A piece of the expression.
    public enum Part: Sendable, Hashable {
        /// Literal text, shown as it is.
        case text(String)
        /// An expression the client evaluates, without `@{` and `}`: `user.name`,
        /// `eq(item.kind, 'ad')`.
        case binding(String)
    }

    /// The pieces, in order; adjacent texts are joined.
    public private(set) var parts: [Part]

    /// Creates an expression from its pieces. A binding whose body cannot be written as
    /// one expression (empty, or with a `}` or quote that would end it early) is text.
    public init(parts: [Part]) {
        self.parts = []
        for part in parts { append(part) }
    }

    /// Literal text: `"@{x}"` written here is shown as `@{x}`, never evaluated.
    public init(stringLiteral value: String) {
        self.init(parts: [.text(value)])
    }

    /// Literal text, shown exactly as given, whatever it holds.
    public init(_ text: String) {
        self.init(parts: [.text(text)])
    }

    public init(stringInterpolation: StringInterpolation) {
        self.init(parts: stringInterpolation.parts)
    }

    /// `@{path}`: a value bound to context data.
    public static func bind(_ path: String) -> BeagleExpression {
        BeagleExpression(parts: [.binding(path)])
    }

    /// Literal text. Kept for source compatibility: renderers now escape every string,
    /// so text needs no preparation.
    @available(*, deprecated, message: "renderers escape every literal string; pass the text as it is")
    public static func literal(_ text: String) -> String {
        text
    }

    /// The text, when the expression binds nothing.
    public var literalText: String? {
        switch parts.count {
        case 0: ""
        case 1: if case .text(let text) = parts[0] { text } else { nil }
        default: nil
        }
    }

    /// The expression in Beagle's syntax, text escaped: what a client receives.
    public var source: String {
        var result = ""
        for (index, part) in parts.enumerated() {
            switch part {
            case .text(let text):
                var escaped = Self.escaped(text)
                // Backslashes right before a binding would escape it: doubled, they stay
                // text (a pair reads as one) and the binding stays live.
                if index + 1 < parts.count {
                    let run = escaped.utf8.reversed().prefix { $0 == UInt8(ascii: "\\") }.count
                    escaped += String(repeating: "\\", count: run)
                }
                result += escaped
            case .binding(let body):
                result += "@{" + body + "}"
            }
        }
        return result
    }

    public var description: String { source }

    private mutating func append(_ part: Part) {
        switch (parts.last, part) {
        case (_, .text(let text)) where text.isEmpty:
            break
        case (_, .binding(let body)) where !Self.isBindingBody(body):
            // A body that its own `}` would not close (a stray `}` or quote) cannot be
            // written as one expression: it stays text, so nothing else is evaluated.
            append(.text("@{" + body + "}"))
        case (.text?, .text(let text)):
            // Taken out and extended in place: joining into a copy for each part would
            // make a text of many parts (`@{}@{}…`) quadratic.
            if case .text(var joined) = parts.removeLast() {
                joined += text
                parts.append(.text(joined))
            }
        default:
            parts.append(part)
        }
    }

    /// Builds expressions from interpolations: `\(bind: "path")` binds, anything else
    /// is literal text.
    public struct StringInterpolation: StringInterpolationProtocol {
        var parts: [Part] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) {
            parts.append(.text(literal))
        }

        /// A binding, `@{path}`.
        public mutating func appendInterpolation(bind path: String) {
            parts.append(.binding(path))
        }

        /// Another expression, bindings included.
        public mutating func appendInterpolation(_ expression: BeagleExpression) {
            parts.append(contentsOf: expression.parts)
        }

        /// Any value, as literal text.
        public mutating func appendInterpolation<Value>(_ value: Value) {
            parts.append(.text(String(describing: value)))
        }
    }
}
