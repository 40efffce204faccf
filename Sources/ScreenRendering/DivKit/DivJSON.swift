/// A JSON value of a DivKit card that the mapping makes whole (an action, a style's
/// border, a variable, a custom view's properties), with members in order, so output is
/// stable, and each name once (an object made from a node is made by `DivKitMapping.raw`,
/// which keeps the first of a name). The divs themselves are written as ``DivBytes``,
/// which takes these in; strings here are final (already escaped for DivKit's
/// expressions).
enum DivJSON: Sendable, Hashable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case array([DivJSON])
    case object([Member])

    /// One member of an object.
    struct Member: Sendable, Hashable {
        var key: String
        var value: DivJSON

        init(_ key: String, _ value: DivJSON) {
            self.key = key
            self.value = value
        }
    }

    /// Writes the value with `writer`.
    func write(into writer: inout JSONWriter) {
        switch self {
        case .string(let text): writer.string(text)
        case .int(let number): writer.int(number)
        case .double(let number): writer.double(number)
        case .bool(let flag): writer.raw(flag ? "true" : "false")
        case .array(let items):
            writer.beginArray()
            for item in items {
                writer.element()
                item.write(into: &writer)
            }
            writer.endArray()
        case .object(let members):
            writer.beginObject()
            for member in members {
                writer.key(escaping: member.key)
                member.value.write(into: &writer)
            }
            writer.endObject()
        }
    }
}
