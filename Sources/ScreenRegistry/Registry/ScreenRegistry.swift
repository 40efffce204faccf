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
/// a path through ``DeeplinkScreen/canHandle(path:data:)``. On top of that, routes can
/// redirect, require a guard, name a parent for back stacks, and a fallback screen can
/// stand in for unknown paths.
public struct ScreenRegistry: Sendable {
    /// Routes by id; ids are registration order.
    var entries: [Route] = []
    var trie: RouteTrie

    /// The most redirects and guards one resolution follows before it reports a loop.
    public static let maximumHops = 8

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

    /// Finds the route for `path` without building its screen, following redirects and
    /// guards.
    ///
    /// Throws `.invalidPath` for malformed input and `.unknownPath`, with the closest
    /// pattern as a suggestion, when no route matches or every candidate declines and
    /// there is no ``fallback``. Redirects or guards that go round in circles throw
    /// `.screenFailed` wrapping a ``RoutingLoop``: that is a fault of the registry.
    ///
    /// `path` is `consuming` because what comes back keeps it: a miss's error always, a
    /// match when the path is already normalised. A caller done with its string hands it
    /// over, and a miss moves it into the error: no retain for the error and no release
    /// after the call, two atomic operations fewer. A caller that uses the string afterwards
    /// passes a copy, which costs what borrowing it cost before.
    public func resolve(_ path: consuming String, data: [String: String] = [:]) throws(ScreenRegistryError) -> RouteMatch {
        // The first hop reads the caller's data in place (a `var` copy would retain and
        // release it on every lookup); only redirects and guards make new ones. It is
        // ``hop(_:data:passed:)`` written out, so that a miss moves `path` into its error.
        var passed: [String] = []
        let first = try lookUp(path, data: data)
        if case .unmatched(let suggestionID) = first, fallback == nil {
            throw .unknownPath(path: path, suggestion: suggestionID.map { entries[$0].pattern })
        }
        var step = try proceed(first, from: path, data: data, passed: &passed)
        for _ in 0..<Self.maximumHops {
            guard case .next(let target, let targetData) = step else { break }
            step = try hop(target, data: targetData, passed: &passed)
        }
        switch consume step {
        case .done(let match):
            return match
        case .next(let target, _):
            throw .screenFailed(path: path, underlying: RoutingLoop(chain: passed + [target]))
        }
    }

    /// What one hop of ``resolve(_:data:)`` ends with.
    private enum Hop {
        /// The answer: a match, or the fallback's.
        case done(RouteMatch)
        /// A redirect or a guard sends the lookup on to this path with this data.
        case next(String, [String: String])
    }

    /// One hop of ``resolve(_:data:)``: looks `current` up; a redirect or a failed guard
    /// adds the matched path to `passed` and names the next path.
    @inline(__always)
    private func hop(
        _ current: String, data currentData: [String: String], passed: inout [String]
    ) throws(ScreenRegistryError) -> Hop {
        try proceed(try lookUp(current, data: currentData), from: current, data: currentData, passed: &passed)
    }

    /// The rest of a hop, once `current` has been looked up.
    @inline(__always)
    private func proceed(
        _ lookup: consuming Lookup, from current: String, data currentData: [String: String], passed: inout [String]
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
            if let target = entries[id].redirect {
                passed.append(match.path)
                let next = try Self.fill(target, with: match.parameters, from: entries[id].pattern)
                return .next(next, match.data.filter { match.parameters[$0.key] == nil })
            }
            if let routeGuard = entries[id].routeGuard, !routeGuard.isSatisfied(match.data) {
                passed.append(match.path)
                var nextData = match.data
                nextData["next"] = Self.pathWithQuery(match.path, query)
                return .next(routeGuard.target, nextData)
            }
            // Returned as it came when nothing redirected to it: a `var` binding here was
            // copied into the result, every field retained, and then destroyed.
            guard !passed.isEmpty else { return .done(match) }
            var redirected = match
            redirected.redirects = passed
            return .done(redirected)
        }
    }

    /// Resolves `path` and builds its screen.
    ///
    /// Errors thrown by the screen type that are not already a ``ScreenRegistryError``
    /// come wrapped in `.screenFailed`. `path` is `consuming`, as in ``resolve(_:data:)``.
    public func screen(for path: consuming String, data: [String: String] = [:]) async throws(ScreenRegistryError) -> Screen {
        try await screen(for: resolve(path, data: data))
    }

    /// Builds the screen for a match that ``resolve(_:data:)`` returned.
    ///
    /// While the screen is built, ``current`` is this registry, so typed links
    /// (``Action/navigate(to:_:)``) find their paths in it.
    public func screen(for match: RouteMatch) async throws(ScreenRegistryError) -> Screen {
        do {
            return try await Self.$current.withValue(self) {
                let screen = try match.screenType.init(path: match.path, data: match.data)
                return try await screen.screen()
            }
        } catch let error as ScreenRegistryError {
            throw error
        } catch {
            throw .screenFailed(path: match.path, underlying: error)
        }
    }

    /// The registry building a screen right now, for typed links; `nil` outside one.
    @TaskLocal public static var current: ScreenRegistry?

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
