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
