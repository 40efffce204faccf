/// The outcome of resolving a path: which route won and what its screen receives.
public struct RouteMatch: Sendable {
    /// The winning pattern, exactly as registered (empty for the fallback).
    public var pattern: String
    /// The screen type registered for it.
    public var screenType: any DeeplinkScreen.Type
    /// The captured path parameters, decoded.
    public var parameters: [String: String]
    /// What `init(path:data:)` receives: query items, then the caller's data, then parameters.
    public var data: [String: String]
    /// The normalised path, such as `/profile/42`.
    public var path: String
    /// The normalised paths passed through before this one, oldest first: redirects
    /// (`/u/42` before `/profile/42`) and guards (`/payment` before `/login`).
    public var redirects: [String] = []
    /// Whether no route matched and this is the registry's fallback screen.
    public var isFallback = false
    /// What the host application vouched for about the request; the screen receives it
    /// beside its data.
    public var context: TrustedContext = .anonymous

    /// The id of the winning route inside its registry.
    var routeID: Int?
}

/// A registered route.
public struct Route: Sendable {
    /// The pattern exactly as registered.
    public var pattern: String
    /// The parsed pattern.
    public var parsed: RoutePattern
    /// The screen type built for paths that match (``RedirectRoute`` for redirects).
    public var screenType: any DeeplinkScreen.Type
    /// The pattern of the screen below this one in a back stack, if any.
    public var parent: String?
    /// A condition on the data; when it fails, the guard's screen is shown instead.
    public var routeGuard: RouteGuard?
    /// For a redirect: the path template it forwards to, such as `profile/:userId`.
    public var redirect: String?
}

/// A condition a route requires of the trusted request context, with the screen to
/// show when it fails.
///
/// A guard reads only the ``TrustedContext``, never the data: query items and headers
/// come from the client and cannot open a guarded screen. The guard's screen receives
/// the original path (with its query) as `next`, so the client can return there
/// afterwards, as in "log in, then continue to payment".
public struct RouteGuard: Sendable, CustomStringConvertible {
    /// What the guard requires, for listings and reports.
    public var description: String
    /// The path shown when the condition fails, such as `login`.
    public var target: String
    /// Whether the trusted context satisfies the guard.
    public var isSatisfied: @Sendable (_ context: TrustedContext) -> Bool

    /// Creates a guard from any condition on the trusted context.
    public init(
        _ description: String, else target: String,
        isSatisfied: @escaping @Sendable (_ context: TrustedContext) -> Bool
    ) {
        self.description = description
        self.target = target
        self.isSatisfied = isSatisfied
    }

    /// Requires a non-empty trusted value for `key` (a `session`, say); otherwise shows
    /// `target`.
    public static func requires(_ key: String, else target: String) -> RouteGuard {
        RouteGuard("requires \(key)", else: target) { context in !(context[key] ?? "").isEmpty }
    }

    /// Requires the role `role`; otherwise shows `target`.
    public static func requiresRole(_ role: String, else target: String) -> RouteGuard {
        RouteGuard("requires role \(role)", else: target) { context in context.roles.contains(role) }
    }
}

/// The screen type of a redirect entry. A redirect is always followed, so this screen
/// is never built by the registry.
public struct RedirectRoute: DeeplinkScreen {
    public init(path: String, data: [String: String]) {}

    public func screen() async throws -> Screen {
        Screen {}
    }
}

/// Why resolving went round in circles: redirects, guards or parents that lead back to
/// a path (or, for parents, a pattern) already passed in the same resolution.
public struct RoutingLoop: Error, Sendable, CustomStringConvertible {
    /// The paths or patterns visited, in order; the last one is the first seen again.
    public var chain: [String]

    /// Creates the error for `chain`.
    public init(chain: [String]) {
        self.chain = chain
    }

    public var description: String {
        "routing loops: " + chain.joined(separator: " → ")
    }
}

/// Why resolving stopped: a chain of redirects and guards longer than
/// ``ScreenRegistry/maximumHops``, none of them repeating. A legitimate chain is far
/// shorter; a longer one is a fault of the registry.
public struct RedirectLimitExceeded: Error, Sendable, CustomStringConvertible {
    /// The paths passed, in order.
    public var chain: [String]

    /// Creates the error for `chain`.
    public init(chain: [String]) {
        self.chain = chain
    }

    public var description: String {
        "more than \(ScreenRegistry.maximumHops) redirects and guards: " + chain.joined(separator: " → ")
    }
}
