/// Resolution: a link matched, then redirects and guards followed, or the fallback.
extension ScreenRegistry {
    /// Finds the route for `path` without building its screen, following redirects and
    /// guards.
    ///
    /// `data` is the caller's data: like the query items, it reaches the screen and
    /// nothing else. `context` is what the host application vouched for about the
    /// request; guards read only it (ARCHITECTURE.md, "Trust").
    ///
    /// Throws `.invalidPath` for malformed input and `.unknownPath`, with the closest
    /// pattern as a suggestion, when no route matches or every candidate declines and
    /// there is no ``fallback``. Redirects or guards that come back to a path already
    /// left throw `.screenFailed` wrapping a ``RoutingLoop``; a chain of more than
    /// ``maximumHops`` throws `.screenFailed` wrapping ``RedirectLimitExceeded``. Both
    /// are faults of the registry.
    public func resolve(
        _ path: String, data: [String: String] = [:], context: TrustedContext = .anonymous
    ) throws(ScreenRegistryError) -> RouteMatch {
        try resolve(DeepLink(path), data: data, context: context, written: path)
    }

    /// Resolves a link already parsed, as ``resolve(_:data:context:)-(String,_,_)`` does
    /// once it has parsed its path: the HTTP service parses each request's target once,
    /// takes its own query items out and resolves the rest.
    public func resolve(
        _ link: DeepLink, data: [String: String] = [:], context: TrustedContext = .anonymous
    ) throws(ScreenRegistryError) -> RouteMatch {
        try resolve(link, data: data, context: context, written: link.path)
    }

    /// `written` is the path as its caller wrote it, for the errors.
    private func resolve(
        _ link: consuming DeepLink, data: consuming [String: String], context: TrustedContext, written: String
    ) throws(ScreenRegistryError) -> RouteMatch {
        let firstWritten = written
        var link = link, data = data, written = written
        // The paths that a redirect or a failed guard sent on, oldest first.
        var forwardedFrom: [String] = []
        while true {
            // The usual unknown path is found out by one lookup at the root: no route is asked.
            let leadsNowhere = trie.leadsNowhere(link.segments)
            guard !leadsNowhere, var match = firstMatch(link, data: data, context: context), let id = match.routeID else {
                let suggestion = trie.suggestion(for: link.segments, firstLeadsNowhere: leadsNowhere)
                return try fallbackMatch(
                    for: link, suggestion: suggestion, written: written, data: data, forwardedFrom: forwardedFrom,
                    context: context)
            }
            guard let next = try forwarding(match, route: id, query: link.query, context: context) else {
                if !forwardedFrom.isEmpty { match.redirects = forwardedFrom }
                return match
            }
            // A loop is a cycle: the same path twice in one resolution.
            guard !forwardedFrom.contains(match.path) else {
                throw .screenFailed(path: forwardedFrom.first ?? written, underlying: RoutingLoop(chain: forwardedFrom + [match.path]))
            }
            forwardedFrom.append(match.path)
            guard forwardedFrom.count <= Self.maximumHops else {
                throw .screenFailed(path: firstWritten, underlying: RedirectLimitExceeded(chain: forwardedFrom + [next.path]))
            }
            link = try DeepLink(next.path)
            (data, written) = (next.data, next.path)
        }
    }

    /// Where `match` sends the resolution on: a redirect's target with the parameters
    /// filled in, or a failed guard's screen with the matched path (and `query`) as
    /// `next`; `nil` when the match is the answer.
    private func forwarding(
        _ match: RouteMatch, route id: Int, query: [String: String], context: TrustedContext
    ) throws(ScreenRegistryError) -> (path: String, data: [String: String])? {
        if let redirect = entries[id].redirect {
            let target = try Self.fill(redirect, with: match.parameters, from: entries[id].pattern)
            return (target, match.data.filter { match.parameters[$0.key] == nil })
        }
        guard let routeGuard = entries[id].routeGuard, !routeGuard.isSatisfied(context.vouched) else { return nil }
        var data = match.data
        data["next"] = Self.pathWithQuery(match.path, query)
        return (routeGuard.target, data)
    }

    /// The fallback screen's match for a link no route takes, or `.unknownPath` without one;
    /// `id` is the route to suggest.
    private func fallbackMatch(
        for link: DeepLink, suggestion id: Int?, written: String, data: [String: String], forwardedFrom: [String],
        context: TrustedContext
    ) throws(ScreenRegistryError) -> RouteMatch {
        let suggestion = id.map { entries[$0].pattern }
        guard let fallback else { throw .unknownPath(path: written, suggestion: suggestion) }
        var fallbackData = data.merging(link.query) { caller, _ in caller }
        fallbackData["path"] = link.path
        fallbackData["suggestion"] = suggestion
        return RouteMatch(
            pattern: "", screenType: fallback, parameters: [:], data: fallbackData, path: link.path,
            redirects: forwardedFrom, isFallback: true, context: context)
    }

    /// `path?query`, the query percent-encoded in sorted order: a guard's `next`, and any
    /// link that must resolve to the same path and data again.
    public static func pathWithQuery(_ path: String, _ query: [String: String]) -> String {
        guard !query.isEmpty else { return path }
        let encode = { (text: String) in PercentDecoding.encode(text, keeping: Self.isQueryCharacter) }
        return path + "?" + query.sorted { $0.key < $1.key }.map { encode($0.key) + "=" + encode($0.value) }
            .joined(separator: "&")
    }

    private static func isQueryCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "-._~!$'()*,;:@/".utf8.contains(byte)
        }
    }
}
