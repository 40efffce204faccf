/// The storage of ``LiteralTable`` and ``NearLiteralTable``: eight-byte slots, each a
/// value its owner packs (never 0, which marks a free slot), placed by a 64-bit hash with
/// linear probing, a power of two at most half full.
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
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: entry.hash) & mask
        while slots[index] != 0 { index = (index + 1) & mask }
        slots[index] = entry.packed
    }
}
