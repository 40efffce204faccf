/// Every literal edge of a trie under its one-deletion variants (the literal itself and
/// each string made by deleting one of its characters), keyed by parent node and variant
/// hash: the did-you-mean search finds the literals one or two edits from a segment with a
/// handful of probes, however many routes there are.
///
/// One table for the whole trie, read in place through ``View``, so the search touches no
/// reference-counted storage. Open addressing (``PackedSlots``): entries of one key come
/// out in insertion order, which is the order ``Suggestion/forEachVariantHash(of:seed:_:)``
/// and registration give. A bit filter, eight bits an entry, answers most absent variants
/// without touching the table; a slot holds the child and the deleted character itself,
/// with a fingerprint of the hash, so walking a probe sequence reads nothing else. At ten
/// thousand routes the table is larger than the cache, and each further read would be a miss.
struct NearLiteralTable: Sendable {
    /// `fingerprint << 38 | (deleted + 1) << 32 | child` under each variant's hash, seeded
    /// with the parent (a child is never the root, so a slot in use is never 0).
    private(set) var table = PackedSlots()
    /// One bit per slot, set for every hash present (from the hash's high bits).
    private(set) var filter: [UInt64] = []

    /// Adds the literal edge `parent` → `child` labelled `key`.
    mutating func insert(parent: Int, key: String, child: Int) {
        var added: [UInt64] = []
        var doubled = false
        Suggestion.forEachVariantHash(of: key, seed: parent) { hash, deleted in
            let packed = (hash >> 38) << 38 | UInt64(deleted + 1) << 32 | UInt64(UInt32(truncatingIfNeeded: child))
            if table.insert(hash: hash, packed: packed) { doubled = true }
            added.append(hash)
        }
        if doubled {
            // Four filter bits a slot: eight an entry or more.
            filter = Array(repeating: 0, count: table.slots.count * 4 / 64)
            table.forEachHash { setFilterBit($0) }
        } else {
            for hash in added { setFilterBit(hash) }
        }
    }

    private mutating func setFilterBit(_ hash: UInt64) {
        let bit = Int(truncatingIfNeeded: hash >> 32) & (filter.count * 64 - 1)
        filter[bit >> 6] |= 1 << UInt64(bit & 63)
    }

    /// The table read in place (see ``RouteTrie/withView(_:)``).
    struct View {
        let slots: UnsafeBufferPointer<UInt64>
        let filter: UnsafeBufferPointer<UInt64>
        /// `slots.count - 1` and the filter's bit count - 1 (both powers of two), worked out
        /// once per lookup rather than for every variant probed.
        let slotMask: Int
        let filterMask: Int

        init(slots: UnsafeBufferPointer<UInt64>, filter: UnsafeBufferPointer<UInt64>) {
            self.slots = slots
            self.filter = filter
            slotMask = slots.count &- 1
            filterMask = filter.count &* 64 &- 1
        }

        /// Whether the filter lets `hash` through (false: no entry has it).
        @inline(__always)
        func mayContain(_ hash: UInt64) -> Bool {
            !slots.isEmpty && filterPasses(hash)
        }

        /// ``mayContain(_:)`` for a table known not to be empty (its filter has a word).
        @inline(__always)
        func filterPasses(_ hash: UInt64) -> Bool {
            let bit = Int(truncatingIfNeeded: hash >> 32) & filterMask
            return filter[bit &>> 6] & (1 &<< UInt64(bit & 63)) != 0
        }

        /// Calls `body(child, deleted)` for each literal child of `parent` indexed under
        /// `hash`, a hash the filter has let through, in insertion order. A child whose
        /// variant only shares the fingerprint may come too (about one probe in 2²⁶): the
        /// caller compares the strings anyway.
        @inline(__always)
        func forEachPassed(parent: Int, hash: UInt64, nodes: UnsafeBufferPointer<RouteTrie.Node>, _ body: (Int, Int) -> Void) {
            let fingerprint = hash >> 38
            var probe = PackedSlots.Probe(hash: hash, mask: slotMask)
            while case let packed = slots[probe.index], packed != 0 {
                if packed >> 38 == fingerprint {
                    let child = Int(UInt32(truncatingIfNeeded: packed))
                    if nodes[child].parent == Int32(truncatingIfNeeded: parent) {
                        body(child, Int((packed >> 32) & 63) &- 1)
                    }
                }
                probe.next()
            }
        }
    }
}
