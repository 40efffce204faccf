/// The trie's edges in one open-addressing table: 32-bit values filed under 64-bit hashes,
/// several values a hash, found in the order they were filed.
///
/// A slot is one word (`fingerprint << 32 | value`, 0 when free), so that at ten thousand
/// routes the table stays small enough for the cache; values are never 0. The fingerprint,
/// the hash's high half, settles most probes without asking the owner, which then compares
/// the keys themselves. The trie files each literal edge by parent and label, and again
/// by parent and each one-deletion variant of its label, for suggestions.
struct EdgeTable: Sendable {
    /// Every `(hash, value)` filed, in order: a larger table is filled again from it.
    private var filed: [(hash: UInt64, value: UInt32)] = []
    private var slots: [UInt64] = []

    /// Files `value` (not 0) under `hash`.
    mutating func insert(_ value: UInt32, at hash: UInt64) {
        filed.append((hash, value))
        // At most half full: probe sequences stay short.
        guard filed.count * 2 > slots.count else { return place(hash, value) }
        slots = Array(repeating: 0, count: max(16, slots.count * 2))
        for entry in filed { place(entry.hash, entry.value) }
    }

    /// The first value filed under `hash` that `isWanted` takes.
    func first(at hash: UInt64, where isWanted: (UInt32) -> Bool) -> UInt32? {
        var found: UInt32?
        forEach(at: hash) { value in
            if isWanted(value) { found = value }
            return found == nil
        }
        return found
    }

    /// Calls `body` with each value filed under `hash` (or, rarely, under another hash of
    /// the same fingerprint), in filing order, until it returns `false`.
    func forEach(at hash: UInt64, _ body: (UInt32) -> Bool) {
        guard !slots.isEmpty else { return }
        let fingerprint = hash >> 32
        var probe = Probe(hash: hash, count: slots.count)
        while slots[probe.index] != 0 {
            let slot = slots[probe.index]
            if slot >> 32 == fingerprint, !body(UInt32(truncatingIfNeeded: slot)) { return }
            probe.next()
        }
    }

    private mutating func place(_ hash: UInt64, _ value: UInt32) {
        var probe = Probe(hash: hash, count: slots.count)
        while slots[probe.index] != 0 { probe.next() }
        slots[probe.index] = (hash >> 32) << 32 | UInt64(value)
    }

    /// The slots a hash is looked for in: its home slot, then steps of 1, 2, 3… (which
    /// visit every slot of a power-of-two table). Values of one hash follow one sequence,
    /// so they come out in filing order; unlike steps of 1, sequences from nearby homes
    /// part at once, so a variant many literals share does not slow the search for others.
    private struct Probe {
        private(set) var index: Int
        private var step = 0
        private let mask: Int

        init(hash: UInt64, count: Int) {
            mask = count - 1
            index = Int(truncatingIfNeeded: hash) & mask
        }

        mutating func next() {
            step += 1
            index = (index + step) & mask
        }
    }
}
