@testable import ScreenRendering
import Testing

@Suite("TypeTable, the capabilities' lookup by type name")
struct TypeTableTests {
    @Test("Every name of every capability table is found with its own value, and names it lacks are not")
    func everyListedName() {
        for format in ScreenFormat.allCases {
            let names = ClientCapabilities.of(format).types.map(\.type)
            let table = TypeTable(names.enumerated().map { (name: $0.element, value: $0.offset) })
            for (offset, name) in names.enumerated() where names.firstIndex(of: name) == offset {
                #expect(table[name] == offset, "\(format): \(name)")
            }
            // Near misses: a prefix, a longer name, another case, an empty name.
            for name in ["beagle:", "beagle:textt", "BEAGLE:TEXT", "", "custom:badge", "beagle:text\u{0}"] where !names.contains(name) {
                #expect(table[name] == nil, "\(format): \(name)")
            }
        }
    }

    @Test("Names whose hashes start in the last slot: the second is found past the end of the array, a missing one is not, and of a name listed twice the first value is kept")
    func wrapping() throws {
        let slotCount = TypeTable<Int>([]).slotCount
        let last = (0..<5000).lazy.map { "custom:view\($0)" }.filter { TypeTable<Int>.hash($0) & (slotCount - 1) == slotCount - 1 }
        let names = Array(last.prefix(3))
        try #require(names.count == 3)
        let table = TypeTable([(name: names[0], value: 0), (name: names[1], value: 1), (name: names[0], value: -1)])
        try #require(table.slotCount == slotCount)
        #expect(table[names[0]] == 0)
        #expect(table[names[1]] == 1)  // in slot 0, after the probe wraps
        #expect(table[names[2]] == nil)  // probes the last slot, slot 0, then an empty one
    }

    @Test("A name that Swift's == takes for a listed one, written with other bytes, is not found, even where it hashes to the listed one's slot")
    func bytesDecide() throws {
        // The Kelvin sign is canonically `K`; é is one scalar or e and an accent; two
        // accents below and above a letter are the same in either order (the same count
        // of bytes: only this pair reaches the byte comparison). Of each kind, a pair
        // whose hashes start in the same slot, so that the lookup compares the two names.
        let kinds: [(Int) -> (String, String)] = [
            { ("custom:K\($0)", "custom:\u{212A}\($0)") },
            { ("custom:\($0)caf\u{E9}", "custom:\($0)cafe\u{301}") },
            { ("custom:\($0)a\u{301}\u{316}", "custom:\($0)a\u{316}\u{301}") },
        ]
        let mask = TypeTable<Int>([]).slotCount - 1
        for kind in kinds {
            let (listed, other) = try #require((0..<2000).lazy.map(kind).first {
                TypeTable<Int>.hash($0.0) & mask == TypeTable<Int>.hash($0.1) & mask
            })
            #expect(listed == other)  // as Swift compares strings
            let table = TypeTable([(name: listed, value: 1)])
            try #require(table.slotCount - 1 == mask)
            #expect(table[listed] == 1)
            #expect(table[other] == nil, "\(other.unicodeScalars.map(\.value))")
        }
    }
}
