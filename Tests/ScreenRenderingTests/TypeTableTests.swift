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

    @Test("Of two entries with one name the first is kept, and a full run of slots wraps round the end")
    func firstKeptAndWrapping() {
        // 40 names in 128 slots; with names that share all but their last bytes, some
        // land on taken slots, and the probing must pass the end of the array.
        let names = (0..<40).map { "custom:view\($0)" }
        let table = TypeTable(names.map { (name: $0, value: $0.utf8.count) } + [(name: "custom:view7", value: -1)])
        for name in names {
            #expect(table[name] == name.utf8.count)
        }
        #expect(table["custom:view40"] == nil)
    }

    @Test("A name that Swift's == takes for a listed one, written with other bytes, is not found, even where it hashes to the listed one's slot")
    func bytesDecide() throws {
        // The Kelvin sign is canonically `K`, and é is one scalar or e and an accent. Of
        // each pair, one whose hash starts in the same of 8 slots, so that the lookup
        // compares the two names.
        let pairs = (0..<2000).flatMap { index in
            [("custom:K\(index)", "custom:\u{212A}\(index)"), ("custom:\(index)caf\u{E9}", "custom:\(index)cafe\u{301}")]
        }
        for kind in 0..<2 {
            let (listed, other) = try #require(pairs.enumerated().first { offset, pair in
                offset % 2 == kind && TypeTable<Int>.hash(pair.0) & 7 == TypeTable<Int>.hash(pair.1) & 7
            }?.element)
            #expect(listed == other)  // as Swift compares strings
            let table = TypeTable([(name: listed, value: 1)])
            #expect(table[listed] == 1)
            #expect(table[other] == nil, "\(other.unicodeScalars.map(\.value))")
        }
    }
}
