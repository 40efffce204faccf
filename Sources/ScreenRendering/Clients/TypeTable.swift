/// Values by node type name, read for every component and action of every fitted screen.
///
/// A `Dictionary` would hash each name with SipHash, which is built to withstand chosen
/// keys and costs more than the rest of a node's decision. This table is filled once from
/// the capability data, in code, and never grows, so a name from outside (a custom type
/// in an imported document) can only be looked up: it can make no chain longer. So a
/// cheap hash of the name's bytes (FNV-1a) does, into a flat array at most half full.
struct TypeTable<Value> {
    private var slots: [Slot?]
    /// `slots.count - 1`; the count is a power of two.
    private let mask: Int

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
        slots = Array(repeating: nil, count: count)
        mask = count - 1
        for entry in entries where self[entry.name] == nil {
            var slot = Self.hash(entry.name) & mask
            while slots[slot] != nil { slot = (slot + 1) & mask }
            slots[slot] = Slot(name: entry.name, isASCII: entry.name.utf8.allSatisfy { $0 < 0x80 }, value: entry.value)
        }
    }

    /// The value for `name`, or `nil` when the table has none. Names are the same when
    /// their bytes are: `==` alone also holds for text that Unicode writes in two ways,
    /// such as the Kelvin sign and `K`, and a client compares the bytes it is sent. Such
    /// another way of ASCII text always has more bytes, and `==` compares two ASCII
    /// strings byte for byte, so for a listed ASCII name the cheap `==` is exact.
    subscript(name: String) -> Value? {
        var slot = Self.hash(name) & mask
        while let entry = slots[slot] {
            if entry.name.utf8.count == name.utf8.count,
               entry.isASCII ? entry.name == name : entry.name.utf8.elementsEqual(name.utf8) {
                return entry.value
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// FNV-1a over the name's UTF-8 bytes, read in place (a Swift string's are contiguous;
    /// a bridged one's are read one by one).
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
