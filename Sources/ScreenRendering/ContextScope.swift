import ScreenRegistry

/// The contexts in scope where a renderer is in the tree: a screen's or container's
/// context, a list's current item. A binding's path (`user.name`, `item.tags[0]`) names a
/// value in them: its first segment a name in scope (the innermost first), the rest
/// object keys and list indices.
///
/// Hyperview's mapping evaluates bindings with it, DivKit's chooses the typed getter that
/// reads a path; both read only paths, never an operation such as `sum(a, b)`.
struct ContextScope {
    /// A name in scope, with its value when the renderer knows it (a list's items bound to
    /// data a client fetches are known only to the client).
    private var frames: [(name: String, value: Node.Value?)] = []

    /// Makes `value` visible under `name` until the matching ``pop()``.
    mutating func push(_ name: String, _ value: Node.Value?) {
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

    /// Whether `name`, whole, is in scope: a name with a dot is one name to DivKit.
    func contains(_ name: String) -> Bool {
        frames.contains { $0.name == name }
    }

    /// The value `path` names, when it is a path and the scope knows it.
    func resolve(_ path: String) -> Node.Value? {
        Self.segments(path).flatMap { resolve($0) }
    }

    /// The value `segments` name: a name in scope, then keys and indices into it.
    func resolve(_ segments: some Collection<Segment>) -> Node.Value? {
        guard case .key(let name)? = segments.first,
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

    /// A step of a path: an object's key or a list's index.
    enum Segment: Equatable {
        case key(String)
        case index(Int)
    }

    /// Whether `path` is a path the scope reads (`a.b[2].c`), not an operation.
    static func isPath(_ path: String) -> Bool {
        segments(path) != nil
    }

    /// `a.b[2].c` as keys and indices; `nil` for anything that is not such a path. A key
    /// is letters, digits, `_` and `-`, so it never holds a quote or a backslash.
    static func segments(_ path: String) -> [Segment]? {
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
}
