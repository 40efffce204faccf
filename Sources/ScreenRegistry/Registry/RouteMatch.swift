/// The outcome of resolving a path: which route won and what its screen receives.
public struct RouteMatch: Sendable {
    /// The winning pattern, exactly as registered.
    public var pattern: String
    /// The screen type registered for it.
    public var screenType: any DeeplinkScreen.Type
    /// The captured path parameters, decoded.
    public var parameters: [String: String]
    /// What `init(path:data:)` receives: query items, then the caller's data, then parameters.
    public var data: [String: String]
    /// The normalised path, such as `/profile/42`.
    public var path: String
}

/// A registered route.
public struct Route: Sendable {
    /// The pattern exactly as registered.
    public var pattern: String
    /// The parsed pattern.
    public var parsed: RoutePattern
    /// The screen type built for paths that match.
    public var screenType: any DeeplinkScreen.Type
}
