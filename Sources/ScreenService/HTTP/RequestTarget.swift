import ScreenRegistry

/// A request target as the service reads it, parsed once: the deep link the registry
/// resolves, and the service's own query items, taken out of it so that no screen sees them.
///
/// `/profile/42?tab=posts&format=hxml&fragment=follow&stack=1` is the link `/profile/42`
/// with the data `tab=posts`, the format `hxml`, the fragment `follow` and a back stack.
/// The query follows the registry's rule 3 for every item, the service's own included:
/// `+` is a space, escapes are decoded, the first of a repeated key wins.
struct RequestTarget: Sendable, Equatable {
    /// The path and the query items that are the screen's.
    var link: DeepLink
    /// The `?format=` value; `""` for a bare `?format`.
    var format: String?
    /// The `?fragment=` value.
    var fragment: String?
    /// Whether the query asks for the back stack: `stack=1` or `stack=true`.
    var wantsStack: Bool

    /// Parses `target`, the path and query below the mount point; a malformed one is
    /// `.invalidPath`.
    init(_ target: String) throws(ScreenRegistryError) {
        link = try DeepLink(target)
        format = link.query.removeValue(forKey: "format")
        fragment = link.query.removeValue(forKey: "fragment")
        let stack = link.query.removeValue(forKey: "stack")
        wantsStack = stack == "1" || stack == "true"
    }

    /// The `?format=` of a target that does not parse, read from its query alone when that
    /// parses: so that an error about the path is written in the format asked for.
    static func format(inMalformed target: String) -> String? {
        guard let question = target.firstIndex(of: "?") else { return nil }
        return (try? DeepLink("/" + target[question...]))?.query["format"]
    }
}
