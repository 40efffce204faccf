/// A DivKit document being built: JSON with members in order, so output is stable.
///
/// The mapping builds this tree, the template pass plans templates from it, and
/// ``write(into:)`` serialises it (``DivKitTemplates/write(_:with:into:)``, with the
/// templates' uses); strings here are final (already escaped for DivKit's expressions).
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

        /// Whether this is a div's `type`. The lengths are compared first: most keys
        /// differ in length, and comparing those costs next to nothing.
        var isType: Bool { key.utf8.count == 4 && key == "type" }

        /// Whether this is a container's `items`.
        var isItems: Bool { key.utf8.count == 5 && key == "items" }
    }

    /// Whether this is a div: an object with a `type`.
    var isDiv: Bool {
        guard case .object(let members) = self else { return false }
        return members.contains { $0.isType }
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
                writer.key(member.key)
                member.value.write(into: &writer)
            }
            writer.endObject()
        }
    }

    /// The compact JSON size in bytes, for deciding whether a template pays: counted, not
    /// written, byte for byte what ``write(into:)`` writes.
    var compactSize: Int {
        switch self {
        case .string(let text): return JSONWriter.quotedSize(text)
        case .int(let number): return Self.decimalLength(number)
        case .double(let number): return number.isFinite ? number.description.utf8.count : 4
        case .bool(let flag): return flag ? 4 : 5
        case .array(let items): return items.reduce(1 + max(items.count, 1)) { $0 + $1.compactSize }
        case .object(let members):
            return members.reduce(1 + max(members.count, 1)) { $0 + JSONWriter.quotedSize($1.key) + 1 + $1.value.compactSize }
        }
    }
}

extension DivJSON {
    /// The length of `number` written in decimal, sign included, without writing it.
    static func decimalLength(_ number: Int) -> Int {
        var length = number < 0 ? 2 : 1
        var rest = number.magnitude
        while rest >= 10 {
            rest /= 10
            length += 1
        }
        return length
    }
}

/// Builds an object's members in order, skipping absent values.
struct DivObject {
    var members: [DivJSON.Member] = []

    init(type: String? = nil) {
        members.reserveCapacity(8)  // one allocation for a typical div, not 1, 2, 4, 8
        if let type { members.append(.init("type", .string(type))) }
    }

    mutating func add(_ key: String, _ value: DivJSON?) {
        if let value { members.append(.init(key, value)) }
    }

    mutating func add(_ key: String, _ text: String?) {
        add(key, text.map(DivJSON.string))
    }

    var json: DivJSON { .object(members) }
}
