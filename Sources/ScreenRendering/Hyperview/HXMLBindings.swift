import ScreenRegistry

/// Bindings evaluated on the server: Hyperview has no client-side expressions, so a
/// binding is replaced by the value it names in the contexts in scope (a screen's or
/// container's context, a list's current item), as the screen would first show it.
///
/// Only paths are evaluated: `user.name`, `item.tags[0]`. A binding that names nothing
/// known (an operation such as `sum(a, b)`, a missing key) is written as empty text and
/// reported in the element's comment; no text from data is ever evaluated, since only
/// `BeagleExpression.Part.binding(_:)` parts, built by the screen's code, are read.
struct HXMLScope {
    private var frames: [(name: String, value: Node.Value)] = []
    /// The list items the document may still expand (``expandItem()``).
    private var itemsLeft = Self.maximumExpandedItems

    /// The most list items one document expands. A list in a list's template multiplies:
    /// lists of two items nested 40 deep, a few kilobytes of imported JSON, would
    /// write 2^40 items.
    static let maximumExpandedItems = 10_000

    /// Takes one item of the document's allowance; `false` once it is spent.
    mutating func expandItem() -> Bool {
        guard itemsLeft > 0 else { return false }
        itemsLeft -= 1
        return true
    }

    /// Makes `value` visible under `name` until the matching ``pop()``.
    mutating func push(_ name: String, _ value: Node.Value) {
        frames.append((name, value))
    }

    mutating func pop() {
        frames.removeLast()
    }

    /// A context node's id and value.
    static func context(_ value: Node.Value?) -> (name: String, value: Node.Value)? {
        guard case .node(let context)? = value, case .string(let id)? = context[property: "id"],
              let contextValue = context[property: "value"] else { return nil }
        return (id, contextValue)
    }

    /// A literal as it is; a binding evaluated in scope.
    func text(of value: Node.Value, unresolved: inout [String]) -> String? {
        switch value {
        case .string(let text): text
        case .expression(let expression): text(of: expression, unresolved: &unresolved)
        case .int, .double, .bool: XMLDialect.text(of: value)
        default: nil
        }
    }

    /// The text of `expression`, bindings replaced; those that named nothing are added to
    /// `unresolved` (`unresolved @{user.missing}`), for the element's comment.
    func text(of expression: BeagleExpression, unresolved: inout [String]) -> String {
        var text = ""
        for part in expression.parts {
            switch part {
            case .text(let literal):
                text += literal
            case .binding(let path):
                if let value = resolve(path), let scalar = Self.scalarText(value) {
                    text += scalar
                } else {
                    unresolved.append("unresolved @{" + path + "}")
                }
            }
        }
        return text
    }

    /// The value `path` names: its first segment is a name in scope (the innermost
    /// first), the rest object keys and list indices.
    func resolve(_ path: String) -> Node.Value? {
        guard let segments = Self.segments(path), let first = segments.first,
              case .key(let name) = first,
              var value = frames.last(where: { $0.name == name })?.value
        else { return nil }
        for segment in segments.dropFirst() {
            switch (segment, value) {
            case (.key(let key), .node(let object)):
                guard let next = object[property: key] else { return nil }
                value = next
            case (.index(let index), .list(let items)):
                guard items.indices.contains(index) else { return nil }
                value = items[index]
            default:
                return nil
            }
        }
        return value
    }

    private enum Segment {
        case key(String)
        case index(Int)
    }

    /// Whether `path` is a path the scope reads (`a.b[2].c`), not an operation.
    static func isPath(_ path: String) -> Bool {
        segments(path) != nil
    }

    /// `a.b[2].c` as keys and indices; `nil` for anything that is not such a path.
    private static func segments(_ path: String) -> [Segment]? {
        var segments: [Segment] = []
        for piece in path.split(separator: ".", omittingEmptySubsequences: false) {
            var rest = Substring(piece)
            let open = rest.firstIndex(of: "[") ?? rest.endIndex
            let key = rest[..<open]
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else { return nil }
            segments.append(.key(String(key)))
            rest = rest[open...]
            while !rest.isEmpty {
                guard rest.first == "[", let close = rest.firstIndex(of: "]"),
                      let index = Int(rest[rest.index(after: rest.startIndex)..<close]), index >= 0
                else { return nil }
                segments.append(.index(index))
                rest = rest[rest.index(after: close)...]
            }
        }
        return segments
    }

    static func scalarText(_ value: Node.Value) -> String? {
        switch value {
        case .string(let text): text
        case .int, .double, .bool: XMLDialect.text(of: value)
        default: nil
        }
    }
}

extension Properties {
    /// Takes the text named `name`: a literal, or bindings evaluated in `scope`; bindings
    /// that name nothing are added to `unresolved`.
    mutating func takeText(_ name: String, in scope: HXMLScope, _ unresolved: inout [String]) -> String? {
        take(name) { scope.text(of: $0, unresolved: &unresolved) }
    }
}
