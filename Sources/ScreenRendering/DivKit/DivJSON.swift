/// A JSON value of a DivKit card that the mapping makes whole (an action, a style's
/// border, a variable, a custom view's properties), with members in order, so output is
/// stable. The divs themselves are written as ``DivBytes``, which takes these in;
/// strings here are final (already escaped for DivKit's expressions).
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
            for member in members.firstOfEachName {
                writer.key(escaping: member.key)
                member.value.write(into: &writer)
            }
            writer.endObject()
        }
    }
}

extension DivJSON {
    /// The most members of an object whose names are compared pairwise, for a name given
    /// twice; past it, a set: comparing pairwise is quadratic.
    static let mostNamesComparedPairwise = 16
}

extension [DivJSON.Member] {
    /// The members with each name once, the first of a name kept, as `Node[property:]`
    /// reads a node: an object that names a member twice leaves the client to pick one.
    /// A node may hold a name twice, or a property named `type` beside its own type.
    var firstOfEachName: [DivJSON.Member] {
        guard count > 1 else { return self }
        // Compared pairwise for the usual small object; a set for a large one.
        if count <= DivJSON.mostNamesComparedPairwise {
            guard indices.contains(where: { index in self[..<index].contains { $0.key == self[index].key } }) else { return self }
            var kept: [DivJSON.Member] = []
            for member in self where !kept.contains(where: { $0.key == member.key }) { kept.append(member) }
            return kept
        }
        var seen = Set<String>()
        return filter { seen.insert($0.key).inserted }
    }
}
