/// The matcher: a trie of route shapes, searched in precedence order (routing rules 7–8).
///
/// Nodes live in one array and literal edges in one table, so the trie is a value:
/// copying a registry copies it lazily, and a shared registry is read by many tasks
/// without locks. A lookup costs about the same however many routes there are.
struct RouteTrie: Sendable {
    struct Node: Sendable {
        /// The node this one hangs from; -1 for the root.
        var parent: Int32 = -1
        /// The literal key that leads here from the parent (folded when case-insensitive),
        /// and its spelling, which a suggestion compares with a segment's.
        var label = ""
        var spelling: [UInt64] = []
        /// Bit `min(n, 63)` set for every literal child whose key has `n` characters: a
        /// suggestion looks for near literals only where the lengths allow one.
        var literalLengths: UInt64 = 0
        /// Typed-parameter children, in precedence order: int, uuid, double.
        var typed: [(type: ParameterType, child: Int32)] = []
        /// The child for `:name` and `*`, which take any one segment at the same rank; -1 for none.
        var anyChild: Int32 = -1
        /// Routes ending here, and routes ending here with `**`, in registration order.
        var terminals: [Int32] = []
        var catchAlls: [Int32] = []
        /// Bit `min(d, 63)` set when a route ends `d` segments below this node, or has its
        /// `**` there: what a suggestion below can cost at least (``RouteTrie/mayReach``).
        var terminalDepths: UInt64 = 0
        var catchAllDepths: UInt64 = 0

        var hasLiterals: Bool { literalLengths != 0 }
    }

    private(set) var nodes = [Node()]
    /// Every literal edge, filed by its parent and its key, and again under each
    /// one-deletion variant of its key for suggestions (``Spelling``).
    private(set) var literals = EdgeTable()
    let caseInsensitive: Bool

    init(caseInsensitive: Bool) {
        self.caseInsensitive = caseInsensitive
    }

    /// What a literal or a segment is compared as: folded when the trie is case-insensitive.
    func key(_ text: String) -> String {
        caseInsensitive ? text.lowercased() : text
    }

    /// Adds route number `id`.
    mutating func insert(_ segments: [PatternSegment], id: Int) {
        var current = 0
        var path = [0]
        for segment in segments {
            switch segment {
            case .literal(let text):
                current = literalChild(of: current, key: key(text)) ?? addLiteral(key(text), under: current)
            case .typed(_, let type):
                if let existing = nodes[current].typed.first(where: { $0.type == type }) {
                    current = Int(existing.child)
                } else {
                    let child = addNode(under: current)
                    nodes[current].typed.append((type, Int32(child)))
                    nodes[current].typed.sort { PatternSegment.typed("", $0.type).rank < PatternSegment.typed("", $1.type).rank }
                    current = child
                }
            case .parameter, .wildcard:
                if nodes[current].anyChild < 0 { nodes[current].anyChild = Int32(addNode(under: current)) }
                current = Int(nodes[current].anyChild)
            case .catchAll:
                nodes[current].catchAlls.append(Int32(id))
                for (depth, node) in path.reversed().enumerated() { nodes[node].catchAllDepths |= Self.bit(depth) }
                return
            }
            path.append(current)
        }
        nodes[current].terminals.append(Int32(id))
        for (depth, node) in path.reversed().enumerated() { nodes[node].terminalDepths |= Self.bit(depth) }
    }

    private mutating func addNode(under parent: Int) -> Int {
        nodes.append(Node(parent: Int32(parent)))
        return nodes.count - 1
    }

    private mutating func addLiteral(_ key: String, under parent: Int) -> Int {
        let child = addNode(under: parent)
        nodes[child].label = key
        let spelling = Spelling.units(key)
        nodes[child].spelling = spelling
        nodes[parent].literalLengths |= Self.bit(spelling.count)
        Spelling.forEachVariant(spelling.span, seed: parent) { hash, deleted in
            literals.insert(Spelling.pack(child: child, deleted: deleted), at: hash)
        }
        return child
    }

    /// The literal child of `node` whose key is `key` (equal as `String`s are, so U+212A
    /// KELVIN SIGN is `K`).
    func literalChild(of node: Int, key: String) -> Int? {
        guard nodes[node].hasLiterals else { return nil }
        let found = literals.first(at: Spelling.hash(of: key, seed: node)) { value in
            let (child, deleted) = Spelling.unpack(value)
            return deleted < 0 && nodes[child].parent == Int32(node) && nodes[child].label == key
        }
        return found.map { Spelling.unpack($0).child }
    }

    static func bit(_ value: Int) -> UInt64 {
        1 << UInt64(min(max(value, 0), 63))
    }

    // MARK: Matching

    /// The first route, in precedence order, whose shape matches `segments` and that
    /// `accept` takes. A dead branch is left whole: nothing is captured on the way down,
    /// so no parameter leaks from it.
    func firstMatch(_ segments: [String], accept: (Int) -> Bool) -> Int? {
        search(0, 0, segments, accept)
    }

    /// Whether no route can match `segments` because nothing at the root takes the first:
    /// no literal, typed, parameter or `**` child. (A `false` may still be a miss.) The
    /// usual unknown path is found out by one lookup, before any route is asked.
    func leadsNowhere(_ segments: [String]) -> Bool {
        guard let first = segments.first, nodes[0].typed.isEmpty, nodes[0].anyChild < 0, nodes[0].catchAlls.isEmpty
        else { return false }
        return literalChild(of: 0, key: key(first)) == nil
    }

    private func search(_ node: Int, _ position: Int, _ segments: [String], _ accept: (Int) -> Bool) -> Int? {
        guard position < segments.count else {
            return firstAccepted(nodes[node].terminals, accept) ?? firstAccepted(nodes[node].catchAlls, accept)
        }
        let segment = segments[position]
        if let child = literalChild(of: node, key: key(segment)), let id = search(child, position + 1, segments, accept) {
            return id
        }
        for (type, child) in nodes[node].typed where type.accepts(segment) {
            if let id = search(Int(child), position + 1, segments, accept) { return id }
        }
        if nodes[node].anyChild >= 0, let id = search(Int(nodes[node].anyChild), position + 1, segments, accept) {
            return id
        }
        return firstAccepted(nodes[node].catchAlls, accept)
    }

    private func firstAccepted(_ routes: [Int32], _ accept: (Int) -> Bool) -> Int? {
        routes.lazy.map(Int.init).first(where: accept)
    }

    /// The routes ending at the node of this shape: empty when the shape is new.
    func routesEnding(at segments: [PatternSegment]) -> [Int32] {
        var current = 0
        for segment in segments {
            let next: Int?
            switch segment {
            case .literal(let text): next = literalChild(of: current, key: key(text))
            case .typed(_, let type): next = nodes[current].typed.first { $0.type == type }.map { Int($0.child) }
            case .parameter, .wildcard: next = nodes[current].anyChild < 0 ? nil : Int(nodes[current].anyChild)
            case .catchAll: return nodes[current].catchAlls
            }
            guard let next else { return [] }
            current = next
        }
        return nodes[current].terminals
    }
}
