@testable import ScreenRegistry
import Testing

/// The edge table finds values by hash, and the trie compares the keys of what it finds:
/// two labels practically never share a hash, so both halves are tested directly here.
@Suite("The edge table and spellings")
struct EdgeTableTests {
    @Test("Values filed under one hash come back in filing order, also after the table grows")
    func fillingOrderSurvivesGrowth() {
        var table = EdgeTable()
        let shared: UInt64 = 0xDEAD_BEEF_0000_0007
        for value in UInt32(1)...3 { table.insert(value, at: shared) }
        // Enough other hashes to double the table several times.
        for value in UInt32(100)..<UInt32(300) { table.insert(value, at: UInt64(value) &* 0x9E37_79B9_7F4A_7C15) }
        var found: [UInt32] = []
        table.forEach(at: shared) { value in
            found.append(value)
            return true
        }
        #expect(found == [1, 2, 3])
        #expect(table.first(at: shared) { $0 >= 2 } == 2)
        #expect(table.first(at: shared) { $0 > 3 } == nil)
        #expect(table.first(at: 150 &* 0x9E37_79B9_7F4A_7C15) { _ in true } == 150)
        #expect(table.first(at: 0x1234) { _ in true } == nil)
    }

    @Test("The trie takes a literal child only when its label is the key, not when only a hash agrees")
    func labelsAreCompared() {
        var trie = RouteTrie(caseInsensitive: false)
        trie.insert([.literal("profile")], id: 0)
        trie.insert([.literal("profil")], id: 1)
        #expect(trie.literalChild(of: 0, key: "profile").map { trie.nodes[$0].label } == "profile")
        #expect(trie.literalChild(of: 0, key: "profil").map { trie.nodes[$0].label } == "profil")
        #expect(trie.literalChild(of: 0, key: "profiles") == nil)
        // U+212A KELVIN SIGN is `K` to Swift's `==`, so it is the same literal.
        trie.insert([.literal("Kelvin")], id: 2)
        #expect(trie.literalChild(of: 0, key: "\u{212A}elvin").map { trie.nodes[$0].label } == "Kelvin")
    }

    /// A variant is the key with one character deleted: `profil` is `profile` without its
    /// last `e` and `profle` without its `i`, so all three meet under that hash.
    @Test("Keys one deletion apart share exactly the variant hashes they should")
    func variantHashes() {
        func variants(_ text: String) -> [Int: UInt64] {
            var hashes: [Int: UInt64] = [:]
            let units = Spelling.units(text)
            Spelling.forEachVariant(units.span, seed: 3) { hash, deleted in hashes[deleted] = hash }
            return hashes
        }
        let profile = variants("profile"), profil = variants("profil"), profle = variants("profle")
        #expect(profile.count == 8 && profil.count == 7)
        #expect(profile[6] == profil[-1])
        #expect(profile[4] == profle[-1])
        #expect(profil[4] == profle[5])  // both `profl`
        #expect(profile[-1] != profil[-1])
        // The seed (the parent node) is part of every hash.
        var otherSeed: UInt64 = 0
        let units = Spelling.units("profil")
        Spelling.forEachVariant(units.span, seed: 4) { hash, deleted in if deleted == -1 { otherSeed = hash } }
        #expect(otherSeed != profil[-1])
        // An exact lookup hashes the key as its own variant, also for keys that are not ASCII.
        #expect(Spelling.hash(of: "profil", seed: 3) == profil[-1])
        #expect(Spelling.hash(of: "\u{212A}elvin", seed: 3) == Spelling.hash(of: "Kelvin", seed: 3))
    }

    @Test("Edits between keys that share a variant: one, two, or none when they only share a hash")
    func edits() {
        func edits(_ a: String, _ deleted: Int, _ b: String, _ otherDeleted: Int) -> String? {
            let (a, b) = (Spelling.units(a), Spelling.units(b))
            return Spelling.edits(a.span, deleting: deleted, b.span, deleting: otherDeleted)
                .map { "\($0.edits)\($0.close ? " close" : "")" }
        }
        #expect(edits("settings", 3, "setings", -1) == "1 close")
        #expect(edits("settings", 2, "sextings", 2) == "1 close")
        #expect(edits("settings", 1, "sbttingz", 1) == nil)  // not the same variant
        #expect(edits("abcd", 0, "bacd", 1) == "2")  // two edits in four characters is not close
        #expect(edits("abcdef", 0, "bacdef", 1) == "2 close")
        #expect(edits("settings", -1, "settings", -1) == nil)
        #expect(edits("\u{212A}elvin", 5, "Kelvim", 5) == "1 close")
    }
}
