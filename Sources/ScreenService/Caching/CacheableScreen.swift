import ScreenRegistry

/// A screen type whose rendered body the service may reuse for a while.
///
/// Building and rendering a screen costs far more than sending bytes already rendered.
/// A screen type that is a function of its path and data alone (no clock, no database,
/// no per-user state beyond the data) says how long its body stays good, and the
/// service reuses it for that long, per route, normalised path, data, trusted context,
/// format and platform, with the same `ETag`:
///
/// ```swift
/// extension ProfileScreen: CacheableScreen {
///     static let cacheLifetime: Duration = .seconds(60)
/// }
/// ```
///
/// The registry itself never caches; a screen type that does not conform is built for
/// every request. ``ScreenService/ScreenService/Configuration/memoizedRoutes`` sets or
/// overrides the lifetime by route, for screen types that cannot be changed.
public protocol CacheableScreen: DeeplinkScreen {
    /// How long a rendered body may be reused.
    static var cacheLifetime: Duration { get }
}
