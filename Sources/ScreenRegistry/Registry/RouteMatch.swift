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

/// A condition a route requires of the data, with the screen to show when it fails.
///
/// The guard's screen receives the original path (with its query) as `next`, so the
/// client can return there afterwards, as in "log in, then continue to payment".
public struct RouteGuard: Sendable, CustomStringConvertible {
    /// What the guard requires, for listings and reports.
    public var description: String
    /// The path shown when the condition fails, such as `login`.
    public var target: String
    /// Whether the merged data satisfies the guard.
    public var isSatisfied: @Sendable (_ data: [String: String]) -> Bool

    /// Creates a guard from any condition on the data.
    public init(
        _ description: String, else target: String,
        isSatisfied: @escaping @Sendable (_ data: [String: String]) -> Bool
    ) {
        self.description = description
        self.target = target
        self.isSatisfied = isSatisfied
    }

    /// Requires a non-empty `key` in the data (a `session`, say); otherwise shows `target`.
    public static func requires(_ key: String, else target: String) -> RouteGuard {
        RouteGuard("requires \(key)", else: target) { data in !(data[key] ?? "").isEmpty }
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

/// Why resolving went round in circles: redirects, guards or parents that lead back.
public struct RoutingLoop: Error, Sendable, CustomStringConvertible {
    /// The paths or patterns visited, in order.
    public var chain: [String]

    public var description: String {
        "routing loops: " + chain.joined(separator: " → ")
    }
}
