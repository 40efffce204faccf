/// The matcher: a trie of route shapes, searched in precedence order.
///
/// Nodes live in one array, so the trie is a value: copying a registry copies it
/// lazily, and a shared registry is read by many tasks without locks. Lookup cost
/// depends on the path's length, not on the number of routes.
struct RouteTrie: Sendable {
    /// What every lookup reads of a node, in 64 bytes: a search visits a node by reading
    /// this, and reads its ``Branches`` only for the kinds of child it has. At ten thousand
    /// routes the nodes are far larger than the cache, and each line read is a likely miss:
    /// what a match reads comes first (the literal table's parent and key checks, then the
    /// kinds of child, whether more than one route ends here), in 45 bytes, and the depths
    /// only the suggestion reads come last.
    struct Node: Sendable {
        /// The node this one hangs from; -1 for the root.
        var parent: Int32 = -1
        /// Where the literal key that leads here is in the literal table's bytes when it is
        /// ASCII; -1 otherwise.
        var labelStart: Int32 = -1
        var labelCount: Int32 = 0
        /// The child for `:name` and `*` (both take any one segment at the same rank); -1 for none.
        var anyChild: Int32 = -1
        /// The first eight bytes of an ASCII key as a word (`word(from:count:)`): a key of at
        /// most eight bytes is compared with it, without reading the literal table's bytes,
        /// another likely miss.
        var labelWord: UInt64 = 0
        /// The first route ending here and the first ending here with `**`, or -1 (the
        /// suggestion wants no more; a match reads the lists in ``Branches`` only when
        /// ``severalTerminals`` or ``severalCatchAlls`` says there are more).
        var firstTerminal: Int32 = -1
        var firstCatchAll: Int32 = -1
        /// Bit `min(n, 63)` set for every literal key of `n` characters (suggestion filter).
        var literalLengths: UInt64 = 0
        /// Whether every literal key here is ASCII: then an ASCII segment is looked up
        /// in ``literalTable`` by its bytes (ASCII strings are equal exactly when their
        /// bytes are), anything else in ``Branches/literals``.
        var asciiKeys = true
        /// Whether the label is printable ASCII: then the suggestion search compares its bytes
        /// (other ASCII, such as CR LF, may join bytes into one `Character`).
        var labelPrintable = false
        var hasTyped = false
        /// Whether more than one route ends here (with `**`): only then does a match read the
        /// list in ``Branches``, a read that costs two cache lines at ten thousand routes.
        var severalTerminals = false
        var severalCatchAlls = false
        /// Bit `min(d, 63)` set when a route ends `d` segments below this node
        /// (`terminalDepths`) or has its `**` there (`catchAllDepths`): a lower bound on
        /// the edits any suggestion below needs (see `mayReach`).
        var terminalDepths: UInt64 = 0
        var catchAllDepths: UInt64 = 0

        /// The child for `:name` and `*`, if any.
        var any: Int? { anyChild >= 0 ? Int(anyChild) : nil }
        /// Whether the node has a literal child (a literal key has at least one character).
        var hasLiterals: Bool { literalLengths != 0 }
    }

    /// The rest of a node, read when a search needs it.
    struct Branches: Sendable {
        /// Literal children, keyed by the (folded, when case-insensitive) decoded text.
        var literals: [String: Int] = [:]
        /// Typed-parameter children, in precedence order: int, uuid, double.
        var typed: [(type: ParameterType, child: Int)] = []
        /// Routes that end here, in registration order.
        var terminal: [Int] = []
        /// Routes that end here with `**`, in registration order.
        var catchAll: [Int] = []
        /// The literal key that leads here from the parent, for a literal child.
        var label: String = ""
    }

    private(set) var nodes: [Node] = [Node()]
    /// The rest of each node, at the same index.
    private(set) var branches: [Branches] = [Branches()]
    /// Every ASCII-keyed literal edge, by parent and key bytes.
    private(set) var literalTable = LiteralTable()
    /// Every literal edge under its one-deletion variants, for suggestions.
    private(set) var nearLiterals = NearLiteralTable()
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
        var path = [0]
        defer {
            // Record how far below each node on the way this route ends.
            let end = path.count - 1
            let catchAll = segments.last == .catchAll
            for (depth, node) in path.enumerated() {
                let bit = Self.depthBit(end - depth)
                if catchAll { nodes[node].catchAllDepths |= bit } else { nodes[node].terminalDepths |= bit }
            }
        }
        for segment in segments {
            switch segment {
            case .literal(let text):
                let key = key(text)
                if let next = branches[current].literals[key] {
                    current = next
                } else {
                    let next = appendNode(under: current)
                    branches[next].label = key
                    branches[current].literals[key] = next
                    nearLiterals.insert(parent: current, key: key, child: next)
                    nodes[current].literalLengths |= Self.depthBit(key.count)
                    if Self.isASCII(key) {
                        let start = literalTable.insert(parent: current, key: key, child: next)
                        nodes[next].labelStart = Int32(start)
                        nodes[next].labelCount = Int32(key.utf8.count)
                        nodes[next].labelWord = Array(key.utf8.prefix(8)).withUnsafeBufferPointer {
                            $0.word(from: 0, count: $0.count)
                        }
                        nodes[next].labelPrintable = key.utf8.allSatisfy { (0x20..<0x7F).contains($0) }
                    } else {
                        nodes[current].asciiKeys = false
                    }
                    current = next
                }
            case .typed(_, let type):
                if let existing = branches[current].typed.first(where: { $0.type == type }) {
                    current = existing.child
                } else {
                    let next = appendNode(under: current)
                    branches[current].typed.append((type, next))
                    branches[current].typed.sort {
                        PatternSegment.typed("", $0.type).rank < PatternSegment.typed("", $1.type).rank
                    }
                    nodes[current].hasTyped = true
                    current = next
                }
            case .parameter, .wildcard:
                if let next = nodes[current].any {
                    current = next
                } else {
                    let next = appendNode(under: current)
                    nodes[current].anyChild = Int32(next)
                    current = next
                }
            case .catchAll:
                let existing = branches[current].catchAll
                branches[current].catchAll.append(id)
                if existing.isEmpty {
                    nodes[current].firstCatchAll = Int32(id)
                } else {
                    nodes[current].severalCatchAlls = true
                }
                return existing
            }
            path.append(current)
        }
        let existing = branches[current].terminal
        branches[current].terminal.append(id)
        if existing.isEmpty {
            nodes[current].firstTerminal = Int32(id)
        } else {
            nodes[current].severalTerminals = true
        }
        return existing
    }

    private mutating func appendNode(under parent: Int) -> Int {
        var node = Node()
        node.parent = Int32(parent)
        nodes.append(node)
        branches.append(Branches())
        return nodes.count - 1
    }

    /// The first route, in precedence order, whose shape matches `keys` and that `accept`
    /// takes. Dead branches are abandoned whole: nothing is captured on the way down, so
    /// no parameter leaks from them.
    static func firstMatch(_ view: View, _ keys: SegmentKeys, accept: (Int) -> Bool) -> Int? {
        search(view, node: 0, position: 0, keys, accept)
    }

    /// Whether no route can match `keys` because the root has nothing for their first
    /// segment: no literal child for it, no typed, parameter, wildcard or `**` child. (A
    /// `false` may still be a miss; `firstMatch` decides.)
    @inline(__always)
    static func leadsNowhere(_ view: View, _ keys: SegmentKeys) -> Bool {
        guard keys.count > 0 else { return false }
        // Fields read in place: a copy of the node would retain each of them.
        let nodes = view.nodes
        guard !nodes[0].hasTyped, nodes[0].anyChild < 0, nodes[0].firstCatchAll < 0 else { return false }
        return !nodes[0].hasLiterals || literalChild(view, 0, keys, 0) == nil
    }

    private static func search(
        _ view: View, node index: Int, position: Int, _ keys: SegmentKeys, _ accept: (Int) -> Bool
    ) -> Int? {
        let nodes = view.nodes, branches = view.branches
        guard position < keys.count else {
            if let id = routeEnding(at: index, catchAll: false, view, accept) { return id }
            return routeEnding(at: index, catchAll: true, view, accept)
        }
        if nodes[index].hasLiterals,
            let child = literalChild(view, index, keys, position),
            let id = search(view, node: child, position: position + 1, keys, accept)
        {
            return id
        }
        if nodes[index].hasTyped {
            let segment = keys.string(at: position)
            for (type, child) in branches[index].typed where type.accepts(segment) {
                if let id = search(view, node: child, position: position + 1, keys, accept) {
                    return id
                }
            }
        }
        if let child = nodes[index].any,
            let id = search(view, node: child, position: position + 1, keys, accept)
        {
            return id
        }
        return routeEnding(at: index, catchAll: true, view, accept)
    }

    /// The first route ending at `index` (with `**` when `catchAll`) that `accept` takes.
    /// The list in ``Branches`` is read only when it holds more than one route: most hold
    /// one, which the node has, and the list costs two cache lines at ten thousand routes.
    @inline(__always)
    private static func routeEnding(at index: Int, catchAll: Bool, _ view: View, _ accept: (Int) -> Bool) -> Int? {
        let first = catchAll ? view.nodes[index].firstCatchAll : view.nodes[index].firstTerminal
        guard first >= 0 else { return nil }
        guard catchAll ? view.nodes[index].severalCatchAlls : view.nodes[index].severalTerminals else {
            return CollectionOfOne(Int(first)).first(where: accept)
        }
        return catchAll
            ? view.branches[index].catchAll.first(where: accept) : view.branches[index].terminal.first(where: accept)
    }

    /// The trie read in place: copying a node, or the trie, would retain and release each
    /// of its fields.
    struct View {
        var nodes: UnsafeBufferPointer<Node>
        var branches: UnsafeBufferPointer<Branches>
        var literals: LiteralTable.View
        var near: NearLiteralTable.View
        var caseInsensitive: Bool
    }

    /// Calls `body` with the trie read in place (once per lookup, for the match and the
    /// suggestion). The arrays are borrowed from `self`, not copied out: a copy retains
    /// and releases each of them.
    @inline(__always)
    func withView<R>(_ body: (View) -> R) -> R {
        nodes.withUnsafeBufferPointer { nodes in
            branches.withUnsafeBufferPointer { branches in
                literalTable.table.slots.withUnsafeBufferPointer { slots in
                    literalTable.bytes.withUnsafeBufferPointer { bytes in
                        nearLiterals.table.slots.withUnsafeBufferPointer { nearSlots in
                            nearLiterals.filter.withUnsafeBufferPointer { filter in
                                body(View(
                                    nodes: nodes, branches: branches,
                                    literals: LiteralTable.View(slots: slots, bytes: bytes),
                                    near: NearLiteralTable.View(slots: nearSlots, filter: filter),
                                    caseInsensitive: caseInsensitive))
                            }
                        }
                    }
                }
            }
        }
    }

    /// The literal child of `index` for segment `position`, as `literals[key(segment)]`
    /// would find it.
    @inline(__always)
    static func literalChild(_ view: View, _ index: Int, _ keys: SegmentKeys, _ position: Int) -> Int? {
        let hash = keys.hash(at: position)
        if hash != 0 && view.nodes[index].asciiKeys {
            return view.literals.find(
                parent: index, hash: hash, keys, position, folding: view.caseInsensitive, nodes: view.nodes)
        }
        let segment = keys.string(at: position)
        return view.branches[index].literals[view.caseInsensitive ? segment.lowercased() : segment]
    }

    @inline(__always)
    static func depthBit(_ depth: Int) -> UInt64 {
        1 << UInt64(min(max(depth, 0), 63))
    }

    static func isASCII(_ string: String) -> Bool {
        string.utf8.allSatisfy { $0 < 0x80 }
    }

    /// Whether some route at or below a node (where routes end at `terminals` and `**` at
    /// `catchAlls` depths) could end up the suggestion, reached with
    /// `remaining` path segments left: `visit` more edits may be spent on the way down (the
    /// search goes no further), and a route taken must cost at most `win` more than now
    /// (it must beat the best so far; `win >= visit`). Each segment too many or too few costs
    /// an edit, so a route ending `d` below costs at least `|remaining - d|` more and is
    /// reached for at least `max(0, d - remaining)`; a `**` `d` below costs and is reached
    /// for `max(0, d - remaining)`. A `false` is exact; a `true` may not be.
    @inline(__always)
    static func mayReach(
        terminals: UInt64, catchAlls: UInt64, remaining: Int, visit: Int, win: Int
    ) -> Bool {
        // Depths and edits are small, and `win` at most `Int.max`: nothing here can overflow.
        guard visit >= 0 else { return false }
        let low = max(0, remaining &- win), high = remaining &+ visit
        let top: UInt64 = high >= 63 ? 1 << 63 : 0
        let upTo: UInt64 = high >= 62 ? (1 << 63) - 1 : (1 &<< UInt64(high &+ 1)) &- 1
        let from: UInt64 = low > 62 ? 0 : ~((1 &<< UInt64(low)) &- 1)
        return terminals & ((upTo & from) | top) != 0 || catchAlls & (upTo | top) != 0
    }
}

/// The literal edges of a trie in one open-addressing table, keyed by the parent node
/// and the key's bytes: one multiply-and-mix hash over eight bytes at a time and one
/// comparison, where a `[String: Int]` per node hashes with SipHash and compares as
/// Unicode. Only ASCII keys go here.
///
/// A slot is eight bytes, the child and a fingerprint of the hash; the parent and the key
/// are read from the child's node only when the fingerprint agrees. At ten thousand routes
/// the table then stays in the second-level cache, and a miss reads one slot or two.
struct LiteralTable: Sendable {
    /// `fingerprint << 32 | child` under each edge's hash (a child is never the root, so
    /// a slot in use is never 0).
    private(set) var table = PackedSlots()
    /// The keys' bytes, one after another (a node's ``RouteTrie/Node/labelStart``).
    private(set) var bytes: [UInt8] = []

    /// Adds the edge and returns where its key's bytes start in ``bytes``.
    @discardableResult
    mutating func insert(parent: Int, key: String, child: Int) -> Int {
        let offset = bytes.count
        bytes.append(contentsOf: key.utf8)
        let hash = Self.mix(Self.hash(key, folding: false), parent: parent)
        table.insert(hash: hash, packed: (hash >> 32) << 32 | UInt64(UInt32(truncatingIfNeeded: child)))
        return offset
    }

    struct View {
        var slots: UnsafeBufferPointer<UInt64>
        var bytes: UnsafeBufferPointer<UInt8>

        /// The child under `parent` whose key is segment `position` of `keys` (ASCII, hashed
        /// as `hash`), folding ASCII capitals when `folding`.
        @inline(__always)
        func find(
            parent: Int, hash segmentHash: UInt64, _ keys: SegmentKeys, _ position: Int, folding: Bool,
            nodes: UnsafeBufferPointer<RouteTrie.Node>
        ) -> Int? {
            guard !slots.isEmpty else { return nil }
            let hash = LiteralTable.mix(segmentHash, parent: parent)
            let fingerprint = hash >> 32
            var probe = PackedSlots.Probe(hash: hash, mask: slots.count &- 1)
            while case let packed = slots[probe.index], packed != 0 {
                if packed >> 32 == fingerprint {
                    let child = Int(UInt32(truncatingIfNeeded: packed))
                    if nodes[child].parent == Int32(truncatingIfNeeded: parent),
                        equal(nodes, child, keys, position, folding: folding)
                    {
                        return child
                    }
                }
                probe.next()
            }
            return nil
        }

        /// Whether the key of node `child` is segment `position` of `keys`.
        @inline(__always)
        private func equal(
            _ nodes: UnsafeBufferPointer<RouteTrie.Node>, _ child: Int, _ keys: SegmentKeys, _ position: Int,
            folding: Bool
        ) -> Bool {
            let start = Int(nodes[child].labelStart), count = Int(nodes[child].labelCount)
            guard start >= 0, count == keys.count(at: position) else { return false }
            if count <= 8 {
                let word = keys.word(at: position)
                return (folding ? LiteralTable.foldWord(word) : word) == nodes[child].labelWord
            }
            let segment = keys.bytes(at: position)
            let key = UnsafeBufferPointer(rebasing: bytes[start..<(start + count)])
            // Two loops, so that the usual one (no folding) is a load and a compare a byte.
            guard folding else {
                for index in 0..<segment.count where segment[index] != key[index] { return false }
                return true
            }
            for index in 0..<segment.count where LiteralTable.fold(segment[index]) != key[index] { return false }
            return true
        }
    }

    @inline(__always)
    static func fold(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    /// The hash of `string`'s bytes (ASCII capitals folded when `folding`), never 0; 0 when
    /// `string` is not ASCII.
    static func hash(_ string: String, folding: Bool) -> UInt64 {
        if let hash = string.utf8.withContiguousStorageIfAvailable({ hash($0, folding: folding) }) { return hash }
        return Array(string.utf8).withUnsafeBufferPointer { hash($0, folding: folding) }
    }

    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, folding: Bool) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0x2545_F491_4F6C_DD1D }
        return hash(base, count: bytes.count, readable: bytes.count, folding: folding)
    }

    /// The hash of segment `start..<end` of `buffer`, as ``hash(_:folding:)`` gives it, with
    /// the rest of the buffer around it readable for its last partial word.
    @inline(__always)
    static func hash(in buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, folding: Bool) -> UInt64 {
        guard let base = buffer.baseAddress else { return 0x2545_F491_4F6C_DD1D }
        return hash(base + start, count: end - start, readable: buffer.count - start, before: start, folding: folding)
    }

    /// `count` bytes at `base`, of which `readable` (at least `count`) may be read, with
    /// `before` more readable bytes just before `base`.
    @inline(__always)
    private static func hash(
        _ base: UnsafePointer<UInt8>, count: Int, readable: Int, before: Int = 0, folding: Bool
    ) -> UInt64 {
        let raw = UnsafeRawPointer(base)
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(count)
        var high: UInt64 = 0
        var index = 0
        while index + 8 <= count {
            var word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            high |= word
            if folding { word = foldWord(word) }
            h = (h ^ word) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 31
            index += 8
        }
        if index < count {
            // The remaining bytes, first byte lowest.
            // In one load, also when the key ends the buffer (a path's last segment does).
            let readableBytes = UnsafeBufferPointer(start: base - before, count: before &+ readable)
            let word = readableBytes.loadedWord(from: before &+ index, count: count &- index)
            high |= word
            h = (h ^ (folding ? foldWord(word) : word)) &* 0x94D0_49BB_1331_11EB
            h ^= h >> 29
        }
        guard high & 0x8080_8080_8080_8080 == 0 else { return 0 }
        return h | 1
    }

    /// ASCII capitals to small letters in eight ASCII bytes at once.
    @inline(__always)
    static func foldWord(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let atLeastA = word &+ ones &* (0x80 - 0x41)
        let aboveZ = word &+ ones &* (0x80 - 0x5B)
        let capitals = atLeastA & ~aboveZ & (ones &* 0x80)
        return word | (capitals >> 2)
    }

    @inline(__always)
    static func mix(_ hash: UInt64, parent: Int) -> UInt64 {
        var h = hash ^ (UInt64(truncatingIfNeeded: parent) &* 0xD6E8_FEB8_6659_FD93)
        h ^= h >> 32
        h = h &* 0xD6E8_FEB8_6659_FD93
        h ^= h >> 32
        return h | 1
    }
}

extension RouteTrie {
    /// The routes ending at the node for this shape, or none when the shape is new.
    func routesEnding(at segments: [PatternSegment]) -> [Int] {
        var current = 0
        for segment in segments {
            let node = branches[current]
            let next: Int?
            switch segment {
            case .literal(let text): next = node.literals[key(text)]
            case .typed(_, let type): next = node.typed.first { $0.type == type }?.child
            case .parameter, .wildcard: next = nodes[current].any
            case .catchAll: return node.catchAll
            }
            guard let next else { return [] }
            current = next
        }
        return branches[current].terminal
    }
}
