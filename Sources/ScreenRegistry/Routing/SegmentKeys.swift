/// Path segments as byte ranges of one buffer, each with its literal-table hash: what the
/// matcher and the suggestion search read.
///
/// A lookup of a plain path (see ``PlainPath``) cuts the ranges straight out of the
/// input's UTF-8, so no `String` is made for a segment unless a route captures it, a
/// typed parameter checks it or a non-ASCII comparison needs one.
struct SegmentKeys {
    struct Key {
        var start: Int32
        var end: Int32
        /// ``LiteralTable/hash(_:folding:)`` of the segment: 0 when it is not ASCII,
        /// ``SegmentKeys/unhashed`` until ``SegmentKeys/hash(at:)`` first asks for it.
        var hash: UInt64
    }

    /// The bytes the segments are cut from.
    let bytes: UnsafeBufferPointer<UInt8>
    let keys: UnsafeMutableBufferPointer<Key>
    /// Whether hashes fold ASCII capitals (a case-insensitive trie).
    let folding: Bool
    /// Whether every segment is known to be printable ASCII (a plain path's are): then the
    /// suggestion search compares bytes without checking them.
    var printable = false

    var count: Int { keys.count }

    /// A hash not computed yet: real hashes are odd, or 0.
    static let unhashed: UInt64 = 2

    /// The literal-table hash of segment `position`, computed the first time it is asked
    /// for: a miss often never looks past its first segment.
    @inline(__always)
    func hash(at position: Int) -> UInt64 {
        let stored = keys[position].hash
        guard stored == Self.unhashed else { return stored }
        let key = keys[position]
        let hash = LiteralTable.hash(in: bytes, Int(key.start), Int(key.end), folding: folding)
        keys[position].hash = hash
        return hash
    }

    /// The number of decoded bytes of segment `position`.
    @inline(__always)
    func count(at position: Int) -> Int {
        Int(keys[position].end &- keys[position].start)
    }

    /// The first eight decoded bytes of segment `position` (all of a shorter one) as one
    /// word, as `UnsafeBufferPointer.word(from:count:)` gives them, read in one load.
    @inline(__always)
    func word(at position: Int) -> UInt64 {
        bytes.loadedWord(from: Int(keys[position].start), count: min(count(at: position), 8))
    }

    /// The decoded bytes of segment `position`.
    @inline(__always)
    func bytes(at position: Int) -> UnsafeBufferPointer<UInt8> {
        let key = keys[position]
        return UnsafeBufferPointer(rebasing: bytes[Int(key.start)..<Int(key.end)])
    }

    /// Segment `position` as a `String` (the bytes are valid UTF-8: they were cut from a
    /// `String` at ASCII bytes, or are a decoded segment's own).
    func string(at position: Int) -> String {
        String(decoding: bytes(at: position), as: UTF8.self)
    }

    /// The normalised path of segments that are all RFC 3986 `pchar`s: `/` and the
    /// segments joined by `/`, in one allocation.
    func plainPath() -> String {
        guard count > 0 else { return "/" }
        var length = 0
        for key in keys { length += 1 + Int(key.end - key.start) }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var index = 0
            for position in 0..<count {
                buffer[index] = UInt8(ascii: "/")
                index += 1
                let segment = bytes(at: position)
                _ = UnsafeMutableBufferPointer(rebasing: buffer[index..<(index + segment.count)])
                    .initialize(fromContentsOf: segment)
                index += segment.count
            }
            return index
        }
    }

    /// Calls `body` with the keys of already decoded segments (the general path).
    static func with<R>(_ segments: [String], folding: Bool, _ body: (SegmentKeys) -> R) -> R {
        var total = 0
        for segment in segments { total += segment.utf8.count }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(total, 1)) { storage in
            withUnsafeTemporaryAllocation(of: Key.self, capacity: segments.count) { keys in
                var offset = 0
                for (position, segment) in segments.enumerated() {
                    let start = offset
                    for byte in segment.utf8 {
                        storage[offset] = byte
                        offset += 1
                    }
                    let bytes = UnsafeBufferPointer(rebasing: storage[start..<offset])
                    keys[position] = Key(
                        start: Int32(start), end: Int32(offset), hash: LiteralTable.hash(bytes, folding: folding))
                }
                return body(SegmentKeys(bytes: UnsafeBufferPointer(storage), keys: keys, folding: folding))
            }
        }
    }

    /// Calls `body` with the keys of the segments of `bytes` when it is a plain path
    /// (``PlainPath``), cut from `bytes` in place in the same pass that checks it; `nil`
    /// when it is not one (or `body` gives `nil`).
    @inline(__always)
    static func withPlainPath<R>(
        _ bytes: UnsafeBufferPointer<UInt8>, folding: Bool, _ body: (SegmentKeys, PlainPath) -> R?
    ) -> R? {
        // 64 is `DeepLink.maximumSegments`; a literal keeps the keys on the stack (1,024 bytes).
        withUnsafeTemporaryAllocation(of: Key.self, capacity: 64) { keys in
            guard let path = PlainPath(bytes, keys: keys) else { return nil }
            let cut = UnsafeMutableBufferPointer(rebasing: keys[..<path.segments])
            // A plain path's segments are `pchar`s, which are printable ASCII.
            return body(SegmentKeys(bytes: bytes, keys: cut, folding: folding, printable: true), path)
        }
    }
}

/// A path that needs no decoding: `/` first, then only RFC 3986 `pchar`s other than `%`
/// and slashes, up to an optional `?` query or `#` fragment, within the limits of rule 5
/// and without `.` or `..` segments. Its segments are its raw bytes, and its normalised
/// path is its segments joined by `/` (the input itself when ``isNormalised``). Anything
/// else (a scheme, escapes, Unicode, control characters, invalid input) takes the general
/// ``DeepLink`` route.
struct PlainPath {
    /// Where the path ends: the `?`, the `#` or the end of the input.
    var end: Int
    /// The number of non-empty segments.
    var segments: Int
    /// The query's bytes (after `?`, up to `#` or the end), if there is a `?`.
    var query: Range<Int>?
    /// Whether the input is byte for byte its normalised path (`DeepLink.isNormalisedPath`).
    var isNormalised: Bool

    /// Checks `bytes` and writes its segments' keys to `keys` (room for
    /// `DeepLink.maximumSegments`); `nil` when it is not a plain path.
    @inline(__always)
    init?(_ bytes: UnsafeBufferPointer<UInt8>, keys: UnsafeMutableBufferPointer<SegmentKeys.Key>) {
        let count = bytes.count
        guard count > 0, count <= DeepLink.maximumLength, bytes[0] == UInt8(ascii: "/") else { return nil }
        var segments = 0
        var doubled = false
        var index = 1
        while true {
            let start = index
            while index &+ 4 <= count, DeepLink.arePathCharacters(bytes, fourAt: index) { index &+= 4 }
            while index < count, DeepLink.isPathCharacter(bytes[index]) { index &+= 1 }
            if index > start {
                // `.` and `..` are invalid: DeepLink reports them.
                if index - start <= 2, bytes[start] == UInt8(ascii: "."), bytes[index - 1] == UInt8(ascii: ".") {
                    return nil
                }
                guard segments < keys.count else { return nil }  // too many: DeepLink reports it
                // Hashed when first needed (``SegmentKeys/hash(at:)``). Offsets are at most
                // `DeepLink.maximumLength` (checked above): they fit in 32 bits unchecked.
                keys[segments] = SegmentKeys.Key(
                    start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: index),
                    hash: SegmentKeys.unhashed)
                segments &+= 1
            } else if index < count && bytes[index] == UInt8(ascii: "/") {
                doubled = true
            }
            guard index < count, bytes[index] == UInt8(ascii: "/") else { break }
            index += 1
        }
        // The path ends at the end, a `?` or a `#`; any other byte needs the general parser.
        if index < count {
            guard bytes[index] == UInt8(ascii: "?") || bytes[index] == UInt8(ascii: "#") else { return nil }
        }
        end = index
        self.segments = segments
        if index < count && bytes[index] == UInt8(ascii: "?") {
            let queryEnd = bytes[index...].firstIndex(of: UInt8(ascii: "#")) ?? count
            query = (index + 1)..<queryEnd
        } else {
            query = nil
        }
        // Normalised: no doubled or trailing slash (the root `/` alone is), nothing after the path.
        let trailing = index > 1 && bytes[index - 1] == UInt8(ascii: "/")
        isNormalised = !doubled && !trailing && index == count
    }
}
