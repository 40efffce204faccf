/// Values by node type name, read for every component and action of every fitted screen.
///
/// A `Dictionary` would hash each name with SipHash, which is built to withstand chosen
/// keys and costs more than the rest of a node's decision. This table is filled once, when
/// the capabilities are made, and never grows, so a name from outside (a custom type in
/// an imported document) can only be looked up: it can make no chain longer. A cheap hash
/// of the name's bytes (FNV-1a) into a flat array at most half full is enough.
struct TypeTable<Value> {
    private let slots: [Slot?]

    fileprivate struct Slot {
        var name: String
        /// Whether `name` is all ASCII, as every type of the capability data is.
        var isASCII: Bool
        var value: Value
    }

    /// A table of `entries`; of two entries with the same name, the first is kept.
    init(_ entries: [(name: String, value: Value)]) {
        var count = 8
        while count < entries.count * 2 { count *= 2 }
        var slots = [Slot?](repeating: nil, count: count)
        for entry in entries {
            var slot = Self.hash(entry.name) & (count - 1)
            while let taken = slots[slot] {
                if Self.same(taken, entry.name) { break }
                slot = (slot + 1) & (count - 1)
            }
            if slots[slot] == nil {
                slots[slot] = Slot(name: entry.name, isASCII: entry.name.utf8.allSatisfy { $0 < 0x80 }, value: entry.value)
            }
        }
        self.slots = slots
    }

    /// How many slots the table has, a power of two; the tests place names by it.
    var slotCount: Int { slots.count }

    /// The value for `name`, or `nil` when the table has none.
    subscript(name: String) -> Value? {
        var slot = Self.hash(name) & (slots.count - 1)
        while let entry = slots[slot] {
            if Self.same(entry, name) { return entry.value }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    /// Whether `name` is the slot's, byte for byte. `==` alone also holds for text that
    /// Unicode writes in two ways (the Kelvin sign and `K`; two accents in either order):
    /// such a name is not the listed type, as a client that compares bytes would not take
    /// it for one. Another way of writing ASCII text always has more bytes, and `==`
    /// compares two ASCII strings byte for byte, so for a listed ASCII name the cheap `==`
    /// after the counts is exact.
    private static func same(_ slot: Slot, _ name: String) -> Bool {
        slot.name.utf8.count == name.utf8.count
            && (slot.isASCII ? slot.name == name : slot.name.utf8.elementsEqual(name.utf8))
    }

    /// FNV-1a over the name's UTF-8 bytes, read in place (a Swift string's are contiguous;
    /// a bridged one's are read one by one). Internal for the tests, which place names by it.
    static func hash(_ name: String) -> Int {
        name.utf8.withContiguousStorageIfAvailable(hash) ?? hash(name.utf8)
    }

    private static func hash(_ bytes: some Sequence<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}

extension TypeTable: Sendable where Value: Sendable {}
extension TypeTable.Slot: Sendable where Value: Sendable {}
