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
