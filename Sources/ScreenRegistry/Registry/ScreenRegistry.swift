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

    /// The views the app ships beside its client library, by app version and platform:
    /// what a custom component needs to be sent to a client (``AppComponents``).
    public var appComponents = AppComponents()

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
                trie.insert(parsed.segments, id: entries.count - 1)
            case (nil, nil):
                break
            }
        }
    }

    /// Resolves `path` and builds its screen.
    ///
    /// Errors thrown by the screen type that are not already a ``ScreenRegistryError``
    /// come wrapped in `.screenFailed`.
    public func screen(
        for path: String, data: [String: String] = [:], context: TrustedContext = .anonymous
    ) async throws(ScreenRegistryError) -> Screen {
        try await screen(for: resolve(path, data: data, context: context))
    }

    /// Builds the screen for a match that ``resolve(_:data:context:)-(String,_,_)`` returned, with
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
}
