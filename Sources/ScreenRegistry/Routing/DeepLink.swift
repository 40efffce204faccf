/// A path or URL, normalised: decoded segments and query items.
///
/// All of these give the segments `["profile", "42"]`: `profile/42`, `/profile/42/`,
/// `//profile//42`, `myapp://profile/42`, `myapp:/profile/42`, `myapp:///profile/42`,
/// `https://example.com/profile/42`. See ARCHITECTURE.md, routing rules 1–5.
public struct DeepLink: Sendable, Hashable {
    /// The most bytes a path or URL may have.
    public static let maximumLength = 4096
    /// The most segments a path may have.
    public static let maximumSegments = 64

    /// The decoded path segments, without empty ones.
    public var segments: [String]
    /// The query items; when a key repeats, the first value wins.
    public var query: [String: String]

    /// Parses and normalises `string`, or throws `.invalidPath` saying why.
    public init(_ string: String) throws(ScreenRegistryError) {
        var input = string
        let parsed: Result<(segments: [String], query: [String: String]), ParseFailure> = input.withUTF8 { bytes in
            Result { () throws(ParseFailure) in try Self.parse(bytes) }
        }
        switch parsed {
        case .success(let value):
            segments = value.segments
            query = value.query
        case .failure(let failure):
            throw .invalidPath(path: string, reason: failure.reason)
        }
    }

    /// The normalised path, such as `/profile/42`: each segment percent-encoded where
    /// RFC 3986 needs it, so the path is a valid URL path and resolves to the same
    /// segments again.
    public var path: String {
        Self.path(of: segments)
    }

    /// Joins decoded segments into a path, percent-encoding each one:
    /// `DeepLink.path(of: ["follow", "a/b"])` is `/follow/a%2Fb`.
    public static func path(of segments: [String]) -> String {
        if segments.isEmpty { return "/" }
        // Usually nothing needs escaping: then the path is written in one allocation.
        var length = 0
        for segment in segments {
            let plain = segment.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isPathCharacter) }
                ?? segment.utf8.allSatisfy(isPathCharacter)
            guard plain else { return escapedPath(of: segments) }
            length += 1 + segment.utf8.count
        }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var index = 0
            for segment in segments {
                buffer[index] = UInt8(ascii: "/")
                index += 1
                let copied = segment.utf8.withContiguousStorageIfAvailable { bytes in
                    UnsafeMutableBufferPointer(rebasing: buffer[index...]).initialize(fromContentsOf: bytes)
                }
                if let copied {
                    index += copied
                } else {
                    for byte in segment.utf8 {
                        buffer[index] = byte
                        index += 1
                    }
                }
            }
            return index
        }
    }

    /// Whether `string` is, byte for byte, the normalised path of the segments it
    /// parses to: `/` followed by non-empty segments of RFC 3986 `pchar`s without `%`,
    /// separated by single slashes, no trailing slash, no query or fragment. (A `.` or
    /// `..` segment never parses, so it needs no check here.) `"/"` is the root.
    static func isNormalisedPath(_ string: String) -> Bool {
        var string = string
        return string.withUTF8 { bytes in
            guard bytes.count >= 2, bytes.count <= maximumLength, bytes[0] == UInt8(ascii: "/") else {
                return bytes.count == 1 && bytes[0] == UInt8(ascii: "/")
            }
            var previous = UInt8(ascii: "/")
            var slashes = 0
            var index = 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "/") {
                    if previous == UInt8(ascii: "/") { return false }
                    slashes += 1
                } else if !isPathCharacter(byte) {
                    return false
                }
                previous = byte
                index += 1
            }
            return previous != UInt8(ascii: "/") && slashes < maximumSegments
        }
    }

    private static func escapedPath(of segments: [String]) -> String {
        var result = ""
        for segment in segments {
            result.append("/")
            result.append(escapeSegment(segment))
        }
        return result
    }

    /// Percent-encodes every byte that is not an RFC 3986 `pchar` (`+` stays a plus).
    static func escapeSegment(_ segment: String) -> String {
        segment.utf8.allSatisfy(isPathCharacter)
            ? segment : PercentDecoding.encode(segment, keeping: isPathCharacter)
    }

    /// Whether `byte` is an RFC 3986 `pchar` other than `%`: a letter, a digit or one of
    /// `-._~!$&'()*+,;=:@`. Every byte of a lookup's path is tested, so it is one read of
    /// ``pathCharacters``.
    @inline(__always)
    static func isPathCharacter(_ byte: UInt8) -> Bool {
        pathCharacters.utf8Start[Int(byte)] == UInt8(ascii: "1")
    }

    /// Whether the four bytes at `index` are all ``isPathCharacter(_:)``: one test for four
    /// (the table's `1` and `0` are 0x31 and 0x30, so their AND is 0x31 only when all are `1`).
    @inline(__always)
    static func arePathCharacters(_ bytes: UnsafeBufferPointer<UInt8>, fourAt index: Int) -> Bool {
        let table = pathCharacters.utf8Start
        return table[Int(bytes[index])] & table[Int(bytes[index &+ 1])] & table[Int(bytes[index &+ 2])]
            & table[Int(bytes[index &+ 3])] == UInt8(ascii: "1")
    }

    /// `1` at each byte value that is a `pchar` other than `%`, `0` elsewhere (all 256).
    private static var pathCharacters: StaticString {
        "0000000000000000000000000000000001001011111111101111111111110100111111111111111111111111111000010111111111111111111111111110001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    }

    // MARK: Parsing

    struct ParseFailure: Error {
        var reason: String
    }

    private static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>
    ) throws(ParseFailure) -> (segments: [String], query: [String: String]) {
        guard bytes.count <= maximumLength else {
            throw ParseFailure(reason: "it is longer than \(maximumLength) bytes")
        }
        // The fragment is ignored; the query starts at the first `?` before it.
        let end = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex
        let queryStart = bytes[..<end].firstIndex(of: UInt8(ascii: "?"))
        var start = bytes.startIndex
        let pathEnd = queryStart ?? end

        var segments: [String] = []
        if let schemeEnd = schemeEnd(bytes[..<pathEnd]) {
            let isWeb = isHTTP(bytes[..<schemeEnd])
            start = schemeEnd + 1
            if pathEnd - start >= 2, bytes[start] == UInt8(ascii: "/"), bytes[start + 1] == UInt8(ascii: "/") {
                let authorityStart = start + 2
                let authorityEnd = bytes[authorityStart..<pathEnd].firstIndex(of: UInt8(ascii: "/")) ?? pathEnd
                // For http(s) the host only says where the app is served; for a custom scheme it names the screen.
                if !isWeb && authorityEnd > authorityStart {
                    segments.append(try segment(bytes[authorityStart..<authorityEnd]))
                }
                start = authorityEnd
            }
        }

        var slashes = 0
        for byte in bytes[start..<pathEnd] where byte == UInt8(ascii: "/") { slashes += 1 }
        segments.reserveCapacity(segments.count + min(slashes + 1, maximumSegments + 1))
        var segmentStart = start
        for index in start...pathEnd where index == pathEnd || bytes[index] == UInt8(ascii: "/") {
            if index > segmentStart {
                guard segments.count < maximumSegments else {
                    throw ParseFailure(reason: "it has more than \(maximumSegments) segments")
                }
                segments.append(try segment(bytes[segmentStart..<index]))
            }
            segmentStart = index + 1
        }

        var query: [String: String] = [:]
        if let queryStart {
            try parseQuery(bytes[(queryStart + 1)..<end], into: &query)
        }
        return (segments, query)
    }

    /// The index of the `:` that ends a scheme (`ALPHA *(ALPHA / DIGIT / "+" / "-" / ".")`), if any.
    private static func schemeEnd(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> Int? {
        guard let first = bytes.first, isAlpha(first) else { return nil }
        for index in bytes.indices.dropFirst() {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") { return index }
            guard isAlpha(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            else { return nil }
        }
        return nil
    }

    private static func isAlpha(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isHTTP(_ scheme: UnsafeBufferPointer<UInt8>.SubSequence) -> Bool {
        let lowered = scheme.map { $0 | 0x20 }
        return lowered.elementsEqual("http".utf8) || lowered.elementsEqual("https".utf8)
    }

    private static func segment(_ raw: UnsafeBufferPointer<UInt8>.SubSequence) throws(ParseFailure) -> String {
        // Without escapes the decoded bytes are the raw ones: check them in place.
        var plain = true, control = false
        for byte in raw {
            if byte == UInt8(ascii: "%") {
                plain = false
                break
            }
            if byte < 0x20 || byte == 0x7F { control = true }
        }
        if plain {
            if control { throw ParseFailure(reason: "a segment contains a control character") }
            if raw.count <= 2, raw.allSatisfy({ $0 == UInt8(ascii: ".") }) {
                throw ParseFailure(reason: "it contains a '\(raw.count == 1 ? "." : "..")' segment")
            }
            return String(decoding: UnsafeBufferPointer(rebasing: raw), as: UTF8.self)
        }
        let decoded: String
        do {
            decoded = try PercentDecoding.decode(raw, plusAsSpace: false)
        } catch .malformedEscape {
            throw ParseFailure(reason: "a segment has a malformed percent-escape")
        } catch {
            throw ParseFailure(reason: "a segment's percent-escapes decode to invalid UTF-8")
        }
        if decoded.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
            throw ParseFailure(reason: "a segment contains a control character")
        }
        if decoded == "." || decoded == ".." {
            throw ParseFailure(reason: "it contains a '\(decoded)' segment")
        }
        return decoded
    }

    static func parseQuery(
        _ bytes: UnsafeBufferPointer<UInt8>.SubSequence, into query: inout [String: String]
    ) throws(ParseFailure) {
        var itemStart = bytes.startIndex
        for index in bytes.startIndex...bytes.endIndex where index == bytes.endIndex || bytes[index] == UInt8(ascii: "&") {
            defer { itemStart = index + 1 }
            guard index > itemStart else { continue }
            let item = bytes[itemStart..<index]
            let equals = item.firstIndex(of: UInt8(ascii: "="))
            do {
                let key = try PercentDecoding.decode(item[..<(equals ?? index)], plusAsSpace: true)
                let value = try equals.map { i throws(PercentDecoding.Failure) in
                    try PercentDecoding.decode(item[(i + 1)...], plusAsSpace: true)
                } ?? ""
                if !key.isEmpty && query[key] == nil { query[key] = value }
            } catch .malformedEscape {
                throw ParseFailure(reason: "a query item has a malformed percent-escape")
            } catch {
                throw ParseFailure(reason: "a query item's percent-escapes decode to invalid UTF-8")
            }
        }
    }
}
