/// The matcher: a trie of route shapes, searched in precedence order.
///
/// Nodes live in one array, so the trie is a value: copying a registry copies it
/// lazily, and a shared registry is read by many tasks without locks. Lookup cost
/// depends on the path's length, not on the number of routes.
struct RouteTrie: Sendable {
    struct Node: Sendable {
        /// Literal children, keyed by the (folded, when case-insensitive) decoded text.
        var literals: [String: Int] = [:]
        /// Typed-parameter children, in precedence order: int, uuid, double.
        var typed: [(type: ParameterType, child: Int)] = []
        /// The child for `:name` and `*`: both take any one segment at the same rank.
        var any: Int?
        /// Routes that end here, in registration order.
        var terminal: [Int] = []
        /// Routes that end here with `**`, in registration order.
        var catchAll: [Int] = []
        /// The literal key that leads here from the parent, for a literal child.
        var label: String = ""
        /// Suggestion index: each literal child under its one-deletion variants.
        var nearby = Suggestion.Index()
    }

    private(set) var nodes: [Node] = [Node()]
    let caseInsensitive: Bool

    init(caseInsensitive: Bool) {
        self.caseInsensitive = caseInsensitive
    }

    func key(_ literal: String) -> String {
        caseInsensitive ? literal.lowercased() : literal
    }

    /// Adds route number `id`; returns the ids already ending at the same node.
    mutating func insert(_ segments: [PatternSegment], id: Int) -> [Int] {
        var current = 0
        for segment in segments {
            switch segment {
            case .literal(let text):
                let key = key(text)
                if let next = nodes[current].literals[key] {
                    current = next
                } else {
                    let next = appendNode()
                    nodes[next].label = key
                    nodes[current].literals[key] = next
                    nodes[current].nearby.insert(key, child: next)
                    current = next
                }
            case .typed(_, let type):
                if let existing = nodes[current].typed.first(where: { $0.type == type }) {
                    current = existing.child
                } else {
                    let next = appendNode()
                    nodes[current].typed.append((type, next))
                    nodes[current].typed.sort { PatternSegment.typed("", $0.type).rank < PatternSegment.typed("", $1.type).rank }
                    current = next
                }
            case .parameter, .wildcard:
                if let next = nodes[current].any {
                    current = next
                } else {
                    let next = appendNode()
                    nodes[current].any = next
                    current = next
                }
            case .catchAll:
                let existing = nodes[current].catchAll
                nodes[current].catchAll.append(id)
                return existing
            }
        }
        let existing = nodes[current].terminal
        nodes[current].terminal.append(id)
        return existing
    }

    private mutating func appendNode() -> Int {
        nodes.append(Node())
        return nodes.count - 1
    }

    /// The first route, in precedence order, whose shape matches `segments` and that
    /// `accept` takes. Dead branches are abandoned whole: nothing is captured on the way
    /// down, so no parameter leaks from them.
    func firstMatch(_ segments: [String], accept: (Int) -> Bool) -> Int? {
        // Read the nodes in place: copying a node would retain and release each of its fields.
        nodes.withUnsafeBufferPointer { nodes in
            Self.search(nodes, node: 0, position: 0, segments, caseInsensitive, accept)
        }
    }

    private static func search(
        _ nodes: UnsafeBufferPointer<Node>, node index: Int, position: Int, _ segments: [String],
        _ caseInsensitive: Bool, _ accept: (Int) -> Bool
    ) -> Int? {
        guard position < segments.count else {
            if let id = nodes[index].terminal.first(where: accept) { return id }
            return nodes[index].catchAll.first(where: accept)
        }
        let segment = segments[position]
        if !nodes[index].literals.isEmpty,
            let child = nodes[index].literals[caseInsensitive ? segment.lowercased() : segment],
            let id = search(nodes, node: child, position: position + 1, segments, caseInsensitive, accept)
        {
            return id
        }
        if !nodes[index].typed.isEmpty {
            for (type, child) in nodes[index].typed where type.accepts(segment) {
                if let id = search(nodes, node: child, position: position + 1, segments, caseInsensitive, accept) {
                    return id
                }
            }
        }
        if let child = nodes[index].any,
            let id = search(nodes, node: child, position: position + 1, segments, caseInsensitive, accept)
        {
            return id
        }
        return nodes[index].catchAll.first(where: accept)
    }
}

extension RouteTrie {
    /// The routes ending at the node for this shape, or none when the shape is new.
    func routesEnding(at segments: [PatternSegment]) -> [Int] {
        var current = 0
        for segment in segments {
            let node = nodes[current]
            let next: Int?
            switch segment {
            case .literal(let text): next = node.literals[key(text)]
            case .typed(_, let type): next = node.typed.first { $0.type == type }?.child
            case .parameter, .wildcard: next = node.any
            case .catchAll: return node.catchAll
            }
            guard let next else { return [] }
            current = next
        }
        return nodes[current].terminal
    }
}
