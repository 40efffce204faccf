import ScreenRendering

/// Content negotiation over `ScreenFormat.allCases`: which format a
/// request gets.
///
/// Each format answers to the media type of its `contentType` (`text/plain`,
/// `application/xml`, `application/json`, `application/vnd.divkit+json`,
/// `application/vnd.hyperview+xml`); `application/xml` also answers to `text/xml`. A
/// format added to `ScreenFormat` takes part without a change here.
///
/// - `?format=NAME` (any format's name, in any case) wins over `Accept`.
/// - Without `Accept`, or with `*/*`, the request gets ``defaultFormat``: the first of
///   ``preference`` (JSON, XML, text) that exists.
/// - Otherwise the acceptable format with the highest `q` wins; on a tie the more
///   specific media range, then the range listed first, then the server's preference
///   (``formatsByPreference``). A format's `q` is the best of its media types', each
///   from the most specific range that matches it. `q=0` refuses a media type.
/// - When nothing is acceptable the service answers `406 Not Acceptable`.
public enum ContentNegotiation {
    /// The format names in the server's order of preference: the first one that
    /// `ScreenFormat` has is the default.
    public static let preference = ["json", "xml", "text"]

    /// Media types that answer to a format besides its own, by the format's media type.
    public static let aliases: [String: [String]] = ["application/xml": ["text/xml"]]

    /// The formats in the server's order of preference: those named in ``preference``
    /// first, then any other, in declaration order.
    public static let formatsByPreference: [ScreenFormat] = {
        let named = preference.compactMap(ScreenFormat.init(rawValue:))
        return named + ScreenFormat.allCases.filter { !named.contains($0) }
    }()

    /// The format for a request without a preference (no `Accept`, or `*/*`): the
    /// first format of ``preference`` that exists.
    public static var defaultFormat: ScreenFormat {
        formatsByPreference.first ?? .text
    }

    /// The media type of a format, without parameters, in lower case: `text/plain`.
    public static func mediaType(of format: ScreenFormat) -> String {
        mediaType(ofContentType: format.contentType)
    }

    /// Every media type a format answers to: its own, then its aliases.
    public static func mediaTypes(of format: ScreenFormat) -> [String] {
        let own = mediaType(of: format)
        return [own] + (aliases[own] ?? [])
    }

    /// The format named by `?format=`, in any case; `nil` when none has that name.
    public static func format(named name: String) -> ScreenFormat? {
        ScreenFormat(rawValue: name.lowercased())
    }

    /// The format for an `Accept` header value, or `nil` when nothing acceptable exists.
    ///
    /// A missing or empty header, or one without a single well-formed media range,
    /// means "anything" and gives ``defaultFormat``.
    public static func format(forAccept accept: String?) -> ScreenFormat? {
        guard let accept else { return defaultFormat }
        // The common case, a header of one bare media type (`application/xml`, `*/*`):
        // the answer the full negotiation below gives, without parsing.
        for (type, format) in exactAnswers where type == accept { return format }
        let ranges = MediaRange.parseList(accept)
        if ranges.isEmpty { return defaultFormat }

        var best: (format: ScreenFormat, match: Match)?
        for entry in table {
            guard let match = bestMatch(own: entry.own, types: entry.types, in: ranges), match.quality > 0 else { continue }
            if let current = best, !ranks(match, above: current.match) { continue }
            best = (entry.format, match)
        }
        return best?.format
    }

    /// A media range that matches, as negotiation weighs it.
    private typealias Match = (quality: Double, specificity: Int, position: Int)

    /// Whether `match` wins over `other`: the higher quality, then the more specific
    /// range, then the range listed first. Between formats and between one format's types.
    private static func ranks(_ match: Match, above other: Match) -> Bool {
        match.quality != other.quality ? match.quality > other.quality
            : match.specificity != other.specificity ? match.specificity > other.specificity
            : match.position < other.position
    }

    /// The format's best match over the media types it answers to. Each type takes the
    /// quality of the most specific range that matches it (RFC 9110, 12.5.1), so that
    /// `text/xml;q=0, application/xml` refuses `text/xml` alone, not the XML format.
    private static func bestMatch(
        own: String, types: [String], in ranges: [MediaRange]
    ) -> Match? {
        var best: Match?
        for type in types {
            guard let match = mostSpecificRange(for: type, own: own, in: ranges) else { continue }
            if let current = best, !ranks(match, above: current) { continue }
            best = match
        }
        return best
    }

    /// The most specific range that matches `type` (the first listed among equals), with
    /// its quality, its specificity and its position.
    private static func mostSpecificRange(for type: String, own: String, in ranges: [MediaRange]) -> Match? {
        var best: Match?
        for (position, range) in ranges.enumerated() {
            let specificity: Int
            if range.type == type {
                specificity = 2
            } else if type == own, range.type.hasSuffix("/*"), range.type != "*/*", own.hasPrefix(range.type.dropLast()) {
                // `text/*` covers the format's own type only, not an alias: `text/*`
                // asks for text, not for `text/xml`.
                specificity = 1
            } else if range.type == "*/*" {
                specificity = 0
            } else {
                continue
            }
            if best.map({ specificity > $0.specificity }) ?? true {
                best = (range.quality, specificity, position)
            }
        }
        return best
    }

    /// What ``format(forAccept:)`` answers for an `Accept` of one media type without
    /// parameters: the first format in ``table`` that answers to it with `q=1`
    /// (the most specific match), and ``defaultFormat`` for `*/*`.
    private static let exactAnswers: [(type: String, format: ScreenFormat)] = {
        var answers: [(type: String, format: ScreenFormat)] = []
        for entry in table {
            for type in entry.types where !answers.contains(where: { $0.type == type }) {
                answers.append((type, entry.format))
            }
        }
        if let first = table.first { answers.append(("*/*", first.format)) }
        return answers
    }()

    /// Each format in order of preference with its own media type and all it answers to.
    private static let table: [(format: ScreenFormat, own: String, types: [String])] =
        formatsByPreference.map { ($0, mediaType(of: $0), mediaTypes(of: $0)) }

    static func mediaType(ofContentType contentType: String) -> String {
        let type = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return String(type.trimmingSpaces).lowercased()
    }
}

/// One media range of an `Accept` header: `type/subtype` (or a wildcard) and its `q`.
struct MediaRange: Equatable {
    /// `type/subtype`, `type/*` or `*/*`, in lower case.
    var type: String
    /// The quality, from 0 to 1; 1 when not given.
    var quality: Double

    /// The well-formed ranges of an `Accept` value; malformed ones are skipped.
    static func parseList(_ value: String) -> [MediaRange] {
        value.split(separator: ",").compactMap(parse)
    }

    static func parse(_ element: Substring) -> MediaRange? {
        let parts = element.split(separator: ";", omittingEmptySubsequences: false)
        guard let first = parts.first else { return nil }
        let type = first.trimmingSpaces.lowercased()
        let halves = type.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2, halves.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(isTokenByte) }),
              !(halves[0] == "*" && halves[1] != "*")
        else { return nil }
        var quality = 1.0
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == "q" else { continue }
            guard let q = parseQuality(pair[1].trimmingSpaces) else { return nil }
            quality = q
        }
        return MediaRange(type: type, quality: quality)
    }

    /// RFC 9110's `qvalue`: `0`, `0.5`, `1.000`; anything else is malformed.
    static func parseQuality(_ text: Substring) -> Double? {
        guard !text.isEmpty, text.count <= 5, text.allSatisfy({ $0 == "." || $0.isASCII && $0.isNumber }),
              let value = Double(text), value >= 0, value <= 1
        else { return nil }
        return value
    }

    /// Whether `ascii` may appear in a lower-cased media type token; bytes of non-ASCII
    /// characters never may.
    private static func isTokenByte(_ ascii: UInt8) -> Bool {
        switch ascii {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(ascii)
        }
    }
}
