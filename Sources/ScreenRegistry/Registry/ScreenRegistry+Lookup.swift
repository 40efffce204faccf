/// One hop of `resolve`: the input parsed, matched and, on a miss, the suggestion found,
/// all on the same segment keys.
extension ScreenRegistry {
    /// What one hop found.
    enum Lookup {
        /// A route matched and accepted; `query` is the input's query, for a guard's `next`.
        case matched(RouteMatch, id: Int, query: [String: String])
        /// No route took the path; the id of the closest route, if one is close.
        case unmatched(suggestion: Int?)
    }

    /// Parses `input` and finds its route, or the suggestion for it.
    ///
    /// A plain path (``PlainPath``: the usual `/profile/42`) is matched on its own UTF-8
    /// bytes; everything else goes through ``DeepLink``, which decodes and validates it.
    /// Both give the same segments, so the same result.
    func lookUp(_ input: String, data: [String: String]) throws(ScreenRegistryError) -> Lookup {
        let plain: Lookup?? = input.utf8.withContiguousStorageIfAvailable { bytes in
            lookUpPlain(bytes, input: input, data: data)
        }
        if let plain, let plain { return plain }
        let link = try DeepLink(input)
        return SegmentKeys.with(link.segments, folding: trie.caseInsensitive) { keys in
            lookUp(keys, query: link.query, data: data) {
                DeepLink.isNormalisedPath(input) ? input : link.path
            }
        }
    }

    /// The lookup of a plain path, or `nil` when `bytes` is not one (or its query is
    /// malformed: ``DeepLink`` then reports it).
    private func lookUpPlain(
        _ bytes: UnsafeBufferPointer<UInt8>, input: String, data: [String: String]
    ) -> Lookup? {
        guard let path = PlainPath(bytes) else { return nil }
        var query: [String: String] = [:]
        if let range = path.query {
            do {
                try DeepLink.parseQuery(bytes[range], into: &query)
            } catch {
                return nil
            }
        }
        return SegmentKeys.with(path, in: bytes, folding: trie.caseInsensitive) { keys in
            lookUp(keys, query: query, data: data) { path.isNormalised ? input : keys.plainPath() }
        }
    }

    private func lookUp(
        _ keys: SegmentKeys, query: [String: String], data: [String: String], path: () -> String
    ) -> Lookup {
        if let (match, id) = matchOnce(keys, query: query, data: data, path: path) {
            return .matched(match, id: id, query: query)
        }
        return .unmatched(suggestion: trie.suggestion(for: keys))
    }
}
