/// Maps deep-link path patterns to screen types, as Beagle's `DeepLinkScreenManaging`.
///
/// A value type: build it once, then share it across every request without locks.
///
/// ```swift
/// var registry = ScreenRegistry()
/// try registry.register(ProfileScreen.self, at: "profile/:userId")
/// let match = try registry.resolve("myapp://profile/42?tab=posts")
/// let screen = try await registry.screen(for: "/profile/42")
/// ```
///
/// Routing follows DESIGN.md's rules: the most specific route wins whatever the
/// registration order, matching backtracks completely, and a screen type can decline
/// a path through ``DeeplinkScreen/canHandle(path:data:)``.
public struct ScreenRegistry: Sendable {
    /// Routes by id; ids are registration order.
    private var entries: [Route] = []
    private var trie: RouteTrie

    /// Whether literal segments ignore case (parameter values never do).
    public var caseInsensitive: Bool { trie.caseInsensitive }

    /// Creates an empty registry whose literals are case-sensitive.
    public init() {
        self.init(caseInsensitive: false)
    }

    /// Creates an empty registry; with `caseInsensitive`, literals match in any case.
    public init(caseInsensitive: Bool) {
        trie = RouteTrie(caseInsensitive: caseInsensitive)
    }

    /// Every registered route, in precedence order: the order in which they are tried.
    public var routes: [Route] {
        entries.indices.sorted { precedes($0, $1) }.map { entries[$0] }
    }

    /// Registers `screen` at `pattern`.
    ///
    /// Throws `.invalidPattern` when the pattern breaks the syntax and `.duplicateRoute`
    /// when a route of the same shape (the same pattern, or the same pattern with other
    /// parameter names) exists.
    public mutating func register(_ screen: any DeeplinkScreen.Type, at pattern: String) throws(ScreenRegistryError) {
        let parsed = try RoutePattern(pattern)
        if let existing = conflictingRoute(parsed) {
            throw .duplicateRoute(pattern: pattern, existing: entries[existing].pattern)
        }
        entries.append(Route(pattern: pattern, parsed: parsed, screenType: screen))
        _ = trie.insert(parsed.segments, id: entries.count - 1)
    }

    /// Beagle's convenience: reads the type at `pattern`; setting replaces the route of
    /// that shape, setting `nil` removes it.
    ///
    /// An invalid pattern stops the program with a message naming it: it is a
    /// programmer's error, like a bad literal. ``register(_:at:)`` is the checked form.
    public subscript(pattern: String) -> (any DeeplinkScreen.Type)? {
        get {
            guard let parsed = try? RoutePattern(pattern), let id = conflictingRoute(parsed) else { return nil }
            return entries[id].screenType
        }
        set {
            let parsed: RoutePattern
            do {
                parsed = try RoutePattern(pattern)
            } catch {
                preconditionFailure("ScreenRegistry: \(error)")
            }
            let existing = conflictingRoute(parsed)
            switch (existing, newValue) {
            case (let id?, let screen?):
                entries[id] = Route(pattern: pattern, parsed: parsed, screenType: screen)
            case (let id?, nil):
                entries.remove(at: id)
                rebuildTrie()
            case (nil, let screen?):
                entries.append(Route(pattern: pattern, parsed: parsed, screenType: screen))
                _ = trie.insert(parsed.segments, id: entries.count - 1)
            case (nil, nil):
                break
            }
        }
    }

    /// Finds the route for `path` without building its screen.
    ///
    /// Throws `.invalidPath` for malformed input and `.unknownPath`, with the closest
    /// pattern as a suggestion, when no route matches or every candidate declines.
    public func resolve(_ path: String, data: [String: String] = [:]) throws(ScreenRegistryError) -> RouteMatch {
        let link = try DeepLink(path)
        var match: RouteMatch?
        var normalisedPath: String?  // written only once a route matches
        _ = trie.firstMatch(link.segments) { id in
            let normalised = normalisedPath ?? link.path
            normalisedPath = normalised
            let route = entries[id]
            var parameters: [String: String] = [:]
            for (position, segment) in zip(link.segments.indices, route.parsed.segments) {
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
            guard route.screenType.canHandle(path: normalised, data: merged) else { return false }
            match = RouteMatch(
                pattern: route.pattern, screenType: route.screenType,
                parameters: parameters, data: merged, path: normalised
            )
            return true
        }
        guard let match else {
            let suggestion = trie.suggestion(for: link.segments).map { entries[$0].pattern }
            throw .unknownPath(path: path, suggestion: suggestion)
        }
        return match
    }

    /// Resolves `path` and builds its screen.
    ///
    /// Errors thrown by the screen type that are not already a ``ScreenRegistryError``
    /// come wrapped in `.screenFailed`.
    public func screen(for path: String, data: [String: String] = [:]) async throws(ScreenRegistryError) -> Screen {
        try await screen(for: resolve(path, data: data))
    }

    /// Builds the screen for a match that ``resolve(_:data:)`` returned.
    public func screen(for match: RouteMatch) async throws(ScreenRegistryError) -> Screen {
        do {
            let screen = try match.screenType.init(path: match.path, data: match.data)
            return try await screen.screen()
        } catch let error as ScreenRegistryError {
            throw error
        } catch {
            throw .screenFailed(path: match.path, underlying: error)
        }
    }

    // MARK: Shapes and precedence

    /// The route with the same shape and the same kind of segment at every position.
    private func conflictingRoute(_ parsed: RoutePattern) -> Int? {
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
    private func precedes(_ a: Int, _ b: Int) -> Bool {
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

    private mutating func rebuildTrie() {
        trie = RouteTrie(caseInsensitive: trie.caseInsensitive)
        for (id, route) in entries.enumerated() {
            _ = trie.insert(route.parsed.segments, id: id)
        }
    }
}
