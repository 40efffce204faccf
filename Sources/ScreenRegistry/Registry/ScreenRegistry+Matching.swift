/// One step of resolution, and the bookkeeping of shapes and precedence.
extension ScreenRegistry {
    /// The first route, in precedence order, that matches `link` and accepts it, with
    /// the match it makes; redirects and guards are not followed here.
    ///
    /// `input`, when given, is the string `link` was parsed from: if it already is the
    /// normalised path it is reused instead of built again.
    func matchOnce(_ link: DeepLink, data: [String: String], input: String? = nil) -> (RouteMatch, Route)? {
        var found: RouteMatch?
        var foundID = 0
        var normalisedPath: String?  // built only once a route matches
        _ = trie.firstMatch(link.segments) { id in
            let normalised: String
            if let normalisedPath {
                normalised = normalisedPath
            } else if let input, DeepLink.isNormalisedPath(input) {
                normalised = input
            } else {
                normalised = link.path
            }
            normalisedPath = normalised
            // Read the route's fields in place: copying a whole `Route` retains every field.
            let patternSegments = entries[id].parsed.segments
            var parameters: [String: String] = [:]
            for (position, segment) in zip(link.segments.indices, patternSegments) {
                if let name = segment.parameterName { parameters[name] = link.segments[position] }
            }
            var merged = link.query
            if merged.isEmpty {
                merged = data
            } else if !data.isEmpty {
                merged.merge(data) { _, caller in caller }
            }
            if merged.isEmpty {
                merged = parameters
            } else if !parameters.isEmpty {
                merged.merge(parameters) { _, parameter in parameter }
            }
            let screenType = entries[id].screenType
            guard screenType.canHandle(path: normalised, data: merged) else { return false }
            var match = RouteMatch(
                pattern: entries[id].pattern, screenType: screenType,
                parameters: parameters, data: merged, path: normalised
            )
            match.routeID = id
            found = consume match
            foundID = id
            return true
        }
        guard let found else { return nil }
        return (found, entries[foundID])
    }

    /// Adds a route after checking it conflicts with none.
    mutating func add(_ route: Route) throws(ScreenRegistryError) {
        if let existing = conflictingRoute(route.parsed) {
            throw .duplicateRoute(pattern: route.pattern, existing: entries[existing].pattern)
        }
        entries.append(route)
        _ = trie.insert(route.parsed.segments, id: entries.count - 1)
    }

    /// The route with the same shape and the same kind of segment at every position.
    func conflictingRoute(_ parsed: RoutePattern) -> Int? {
        trie.routesEnding(at: parsed.segments).first { id in
            let other = entries[id].parsed.segments
            return other.count == parsed.segments.count
                && zip(other, parsed.segments).allSatisfy { sameKind($0, $1) }
        }
    }

    private func sameKind(_ a: PatternSegment, _ b: PatternSegment) -> Bool {
        switch (a, b) {
        case (.literal(let x), .literal(let y)): trie.key(x) == trie.key(y)
        case (.parameter, .parameter), (.wildcard, .wildcard), (.catchAll, .catchAll): true
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
            _ = trie.insert(route.parsed.segments, id: id)
        }
    }
}
