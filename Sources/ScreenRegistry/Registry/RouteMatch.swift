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
