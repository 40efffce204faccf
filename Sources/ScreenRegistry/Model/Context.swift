/// Any JSON value, for context values and request data.
public indirect enum JSONValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    case string(String)
    /// Text with bindings the client evaluates.
    case expression(BeagleExpression)
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
        case .expression(let expression): expression.literalText.map(Node.Value.string) ?? .expression(expression)
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
