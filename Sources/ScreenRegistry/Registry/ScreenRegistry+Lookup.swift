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

    /// Parses `input` and finds its route, or the suggestion for it; `context` goes to the
    /// screen types' ``DeeplinkScreen/canHandle(path:data:context:)``.
    ///
    /// A plain path (``PlainPath``: the usual `/profile/42`) is matched on its own UTF-8
    /// bytes; everything else goes through ``DeepLink``, which decodes and validates it.
    /// Both give the same segments, so the same result.
    ///
    /// The trie is seen through one view, borrowed from `self` for the whole lookup; the
    /// closures on the way read the registry through a pointer (a closure that captures
    /// `self` may copy the registry, retaining each of its arrays).
    @inline(__always)
    func lookUp(_ input: String, data: [String: String], context: TrustedContext) throws(ScreenRegistryError) -> Lookup {
        let plain = trie.withView { view in
            withUnsafePointer(to: self) { registry -> Lookup? in
                // The input's own UTF-8, read in place (a `var` copy for `withUTF8` would
                // retain and release it); a string without contiguous UTF-8 is made contiguous.
                let found = input.utf8.withContiguousStorageIfAvailable { bytes in
                    Self.lookUpPlain(registry, view, bytes, input: input, data: data, context: context)
                }
                if let found { return found }
                var utf8 = input
                return utf8.withUTF8 { bytes in Self.lookUpPlain(registry, view, bytes, input: input, data: data, context: context) }
            }
        }
        if let plain { return plain }
        return try lookUpDecoded(input, data: data, context: context)
    }

    /// ``lookUp(_:data:)`` for input that is not a plain path: decoded and validated by
    /// ``DeepLink``. Out of line, so that the plain path's view is not kept for it.
    @inline(never)
    private func lookUpDecoded(
        _ input: String, data: [String: String], context: TrustedContext
    ) throws(ScreenRegistryError) -> Lookup {
        let link = try DeepLink(input)
        return trie.withView { view in
            withUnsafePointer(to: self) { registry in
                SegmentKeys.with(link.segments, folding: view.caseInsensitive) { keys in
                    Self.lookUp(registry, view, keys, query: link.query, data: data, context: context) {
                        DeepLink.isNormalisedPath(input) ? input : link.path
                    }
                }
            }
        }
    }

    /// The lookup of a plain path, or `nil` when `bytes` is not one (or its query is
    /// malformed: ``DeepLink`` then reports it).
    @inline(__always)
    private static func lookUpPlain(
        _ registry: UnsafePointer<ScreenRegistry>, _ view: RouteTrie.View, _ bytes: UnsafeBufferPointer<UInt8>,
        input: String, data: [String: String], context: TrustedContext
    ) -> Lookup? {
        SegmentKeys.withPlainPath(bytes, folding: view.caseInsensitive) { keys, path in
            // No dictionary without a query: even an empty one is released after a miss.
            var query: [String: String]?
            if let range = path.query {
                var parsed = [String: String]()
                do {
                    try DeepLink.parseQuery(bytes[range], into: &parsed)
                } catch {
                    return nil
                }
                query = parsed
            }
            return lookUp(registry, view, keys, query: query, data: data, context: context) {
                path.isNormalised ? input : keys.plainPath()
            }
        }
    }

    @inline(__always)
    private static func lookUp(
        _ registry: UnsafePointer<ScreenRegistry>, _ view: RouteTrie.View, _ keys: SegmentKeys,
        query: [String: String]?, data: [String: String], context: TrustedContext, path: () -> String
    ) -> Lookup {
        // A first segment that leads nowhere matches no route, so no screen type is asked:
        // the match, with its closures and retains, is skipped.
        let nowhere = RouteTrie.leadsNowhere(view, keys)
        if !nowhere, let found = matchOnce(registry, view, keys, query: query, data: data, context: context, path: path) {
            return .matched(found.match, id: found.id, query: query ?? [:])
        }
        return .unmatched(suggestion: RouteTrie.suggestion(view, keys, rootLiteralMissing: nowhere))
    }
}
