@testable import ScreenRegistry
import Testing

/// The literal table finds a child by hash, then compares the key itself. Different keys
/// practically never share a hash, so the compare is tested here by asking with the hash of
/// the stored key and the bytes of another.
@Suite("The literal table compares keys, not only hashes")
struct LiteralTableTests {
    /// The child `find` gives for `segment` (the first segment of `/segment`) under the root
    /// of a trie holding only `stored`, when asked with `stored`'s hash.
    func found(_ segment: String, asking stored: String, caseInsensitive: Bool = false) -> Int? {
        var trie = RouteTrie(caseInsensitive: caseInsensitive)
        _ = trie.insert([.literal(stored)], id: 0)
        let hash = LiteralTable.hash(trie.key(stored), folding: false)
        let path = Array(("/" + segment).utf8)
        return trie.withView { view in
            path.withUnsafeBufferPointer { bytes in
                SegmentKeys.withPlainPath(bytes, folding: caseInsensitive) { keys, _ in
                    view.literals.find(
                        parent: 0, hash: hash, keys, 0, folding: caseInsensitive, nodes: view.nodes)
                }
            }
        }
    }

    @Test(
        "Keys of up to eight bytes and longer ones: equal found, any change of one byte not",
        arguments: ["a", "home", "profile", "settings", "dashboard", "registration-step-two"])
    func oneByteChanges(stored: String) {
        #expect(found(stored, asking: stored) != nil)
        let bytes = Array(stored.utf8)
        for index in bytes.indices {
            var changed = bytes
            changed[index] = changed[index] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
            let segment = String(decoding: changed, as: UTF8.self)
            #expect(found(segment, asking: stored) == nil, "\(segment) taken for \(stored)")
        }
        #expect(found(stored + "s", asking: stored) == nil)
        #expect(found(String(stored.dropLast()) + "-", asking: stored) == nil)
    }

    @Test("Case-insensitive: capitals fold to the stored key, other changes still differ")
    func folding() {
        for stored in ["home", "Profile", "Settings", "Registration"] {
            #expect(found(stored.uppercased(), asking: stored, caseInsensitive: true) != nil)
            #expect(found(stored.lowercased(), asking: stored, caseInsensitive: true) != nil)
            #expect(found(stored.uppercased() + "X", asking: stored, caseInsensitive: true) == nil)
            #expect(found("X" + stored.dropFirst(), asking: stored, caseInsensitive: true) == nil)
        }
        #expect(found("Home", asking: "home") == nil)
    }
}
