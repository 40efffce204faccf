/// Every literal edge of a trie under its one-deletion variants (the literal itself and
/// each string made by deleting one of its characters), keyed by parent node and variant
/// hash: the did-you-mean search finds the literals one or two edits from a segment with a
/// handful of probes, however many routes there are.
///
/// One table for the whole trie, read in place through ``View``, so the search touches no
/// reference-counted storage. Open addressing with linear probing: entries of one key come
/// out in insertion order, which is the order ``Suggestion/forEachVariantHash(of:seed:_:)``
/// and registration give. A bit filter, eight bits an entry, answers most absent variants
/// without touching the table, so a miss stays in cache at ten thousand routes.
struct NearLiteralTable: Sendable {
    struct Entry: Sendable {
        /// The variant's hash, seeded with the parent.
        var hash: UInt64
        var parent: Int32
        /// The literal child's node.
        var child: Int32
        /// The deleted character, or -1 for the literal itself.
        var deleted: Int32
    }

    /// In insertion order.
    private(set) var entries: [Entry] = []
    /// Indices into `entries`, or -1 where free; a power of two, at most half full.
    private(set) var slots: [Int32] = []
    /// One bit per slot, set for every hash present (from the hash's high bits).
    private(set) var filter: [UInt64] = []

    /// Adds the literal edge `parent` → `child` labelled `key`.
    mutating func insert(parent: Int, key: String, child: Int) {
        let first = entries.count
        Suggestion.forEachVariantHash(of: key, seed: parent) { hash, deleted in
            entries.append(Entry(hash: hash, parent: Int32(parent), child: Int32(child), deleted: Int32(deleted)))
        }
        if entries.count * 2 > slots.count {
            var size = max(16, slots.count)
            while entries.count * 2 > size { size *= 2 }
            slots = Array(repeating: -1, count: size)
            filter = Array(repeating: 0, count: size * 4 / 64)
            for index in entries.indices { place(index) }
        } else {
            for index in first..<entries.count { place(index) }
        }
    }

    private mutating func place(_ index: Int) {
        let hash = entries[index].hash
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(index)
        let bit = Self.filterBit(hash, bits: filter.count * 64)
        filter[bit >> 6] |= 1 << UInt64(bit & 63)
    }

    @inline(__always)
    fileprivate static func filterBit(_ hash: UInt64, bits: Int) -> Int {
        Int(truncatingIfNeeded: hash >> 32) & (bits - 1)
    }

    /// The table read in place (see ``RouteTrie/withView(_:)``).
    struct View {
        let entries: UnsafeBufferPointer<Entry>
        let slots: UnsafeBufferPointer<Int32>
        let filter: UnsafeBufferPointer<UInt64>
        /// `slots.count - 1` and the filter's bit count - 1 (both powers of two), worked out
        /// once per lookup rather than for every variant probed.
        let slotMask: Int
        let filterMask: Int

        init(entries: UnsafeBufferPointer<Entry>, slots: UnsafeBufferPointer<Int32>, filter: UnsafeBufferPointer<UInt64>) {
            self.entries = entries
            self.slots = slots
            self.filter = filter
            slotMask = slots.count &- 1
            filterMask = filter.count &* 64 &- 1
        }

        /// Calls `body` with each entry under `parent` whose hash is `hash`, in insertion order.
        @inline(__always)
        func forEach(parent: Int, hash: UInt64, _ body: (Entry) -> Void) {
            guard slotMask >= 0 else { return }
            let bit = Int(truncatingIfNeeded: hash >> 32) & filterMask
            guard filter[bit &>> 6] & (1 &<< UInt64(bit & 63)) != 0 else { return }
            var slot = Int(truncatingIfNeeded: hash) & slotMask
            while case let index = slots[slot], index >= 0 {
                let entry = entries[Int(index)]
                if entry.hash == hash && entry.parent == Int32(truncatingIfNeeded: parent) { body(entry) }
                slot = (slot &+ 1) & slotMask
            }
        }
    }
}
