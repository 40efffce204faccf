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
        // The Kelvin sign is canonically `K`; é is one scalar or e and an accent; two
        // accents below and above a letter are the same in either order (the same count
        // of bytes). Of each kind, a pair whose hashes start in the same of 8 slots, so
        // that the lookup compares the two names.
        let kinds: [(Int) -> (String, String)] = [
            { ("custom:K\($0)", "custom:\u{212A}\($0)") },
            { ("custom:\($0)caf\u{E9}", "custom:\($0)cafe\u{301}") },
            { ("custom:\($0)a\u{301}\u{316}", "custom:\($0)a\u{316}\u{301}") },
        ]
        for kind in kinds {
            let (listed, other) = try #require((0..<2000).lazy.map(kind).first {
                TypeTable<Int>.hash($0.0) & 7 == TypeTable<Int>.hash($0.1) & 7
            })
            #expect(listed == other)  // as Swift compares strings
            let table = TypeTable([(name: listed, value: 1)])
            #expect(table[listed] == 1)
            #expect(table[other] == nil, "\(other.unicodeScalars.map(\.value))")
        }
    }
}
