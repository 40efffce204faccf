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
/// Routing follows the rules of ARCHITECTURE.md, "Routing rules": the most specific route wins whatever the
/// registration order, matching backtracks completely, and a screen type can decline
/// a path through ``DeeplinkScreen/canHandle(path:data:)``. On top of that, routes can
/// redirect, require a guard, name a parent for back stacks, and a fallback screen can
/// stand in for unknown paths.
public struct ScreenRegistry: Sendable {
    /// Routes by id; ids are registration order.
    var entries: [Route] = []
    var trie: RouteTrie

    /// The most redirects and guards one resolution follows. A longer chain, even one
    /// that never repeats a path, is ``RedirectLimitExceeded``.
    public static let maximumHops = 32

    /// The screen type shown when nothing matches, in place of `.unknownPath`.
    ///
    /// Its data holds `path` (the normalised path nobody handles) and, when one is
    /// close, `suggestion` (the closest pattern). The match has ``RouteMatch/isFallback``
    /// set, so a server can still answer 404.
    public var fallback: (any DeeplinkScreen.Type)?

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
    /// - Parameters:
    ///   - screen: the screen type that builds the screen for a matching path.
    ///   - pattern: the path pattern, such as `profile/:userId` (ARCHITECTURE.md, routing
    ///     rule 6).
    ///   - parent: the pattern of the screen below this one in a back stack
    ///     (`cards/:cardId(int)` for `cards/:cardId(int)/detail`); its parameters are
    ///     filled from this route's.
    ///   - routeGuard: a condition on the data; when it fails, the guard's screen is
    ///     resolved instead, with this path as `next`.
    ///
    /// Throws `.invalidPattern` when a pattern breaks the syntax and `.duplicateRoute`
    /// when a route of the same shape (the same pattern, or the same pattern with other
    /// parameter names) exists.
    public mutating func register(
        _ screen: any DeeplinkScreen.Type, at pattern: String,
        parent: String? = nil, guard routeGuard: RouteGuard? = nil
    ) throws(ScreenRegistryError) {
        let parsed = try RoutePattern(pattern)
        if let parent { _ = try RoutePattern(parent) }
        try add(Route(pattern: pattern, parsed: parsed, screenType: screen, parent: parent, routeGuard: routeGuard))
    }

    /// Registers a redirect: paths matching `pattern` resolve as `target` with the
    /// parameters substituted (`u/:id` → `profile/:id`); the query and data go along.
    ///
    /// Throws `.invalidPattern` when `target` uses a parameter `pattern` does not
    /// capture, or a wildcard.
    public mutating func redirect(_ pattern: String, to target: String) throws(ScreenRegistryError) {
        let parsed = try RoutePattern(pattern)
        let targetPattern = try RoutePattern(target)
        let captured = Set(parsed.parameterNames)
        for segment in targetPattern.segments {
            switch segment {
            case .wildcard, .catchAll:
                throw .invalidPattern(pattern: target, reason: "a redirect target cannot contain '*' or '**'")
            case .parameter(let name), .typed(let name, _):
                guard captured.contains(name) else {
                    throw .invalidPattern(pattern: target, reason: "'\(name)' is not a parameter of '\(pattern)'")
                }
            case .literal:
                break
            }
        }
        try add(Route(pattern: pattern, parsed: parsed, screenType: RedirectRoute.self, redirect: target))
    }

    /// Beagle's convenience: reads the type at `pattern`; setting replaces the route of
    /// that shape, setting `nil` removes it.
    ///
    /// An invalid pattern stops the program with a message naming it: it is a
    /// programmer's error, like a bad literal. ``register(_:at:parent:guard:)`` is the
    /// checked form.
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
                // The route keeps its parent, guard and redirect; the pattern is the one given.
                entries[id].pattern = pattern
                entries[id].parsed = parsed
                entries[id].screenType = screen
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
    /// passed throw `.screenFailed` wrapping a ``RoutingLoop``; a chain of more than
    /// ``maximumHops`` throws `.screenFailed` wrapping ``RedirectLimitExceeded``. Both
    /// are faults of the registry.
    ///
    /// `path` is `consuming` because what comes back keeps it: a miss's error always, a
    /// match when the path is already normalised.
    public func resolve(
        _ path: consuming String, data: [String: String] = [:], context: TrustedContext = .anonymous
    ) throws(ScreenRegistryError) -> RouteMatch {
        var passed: [String] = []
        let first = try lookUp(path, data: data, context: context)
        if case .unmatched(let suggestionID) = first, fallback == nil {
            throw .unknownPath(path: path, suggestion: suggestionID.map { entries[$0].pattern })
        }
        var step = try proceed(first, from: path, data: data, context: context, passed: &passed)
        while true {
            switch consume step {
            case .done(var match):
                match.context = context
                return match
            case .next(let target, let targetData):
                guard passed.count <= Self.maximumHops else {
                    throw .screenFailed(path: path, underlying: RedirectLimitExceeded(chain: passed + [target]))
                }
                step = try proceed(
                    try lookUp(target, data: targetData, context: context), from: target, data: targetData,
                    context: context, passed: &passed
                )
            }
        }
    }

    /// What one hop of ``resolve(_:data:context:)`` ends with.
    private enum Hop {
        /// The answer: a match, or the fallback's.
        case done(RouteMatch)
        /// A redirect or a guard sends the lookup on to this path with this data.
        case next(String, [String: String])
    }

    /// The rest of a hop, once `current` has been looked up: a redirect or a failed guard
    /// adds the matched path to `passed` and names the next path.
    private func proceed(
        _ lookup: consuming Lookup, from current: String, data currentData: [String: String],
        context: TrustedContext, passed: inout [String]
    ) throws(ScreenRegistryError) -> Hop {
        switch consume lookup {
        case .unmatched(let suggestionID):
            let suggestion = suggestionID.map { entries[$0].pattern }
            guard let fallback else { throw .unknownPath(path: current, suggestion: suggestion) }
            let link = try DeepLink(current)
            var fallbackData = currentData.merging(link.query) { caller, _ in caller }
            fallbackData["path"] = link.path
            fallbackData["suggestion"] = suggestion
            return .done(RouteMatch(
                pattern: "", screenType: fallback, parameters: [:], data: fallbackData, path: link.path,
                redirects: passed, isFallback: true
            ))
        case .matched(let match, let id, let query):
            let redirect = entries[id].redirect
            let routeGuard = redirect == nil ? entries[id].routeGuard : nil
            if redirect != nil || routeGuard.map({ !$0.isSatisfied(context) }) == true {
                // A loop is a cycle: the same path twice in one resolution.
                guard !passed.contains(match.path) else {
                    throw .screenFailed(
                        path: passed.first ?? current, underlying: RoutingLoop(chain: passed + [match.path])
                    )
                }
                passed.append(match.path)
            }
            if let redirect {
                let next = try Self.fill(redirect, with: match.parameters, from: entries[id].pattern)
                return .next(next, match.data.filter { match.parameters[$0.key] == nil })
            }
            if let routeGuard, !routeGuard.isSatisfied(context) {
                var nextData = match.data
                nextData["next"] = Self.pathWithQuery(match.path, query)
                return .next(routeGuard.target, nextData)
            }
            guard !passed.isEmpty else { return .done(match) }
            var redirected = match
            redirected.redirects = passed
            return .done(redirected)
        }
    }

    /// Resolves `path` and builds its screen.
    ///
    /// Errors thrown by the screen type that are not already a ``ScreenRegistryError``
    /// come wrapped in `.screenFailed`. `path` is `consuming`, as in
    /// ``resolve(_:data:context:)``.
    public func screen(
        for path: consuming String, data: [String: String] = [:], context: TrustedContext = .anonymous
    ) async throws(ScreenRegistryError) -> Screen {
        try await screen(for: resolve(path, data: data, context: context))
    }

    /// Builds the screen for a match that ``resolve(_:data:context:)`` returned, with
    /// the match's trusted context.
    ///
    /// The screen type gets this registry (``DeeplinkScreen/init(match:in:)``), so that
    /// its typed links (``Action/navigate(to:_:in:)``) find their paths in it.
    public func screen(for match: RouteMatch) async throws(ScreenRegistryError) -> Screen {
        do {
            let screen = try match.screenType.init(match: match, in: self)
            return try await screen.screen()
        } catch let error as ScreenRegistryError {
            throw error
        } catch {
            throw .screenFailed(path: match.path, underlying: error)
        }
    }

    /// `path?query`, the query in sorted order, for a guard's `next`.
    static func pathWithQuery(_ path: String, _ query: [String: String]) -> String {
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
