/// The one tokenizer of paths and URLs (ARCHITECTURE.md, routing rules 1–5): a single pass
/// over the input's UTF-8, read in place through a `Span`; a segment becomes a `String`
/// of its own, decoded only when it holds an escape.
extension DeepLink {
    struct ParseFailure: Error {
        var reason: String
    }

    static func parse(
        _ input: String
    ) throws(ParseFailure) -> (segments: [String], query: [String: String], isNormalised: Bool) {
        let bytes = input.utf8.span
        guard bytes.count <= maximumLength else { throw ParseFailure(reason: "it is longer than \(maximumLength) bytes") }
        var segments: [String] = []
        segments.reserveCapacity(8)
        var start = 0
        if let colon = schemeEnd(bytes) {
            start = colon + 1
            if start + 1 < bytes.count, bytes[start] == UInt8(ascii: "/"), bytes[start + 1] == UInt8(ascii: "/") {
                var hostEnd = start + 2
                while hostEnd < bytes.count, !isPathEnd(bytes[hostEnd]), bytes[hostEnd] != UInt8(ascii: "/") { hostEnd += 1 }
                // For http(s) the host only says where the app is served; for a custom
                // scheme it names the screen.
                if !isHTTP(bytes, schemeEnd: colon) && hostEnd > start + 2 {
                    segments.append(try segment(bytes, (start + 2)..<hostEnd, escaped: true, plain: false))
                }
                start = hostEnd
            }
        }

        // Normalised means written as `DeepLink.path(of:)` writes it: `/`, then `pchar`s
        // without `%`, single slashes between non-empty segments, nothing after.
        var isNormalised = start == 0 && bytes.count > 0 && bytes[0] == UInt8(ascii: "/")
        var segmentStart = start, escaped = false, plain = true
        var pathEnd = bytes.count
        for index in start...bytes.count {
            let byte = index < bytes.count ? bytes[index] : UInt8(ascii: "?")
            if isPathCharacter(byte) { continue }  // the usual byte: nothing to note
            guard byte == UInt8(ascii: "/") || isPathEnd(byte) else {
                escaped = escaped || byte == UInt8(ascii: "%")
                plain = false
                continue
            }
            if index > segmentStart {
                guard segments.count < maximumSegments else {
                    throw ParseFailure(reason: "it has more than \(maximumSegments) segments")
                }
                segments.append(try segment(bytes, segmentStart..<index, escaped: escaped, plain: plain))
                isNormalised = isNormalised && plain
            } else if index > start {
                isNormalised = isNormalised && index == 1  // an empty segment: only the root `/` is normalised
            }
            if byte != UInt8(ascii: "/") {
                pathEnd = index
                break
            }
            (segmentStart, escaped, plain) = (index + 1, false, true)
        }

        // The query runs from a `?` to the fragment, which is ignored.
        var query: [String: String] = [:]
        if pathEnd < bytes.count {
            isNormalised = false
            if bytes[pathEnd] == UInt8(ascii: "?") {
                var end = pathEnd + 1
                while end < bytes.count && bytes[end] != UInt8(ascii: "#") { end += 1 }
                try parseQuery(bytes, (pathEnd + 1)..<end, into: &query)
            }
        }
        return (segments, query, isNormalised)
    }

    private static func isPathEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    /// One path segment, decoded and checked (rule 5): `escaped` when it holds a `%`,
    /// `plain` when it is all `pchar`s (no control character, nothing to check).
    private static func segment(
        _ bytes: Span<UInt8>, _ range: Range<Int>, escaped: Bool, plain: Bool
    ) throws(ParseFailure) -> String {
        let text: String
        if escaped {
            do {
                text = try PercentDecoding.decode(bytes.extracting(range), plusAsSpace: false)
            } catch .malformedEscape {
                throw ParseFailure(reason: "a segment has a malformed percent-escape")
            } catch {
                throw ParseFailure(reason: "a segment's percent-escapes decode to invalid UTF-8")
            }
        } else {
            text = string(bytes, range)
        }
        if !plain && text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
            throw ParseFailure(reason: "a segment contains a control character")
        }
        if text.utf8.count <= 2 && text.utf8.allSatisfy({ $0 == UInt8(ascii: ".") }) {
            throw ParseFailure(reason: "it contains a '\(text)' segment")
        }
        return text
    }

    /// Query items (rule 3): `+` is a space, escapes are decoded, a key without `=` is
    /// `""`, the first of repeated keys wins.
    private static func parseQuery(
        _ bytes: Span<UInt8>, _ range: Range<Int>, into query: inout [String: String]
    ) throws(ParseFailure) {
        var itemStart = range.lowerBound
        for index in range.lowerBound...range.upperBound where index == range.upperBound || bytes[index] == UInt8(ascii: "&") {
            defer { itemStart = index + 1 }
            guard index > itemStart else { continue }
            var equals = index
            for position in itemStart..<index where bytes[position] == UInt8(ascii: "=") {
                equals = position
                break
            }
            let key = try queryText(bytes, itemStart..<equals)
            guard !key.isEmpty, query[key] == nil else { continue }
            query[key] = equals < index ? try queryText(bytes, (equals + 1)..<index) : ""
        }
    }

    private static func queryText(_ bytes: Span<UInt8>, _ range: Range<Int>) throws(ParseFailure) -> String {
        guard range.contains(where: { bytes[$0] == UInt8(ascii: "%") || bytes[$0] == UInt8(ascii: "+") }) else {
            return string(bytes, range)
        }
        do {
            return try PercentDecoding.decode(bytes.extracting(range), plusAsSpace: true)
        } catch .malformedEscape {
            throw ParseFailure(reason: "a query item has a malformed percent-escape")
        } catch {
            throw ParseFailure(reason: "a query item's percent-escapes decode to invalid UTF-8")
        }
    }

    /// The bytes `range` of a string's UTF-8, cut at ASCII bytes (so always valid), as a `String`.
    private static func string(_ bytes: Span<UInt8>, _ range: Range<Int>) -> String {
        do {
            return String(copying: try UTF8Span(validating: bytes.extracting(range)))
        } catch {
            return ""
        }
    }

    /// The index of the `:` that ends a scheme (`ALPHA *(ALPHA / DIGIT / "+" / "-" / ".")`), if any.
    private static func schemeEnd(_ bytes: Span<UInt8>) -> Int? {
        guard bytes.count > 0, isLetter(bytes[0]) else { return nil }
        for index in 1..<bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") { return index }
            guard isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            else { return nil }
        }
        return nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isHTTP(_ bytes: Span<UInt8>, schemeEnd: Int) -> Bool {
        let http = Array("http".utf8)
        guard schemeEnd == 4 || (schemeEnd == 5 && bytes[4] | 0x20 == UInt8(ascii: "s")) else { return false }
        return (0..<4).allSatisfy { bytes[$0] | 0x20 == http[$0] }
    }
}
