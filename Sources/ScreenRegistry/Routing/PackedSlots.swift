/// The storage of ``LiteralTable`` and ``NearLiteralTable``: eight-byte slots, each a
/// value its owner packs (never 0, which marks a free slot), placed by a 64-bit hash with
/// triangular probing (``Probe``), a power of two at most half full.
///
/// Eight bytes a slot keeps the tables small enough for the cache at ten thousand routes;
/// the owners read ``slots`` in place and unpack what they stored.
struct PackedSlots: Sendable {
    /// What a slot is built from, kept to place every slot again when the table doubles.
    private struct Entry: Sendable {
        var hash: UInt64
        var packed: UInt64
    }

    /// In insertion order.
    private var entries: [Entry] = []
    /// 0 where free, else a packed value.
    private(set) var slots: [UInt64] = []

    /// Stores `packed` (not 0) under `hash`; returns whether the table doubled (and every
    /// slot moved).
    @discardableResult
    mutating func insert(hash: UInt64, packed: UInt64) -> Bool {
        let entry = Entry(hash: hash, packed: packed)
        entries.append(entry)
        guard entries.count * 2 > slots.count else {
            place(entry)
            return false
        }
        slots = Array(repeating: 0, count: max(16, slots.count * 2))
        for entry in entries { place(entry) }
        return true
    }

    /// Calls `body` with every hash stored, in insertion order.
    func forEachHash(_ body: (UInt64) -> Void) {
        for entry in entries { body(entry.hash) }
    }

    private mutating func place(_ entry: Entry) {
        var probe = Probe(hash: entry.hash, mask: slots.count - 1)
        while slots[probe.index] != 0 { probe.next() }
        slots[probe.index] = entry.packed
    }

    /// The slots a hash is looked for in, in order: its home slot, then steps of 1, 2,
    /// 3… (which visit every slot of a power-of-two table). Entries of one hash follow one
    /// sequence, so they come out in insertion order; unlike steps of 1, the sequences of
    /// nearby homes part at once, so many entries of one hash (a variant many literals
    /// share, like `r10` of `r100`…`r109`) do not lengthen the search for the others.
    struct Probe {
        private(set) var index: Int
        private var step = 0
        private let mask: Int

        @inline(__always)
        init(hash: UInt64, mask: Int) {
            index = Int(truncatingIfNeeded: hash) & mask
            self.mask = mask
        }

        @inline(__always)
        mutating func next() {
            step &+= 1
            index = (index &+ step) & mask
        }
    }
}
