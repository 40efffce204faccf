/// Literals and segments as the trie hashes and compares them: one unit a character,
/// equal exactly for equal characters (U+212A KELVIN SIGN and `K` too, as `==` has it).
///
/// Two keys one or two edits apart share a one-deletion variant (the key with one
/// character deleted, or the key itself): `profil` and `profile` share `profil`, `setings`
/// and `settings` share `setings`. So the trie files every literal under the hashes of its
/// variants (``forEachVariant(_:seed:_:)``): a segment finds the literal it equals under
/// its own hash (``hash(of:seed:)``), and its near literals by looking up its variants,
/// whatever the number of routes.
enum Spelling {
    /// The longest key whose one-deletion variants are hashed.
    static let longestWithVariants = 32

    /// The units of `text`: each character's `Character` hash.
    static func units(_ text: String) -> [UInt64] {
        withUnits(text) { units in units.indices.map { units[$0] } }
    }

    /// Calls `body` with the units of `text`; those of a short printable ASCII key (the
    /// usual segment) are read from its bytes into a buffer on the stack.
    static func withUnits<R>(_ text: String, _ body: (Span<UInt64>) -> R) -> R {
        let bytes = text.utf8.span
        let table = asciiUnits
        if bytes.count <= longestWithVariants {
            var units = InlineArray<32, UInt64>(repeating: 0)
            var printable = true
            for index in bytes.indices where printable {
                printable = (0x20..<0x7F).contains(bytes[index])
                units[index] = table[Int(bytes[index] & 0x7F)]
            }
            if printable { return body(units.span.extracting(0..<bytes.count)) }
        }
        let units = text.map { UInt64(bitPattern: Int64($0.hashValue)) }
        return body(units.span)
    }

    /// Printable ASCII is one character a byte: its units, by byte.
    private static let asciiUnits: [UInt64] = (0..<128).map { byte in
        UInt64(bitPattern: Int64(Character(Unicode.Scalar(UInt8(byte))).hashValue))
    }

    /// The hash ``forEachVariant(_:seed:_:)`` gives `text` itself: what an exact lookup of
    /// a literal needs, computed from the bytes of a printable ASCII key without a buffer.
    static func hash(of text: String, seed: Int) -> UInt64 {
        let bytes = text.utf8.span
        let table = asciiUnits
        var sum: UInt64 = 0
        var power: UInt64 = 1
        for index in bytes.indices {
            guard (0x20..<0x7F).contains(bytes[index]) else {
                return withUnits(text) { units in
                    var hash: UInt64 = 0
                    forEachVariant(units, seed: seed) { variant, deleted in if deleted < 0 { hash = variant } }
                    return hash
                }
            }
            sum &+= table[Int(bytes[index])] &* power
            power &*= prime
        }
        return finish(sum, count: bytes.count, seed: seed)
    }

    /// Calls `body` with the hash of the key itself (`deleted` -1) and, for keys of 2 to
    /// ``longestWithVariants`` characters, of each variant with character `deleted` taken
    /// out; `seed` (the parent node) goes into every hash.
    static func forEachVariant(_ units: Span<UInt64>, seed: Int, _ body: (_ hash: UInt64, _ deleted: Int) -> Void) {
        // The key is Σ uᵢ·Pⁱ. Deleting k keeps the terms before k and moves every later one
        // down a power, a division by P (odd, so invertible modulo 2⁶⁴): all variants in O(n).
        var full: UInt64 = 0
        var power: UInt64 = 1
        for index in units.indices {
            full &+= units[index] &* power
            power &*= prime
        }
        body(finish(full, count: units.count, seed: seed), -1)
        guard (2...longestWithVariants).contains(units.count) else { return }
        var prefix: UInt64 = 0
        power = 1
        for k in units.indices {
            let term = units[k] &* power
            let rest = (full &- prefix &- term) &* primeInverse
            body(finish(prefix &+ rest, count: units.count - 1, seed: seed), k)
            prefix &+= term
            power &*= prime
        }
    }

    private static let prime: UInt64 = 0x0000_0100_0000_01B3
    private static let primeInverse: UInt64 = 0xCE96_5057_AFF6_957B

    private static func finish(_ sum: UInt64, count: Int, seed: Int) -> UInt64 {
        var hash = sum ^ (UInt64(truncatingIfNeeded: seed) &* 0xD6E8_FEB8_6659_FD93) &+ UInt64(count) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ (hash >> 32)) &* 0xFF51_AFD7_ED55_8CCD
        return hash ^ (hash >> 29)
    }

    /// A literal child and the character its variant deleted, as the edge table files them.
    static func pack(child: Int, deleted: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: child) << 6 | UInt32(deleted + 1)
    }

    static func unpack(_ value: UInt32) -> (child: Int, deleted: Int) {
        (Int(value >> 6), Int(value & 63) - 1)
    }

    /// How many edits `b` is from `a`, given that `a` without character `i` may equal `b`
    /// without character `j` (-1: nothing deleted): `nil` when it does not (the two only
    /// shared a hash) or the keys are equal. One edit when the lengths differ or one
    /// character does, two otherwise; `close` when that is at most a third of the longer key.
    static func edits(_ a: Span<UInt64>, deleting i: Int, _ b: Span<UInt64>, deleting j: Int) -> (edits: Int, close: Bool)? {
        guard a.count - (i < 0 ? 0 : 1) == b.count - (j < 0 ? 0 : 1) else { return nil }
        var x = 0, y = 0
        while true {
            if x == i { x += 1 }
            if y == j { y += 1 }
            guard x < a.count, y < b.count else { break }
            guard a[x] == b[y] else { return nil }
            x += 1
            y += 1
        }
        var edits = 1
        if a.count == b.count {
            let differing = a.indices.count { a[$0] != b[$0] }
            guard differing > 0 else { return nil }
            edits = min(differing, 2)
        }
        return (edits, edits * 3 <= max(a.count, b.count))
    }
}
