/// One step of resolution, and the bookkeeping of shapes and precedence.
extension ScreenRegistry {
    /// The first route, in precedence order, that matches `link` and accepts it, with
    /// the match it makes; redirects and guards are not followed here. `context`, without
    /// what the client declared, goes to the screen types'
    /// ``DeeplinkScreen/canHandle(path:data:context:)``; the match carries all of it.
    func firstMatch(_ link: DeepLink, data: [String: String], context: TrustedContext) -> RouteMatch? {
        let path = link.path
        let vouched = context.vouched
        // The winner's parts; its match is made once the search is over.
        var winner: (id: Int, parameters: [String: String], data: [String: String])?
        _ = trie.firstMatch(link.segments) { id in
            let parameters = Self.parameters(of: entries[id].parsed, in: link.segments)
            let merged = Self.merged(query: link.query, data: data, parameters: parameters)
            guard entries[id].screenType.canHandle(path: path, data: merged, context: vouched) else { return false }
            winner = (id, parameters, merged)
            return true
        }
        guard let (id, parameters, data) = winner else { return nil }
        return RouteMatch(
            pattern: entries[id].pattern, screenType: entries[id].screenType, parameters: parameters, data: data,
            path: path, context: context, routeID: id)
    }

    /// The values of the pattern's parameters in the segments it matched.
    private static func parameters(of pattern: RoutePattern, in segments: [String]) -> [String: String] {
        var parameters: [String: String] = [:]
        for (segment, value) in zip(pattern.segments, segments) {
            if let name = segment.parameterName { parameters[name] = value }
        }
        return parameters
    }

    /// Rule 4: query items, then the caller's data, then path parameters, each overriding
    /// the one before.
    private static func merged(
        query: [String: String], data: [String: String], parameters: [String: String]
    ) -> [String: String] {
        guard !query.isEmpty || !data.isEmpty else { return parameters }
        return query.merging(data) { _, caller in caller }.merging(parameters) { _, parameter in parameter }
    }

    /// Adds a route after checking it conflicts with none.
    mutating func add(_ route: Route) throws(ScreenRegistryError) {
        if let existing = conflictingRoute(route.parsed) {
            throw .duplicateRoute(pattern: route.pattern, existing: entries[existing].pattern)
        }
        entries.append(route)
        trie.insert(route.parsed.segments, id: entries.count - 1)
    }

    /// The route with the same shape and the same kind of segment at every position.
    func conflictingRoute(_ parsed: RoutePattern) -> Int? {
        trie.routesEnding(at: parsed.segments).lazy.map(Int.init).first { id in
            let other = entries[id].parsed.segments
            return other.count == parsed.segments.count
                && zip(other, parsed.segments).allSatisfy { sameKind($0, $1) }
        }
    }

    private func sameKind(_ a: PatternSegment, _ b: PatternSegment) -> Bool {
        switch (a, b) {
        case (.literal(let x), .literal(let y)): trie.key(x) == trie.key(y)
        // A parameter and `*` match the same segments: whichever came second could never win.
        case (.parameter, .parameter), (.wildcard, .wildcard), (.parameter, .wildcard), (.wildcard, .parameter),
            (.catchAll, .catchAll):
            true
        case (.typed(_, let x), .typed(_, let y)): x == y
        default: false
        }
    }

    /// Rule 7: from the left, the first position that differs decides (literals in
    /// alphabetical order, for a stable listing); identical shapes keep registration order.
    func precedes(_ a: Int, _ b: Int) -> Bool {
        let left = entries[a].parsed.segments, right = entries[b].parsed.segments
        for (x, y) in zip(left, right) {
            if x.rank != y.rank { return x.rank < y.rank }
            if case .literal(let p) = x, case .literal(let q) = y, trie.key(p) != trie.key(q) {
                return trie.key(p) < trie.key(q)
            }
        }
        // A pattern that ends first is more specific: `a` beats `a/**` for `/a`.
        if left.count != right.count { return left.count < right.count }
        return a < b
    }

    mutating func rebuildTrie() {
        trie = RouteTrie(caseInsensitive: trie.caseInsensitive)
        for (id, route) in entries.enumerated() {
            trie.insert(route.parsed.segments, id: id)
        }
    }
}
