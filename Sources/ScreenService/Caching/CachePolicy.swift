/// `Cache-Control` for successful screen responses, chosen by the matched route.
///
/// ```swift
/// var policy = CachePolicy(default: "no-cache")
/// policy["products"] = "public, max-age=60"
/// policy["profile/:userId"] = "private, max-age=30"
/// ```
///
/// Error responses are never stored (`no-store`). Whatever the policy, responses carry
/// a strong `ETag`, so `no-cache` still lets clients revalidate with `If-None-Match`
/// and get a `304` without a body.
public struct CachePolicy: Sendable {
    /// The value for routes without their own entry; `no-cache` unless set.
    public var defaultValue: String
    /// Values by route pattern, exactly as the pattern was registered.
    public var byPattern: [String: String]

    /// Creates a policy: `defaultValue` for every route but those in `byPattern`.
    public init(default defaultValue: String = "no-cache", byPattern: [String: String] = [:]) {
        self.defaultValue = defaultValue
        self.byPattern = byPattern
    }

    /// The value for the route `pattern`; setting `nil` returns it to the default.
    public subscript(pattern: String) -> String? {
        get { byPattern[pattern] }
        set { byPattern[pattern] = newValue }
    }

    /// The `Cache-Control` value for a response of the route `pattern`.
    public func value(for pattern: String) -> String {
        byPattern[pattern] ?? defaultValue
    }

    /// The `Cache-Control` value for a response of the route `pattern`; when the response
    /// is `personal` (built for a request the authenticator vouched for), `private` instead
    /// of `public`, so that no shared cache keeps one user's screen, whatever the route's
    /// value says.
    public func value(for pattern: String, personal: Bool) -> String {
        let value = value(for: pattern)
        guard personal else { return value }
        let directives = value.split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
        let lowercased = directives.map { $0.lowercased() }
        if lowercased.contains("private") || lowercased.contains("no-store") { return value }
        return (["private"] + directives.indices.filter { lowercased[$0] != "public" }.map { String(directives[$0]) })
            .joined(separator: ", ")
    }
}
