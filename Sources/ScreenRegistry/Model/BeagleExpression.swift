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
    public var parts: [Part] {
        switch storage {
        case .text(let text): text.isEmpty ? [] : [.text(text)]
        case .parts(let parts): parts
        }
    }

    /// Text alone, as nearly every text of a screen is, is held without an array: one
    /// allocation less for each when a screen is built for every request. The `.parts` case
    /// holds at least one binding, so that equal expressions are stored alike.
    private enum Storage: Sendable, Hashable {
        case text(String)
        case parts([Part])
    }

    private var storage: Storage

    /// Creates an expression from its pieces. A binding whose body cannot be written as
    /// one expression (empty, or with a `}` or quote that would end it early) is text.
    public init(parts: [Part]) {
        storage = .text("")
        for part in parts { append(part) }
    }

    /// Literal text: `"@{x}"` written here is shown as `@{x}`, never evaluated.
    public init(stringLiteral value: String) {
        storage = .text(value)
    }

    /// Literal text, shown exactly as given, whatever it holds.
    public init(_ text: String) {
        storage = .text(text)
    }

    public init(stringInterpolation: StringInterpolation) {
        self = stringInterpolation.expression
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
        if case .text(let text) = storage { text } else { nil }
    }

    /// The expression in Beagle's syntax, text escaped: what a client receives.
    public var source: String {
        let parts = parts
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
        switch part {
        case .text(let text):
            guard !text.isEmpty else { return }
            // Taken out and extended in place: joining into a copy for each part would
            // make a text of many parts (`@{}@{}…`) quadratic.
            switch takeStorage() {
            case .text(var joined):
                joined += text
                storage = .text(joined)
            case .parts(var parts):
                if case .text? = parts.last, case .text(var joined) = parts.removeLast() {
                    joined += text
                    parts.append(.text(joined))
                } else {
                    parts.append(part)
                }
                storage = .parts(parts)
            }
        case .binding(let body) where !Self.isBindingBody(body):
            // A body that its own `}` would not close (a stray `}` or quote) cannot be
            // written as one expression: it stays text, so nothing else is evaluated.
            append(.text("@{" + body + "}"))
        case .binding:
            switch takeStorage() {
            case .text(let text):
                storage = .parts(text.isEmpty ? [part] : [.text(text), part])
            case .parts(var parts):
                parts.append(part)
                storage = .parts(parts)
            }
        }
    }

    /// The storage, with none left behind: what is taken is then its text's or array's only
    /// holder, and grows in place.
    private mutating func takeStorage() -> Storage {
        let taken = storage
        storage = .text("")
        return taken
    }

    /// Builds expressions from interpolations: `\(bind: "path")` binds, anything else
    /// is literal text.
    public struct StringInterpolation: StringInterpolationProtocol {
        /// The expression so far, joined as it goes: text alone never makes an array.
        var expression = BeagleExpression("")

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) {
            expression.append(.text(literal))
        }

        /// A binding, `@{path}`.
        public mutating func appendInterpolation(bind path: String) {
            expression.append(.binding(path))
        }

        /// Another expression, bindings included.
        public mutating func appendInterpolation(_ other: BeagleExpression) {
            switch other.storage {
            case .text(let text): expression.append(.text(text))
            case .parts(let parts): for part in parts { expression.append(part) }
            }
        }

        /// Any value, as literal text.
        public mutating func appendInterpolation<Value>(_ value: Value) {
            expression.append(.text(String(describing: value)))
        }
    }
}
