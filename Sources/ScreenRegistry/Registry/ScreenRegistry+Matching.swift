/// One step of resolution, and the bookkeeping of shapes and precedence.
extension ScreenRegistry {
    /// The first route, in precedence order, that matches `link` and accepts it, with
    /// the match it makes; redirects and guards are not followed here.
    func matchOnce(_ link: DeepLink, data: [String: String], context: TrustedContext = .anonymous) -> (RouteMatch, Route)? {
        let found = withUnsafePointer(to: self) { registry in
            registry.pointee.trie.withView { view in
                SegmentKeys.with(link.segments, folding: view.caseInsensitive) { keys in
                    Self.matchOnce(registry, view, keys, query: link.query, data: data, context: context) { link.path }
                }
            }
        }
        guard let found else { return nil }
        return (found.match, entries[found.id])
    }

    /// The first route, in precedence order, of the registry at `registry` (its trie seen
    /// through `view`) that matches the segments `keys` and accepts them, with the match it makes and the route's id;
    /// redirects and guards are not followed here. `path` gives the normalised path; it
    /// is asked once a route matches.
    ///
    /// The registry is read through a pointer: a closure that captured it would copy it,
    /// retaining each of its arrays, on every lookup.
    static func matchOnce(
        _ registry: UnsafePointer<ScreenRegistry>, _ view: RouteTrie.View, _ keys: SegmentKeys,
        query: [String: String]?,
        data: [String: String], context: TrustedContext, path: () -> String
    ) -> (match: RouteMatch, id: Int)? {
        // The winner's parts, put together after the search: no `RouteMatch` is made, or
        // destroyed, for a miss.
        var foundID: Int?
        var foundParameters = [String: String]()
        var foundData = [String: String]()
        var normalisedPath: String?  // built only once a route matches
        _ = RouteTrie.firstMatch(view, keys) { id in
            if normalisedPath == nil { normalisedPath = path() }
            // Parameters are the only segments made into strings. The route's fields are
            // read in place: copying a whole `Route` retains every field.
            let segments = registry.pointee.entries[id].parsed.segments.prefix(keys.count)
            var parameters = [String: String]()
            for (position, segment) in segments.enumerated() {
                if let name = segment.parameterName { parameters[name] = keys.string(at: position) }
            }
            var merged: [String: String]
            if let query, !query.isEmpty {
                merged = query
                if !data.isEmpty { merged.merge(data) { _, caller in caller } }
            } else {
                merged = data
            }
            if merged.isEmpty {
                merged = parameters
            } else if !parameters.isEmpty {
                merged.merge(parameters) { _, parameter in parameter }
            }
            guard let normalised = normalisedPath,
                registry.pointee.entries[id].screenType.canHandle(path: normalised, data: merged, context: context)
            else {
                return false
            }
            foundID = id
            foundParameters = parameters
            foundData = merged
            return true
        }
        // The winner's parts are moved into the match: copied, each would be retained, and
        // the variables the closure wrote released after.
        guard let id = foundID, case let normalisedPath? = consume normalisedPath else { return nil }
        var match = RouteMatch(
            pattern: registry.pointee.entries[id].pattern, screenType: registry.pointee.entries[id].screenType,
            parameters: consume foundParameters, data: consume foundData, path: normalisedPath
        )
        match.routeID = id
        return (match, id)
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
            _ = trie.insert(route.parsed.segments, id: id)
        }
    }
}
