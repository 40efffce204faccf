/// A path or URL, parsed once: decoded segments and query items.
///
/// All of these give the segments `["profile", "42"]`: `profile/42`, `/profile/42/`,
/// `//profile//42`, `myapp://profile/42`, `myapp:/profile/42`, `myapp:///profile/42`,
/// `https://example.com/profile/42`. See ARCHITECTURE.md, routing rules 1–5.
///
/// The registry resolves a link as it is (`resolve(_:data:context:)` takes one), so a
/// caller that has parsed one, such as the HTTP service, never has it parsed again.
public struct DeepLink: Sendable, Hashable {
    /// The most bytes a path or URL may have.
    public static let maximumLength = 4096
    /// The most segments a path may have.
    public static let maximumSegments = 64

    /// The decoded path segments, without empty ones.
    public var segments: [String] {
        didSet { writtenPath = nil }
    }
    /// The query items; when a key repeats, the first value wins.
    public var query: [String: String]
    /// The input, when it was already written as its normalised path (`/profile/42`): the
    /// usual request, whose ``path`` then costs nothing.
    private var writtenPath: String?

    /// Parses and normalises `string`, or throws `.invalidPath` saying why.
    public init(_ string: String) throws(ScreenRegistryError) {
        do {
            let parsed = try Self.parse(string)
            segments = parsed.segments
            query = parsed.query
            writtenPath = parsed.isNormalised ? string : nil
        } catch {
            throw .invalidPath(path: string, reason: error.reason)
        }
    }

    /// A link of already decoded segments and query items.
    public init(segments: [String], query: [String: String] = [:]) {
        self.segments = segments
        self.query = query
    }

    /// The normalised path, such as `/profile/42`: each segment percent-encoded where
    /// RFC 3986 needs it, so the path is a valid URL path and resolves to the same
    /// segments again.
    public var path: String {
        writtenPath ?? Self.path(of: segments)
    }

    /// Joins decoded segments into a path, percent-encoding each one:
    /// `DeepLink.path(of: ["follow", "a/b"])` is `/follow/a%2Fb`.
    public static func path(of segments: [String]) -> String {
        guard !segments.isEmpty else { return "/" }
        var path = ""
        for segment in segments {
            path += "/"
            path += escapeSegment(segment)
        }
        return path
    }

    public static func == (lhs: DeepLink, rhs: DeepLink) -> Bool {
        lhs.segments == rhs.segments && lhs.query == rhs.query
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(segments)
        hasher.combine(query)
    }

    /// Percent-encodes every byte that is not an RFC 3986 `pchar` (`+` stays a plus).
    static func escapeSegment(_ segment: String) -> String {
        segment.utf8.allSatisfy(isPathCharacter) ? segment : PercentDecoding.encode(segment, keeping: isPathCharacter)
    }

    /// Whether `byte` is an RFC 3986 `pchar` other than `%`: a letter, a digit or one of
    /// `-._~!$&'()*+,;=:@`. A bit a byte value, as every byte of a path is asked.
    static func isPathCharacter(_ byte: UInt8) -> Bool {
        // Bits 0–63: `!$&'()*+,-.` `0`–`9` `:;=`; bits 64–127: `@` `A`–`Z` `_` `a`–`z` `~`.
        let low: UInt64 = 0x2FFF_7FD2_0000_0000, high: UInt64 = 0x47FF_FFFE_87FF_FFFF
        return byte < 64 ? low >> UInt64(byte) & 1 == 1 : byte < 128 && high >> UInt64(byte - 64) & 1 == 1
    }
}
