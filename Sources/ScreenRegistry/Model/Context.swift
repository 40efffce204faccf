/// Any JSON value, for context values and request data.
public indirect enum JSONValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case array([JSONValue])
    /// An object; keys keep the order given.
    case object([(String, JSONValue)])
    case null

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements) }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.value == rhs.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }

    /// The value in the uniform tree. Nodes leave absent values out, so `null` object
    /// members and array elements are dropped; a top-level `null` becomes `nil`.
    public var value: Node.Value? {
        switch self {
        case .string(let text): .string(text)
        case .int(let number): .int(number)
        case .double(let number): .double(number)
        case .bool(let flag): .bool(flag)
        case .array(let items): .list(items.compactMap(\.value))
        case .object(let members):
            .node(.object(members.compactMap { key, member in member.value.map { Node.Property(key, $0) } }))
        case .null: nil
        }
    }
}

/// A context: named data on the client that expressions such as `@{user.name}` read.
public struct Context: Sendable, Hashable {
    public var id: String
    public var value: JSONValue

    /// Creates a context.
    public init(id: String, value: JSONValue) {
        self.id = id
        self.value = value
    }

    /// The context as `{"id", "value"}`.
    public var node: Node {
        var list = PropertyList()
        list.add("id", id)
        list.add("value", value.value)
        return .object(list.properties)
    }
}

/// Beagle expressions: strings such as `"@{user.name}"` or `"Hello @{user.name}"`.
public enum BeagleExpression {
    /// `@{path}`: a property bound to context data.
    public static func bind(_ path: String) -> String {
        "@{\(path)}"
    }

    /// Text shown exactly as given: every `@{` is escaped as `\@{`, so data from users
    /// can never inject an expression.
    public static func literal(_ text: String) -> String {
        // Most texts have no `@{` at all: a byte scan says so without the generic
        // (character-by-character) search; a match of characters is a match of bytes.
        guard containsExpressionStart(text) else { return text }
        return text.contains("@{") ? text.replacing("@{", with: "\\@{") : text
    }

    /// Whether the UTF-8 bytes `@{` occur in `text`.
    private static func containsExpressionStart(_ text: String) -> Bool {
        var previousIsAt = false
        for byte in text.utf8 {
            if previousIsAt, byte == UInt8(ascii: "{") { return true }
            previousIsAt = byte == UInt8(ascii: "@")
        }
        return false
    }
}
