import Foundation

/// A request target as the service reads it, parsed once: what the registry resolves,
/// and the service's own query items, which never reach a screen.
///
/// `/profile/42?tab=posts&format=hxml&fragment=follow` is the path
/// `/profile/42?tab=posts`, the format `hxml` and the fragment `follow`. `stack` stays in
/// the path (the screens see it) and sets ``wantsStack``.
struct RequestTarget: Sendable, Equatable {
    /// The target without `format` and `fragment`; every other query item stays, byte
    /// for byte, for the registry to read.
    var path: String
    /// The first `?format=` value, percent-decoded; `""` for a bare `?format`.
    var format: String?
    /// The first `?fragment=` value, percent-decoded.
    var fragment: String?
    /// Whether the query asks for the back stack: `stack=1` or `stack=true`.
    var wantsStack: Bool

    /// A parsed target, field by field.
    init(path: String, format: String?, fragment: String?, wantsStack: Bool) {
        self.path = path
        self.format = format
        self.fragment = fragment
        self.wantsStack = wantsStack
    }

    /// Parses `target`, the path and query below the mount point.
    init(_ target: String) {
        (path, format, fragment) = Self.splitServiceItems(target)
        wantsStack = Self.asksForStack(path)
    }

    /// Takes the first values of `format` and `fragment` out of the query.
    private static func splitServiceItems(_ target: String) -> (path: String, format: String?, fragment: String?) {
        guard let question = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return (target, nil, nil) }
        let query = target[target.index(after: question)...]
        // Most queries name neither: a byte scan spares them the split.
        guard query.utf8.firstRange(of: "format".utf8) != nil || query.utf8.firstRange(of: "fragment".utf8) != nil else { return (target, nil, nil) }
        var kept: [Substring] = []
        var format: String?
        var fragment: String?
        for item in query.split(separator: "&", omittingEmptySubsequences: false) {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value = { () -> String in
                let raw = pair.count > 1 ? pair[1] : ""
                return raw.removingPercentEncoding ?? String(raw)
            }
            switch pair[0] {
            case "format": if format == nil { format = value() }
            case "fragment": if fragment == nil { fragment = value() }
            default: kept.append(item)
            }
        }
        let path = target[..<question]
        return (kept.isEmpty ? String(path) : path + "?" + kept.joined(separator: "&"), format, fragment)
    }

    /// Whether the query of `target` (up to a `#`) holds `stack=1` or `stack=true`.
    private static func asksForStack(_ target: String) -> Bool {
        guard let question = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return false }
        let query = target[target.index(after: question)...].prefix { $0 != "#" }
        return query.split(separator: "&").contains { $0 == "stack=1" || $0 == "stack=true" }
    }
}
