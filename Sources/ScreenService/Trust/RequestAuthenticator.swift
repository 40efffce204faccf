import ScreenRegistry

/// Establishes what the server trusts about a request, before it is resolved.
///
/// The host application supplies one: it reads the request's headers (a session cookie,
/// a bearer token) and answers with the trusted `TrustedContext` or a
/// rejection. Guards read only that context, so a query item or a header that the
/// authenticator did not vouch for never satisfies one (ARCHITECTURE.md, "Trust").
///
/// ```swift
/// struct SessionAuthenticator: RequestAuthenticator {
///     let sessions: SessionStore
///     func authenticate(_ request: ScreenRequest) async throws(AuthenticationFailure) -> TrustedContext {
///         guard let token = request.header("authorization") else { return .anonymous }
///         guard let user = await sessions.user(forBearer: token) else {
///             throw AuthenticationFailure(message: "The session has expired.")
///         }
///         return TrustedContext(user: user.id, session: token, roles: user.roles)
///     }
///
///     var headerNames: [String] { ["Authorization"] }
/// }
/// ```
///
/// A response depends on what the authenticator read, so the service names those fields
/// in `Vary`, and a response to a request it vouched for is never `public`.
public protocol RequestAuthenticator: Sendable {
    /// The trusted context of `request`; throws to refuse the request.
    func authenticate(_ request: ScreenRequest) async throws(AuthenticationFailure) -> TrustedContext

    /// The names of the request header fields ``authenticate(_:)`` reads, such as
    /// `Authorization` or `Cookie`: a screen's body varies with them, so every screen
    /// response names them in `Vary` and no cache gives one user's screen to another.
    /// None by default.
    var headerNames: [String] { get }
}

extension RequestAuthenticator {
    public var headerNames: [String] { [] }
}

/// An authenticator's refusal: the request gets this status (`401` by default) with an
/// error screen, and nothing is resolved.
public struct AuthenticationFailure: Error, Sendable, Equatable {
    /// The status: `401` for missing or bad credentials, `403` for a refusal.
    public var status: Int
    /// A sentence for the client; it must not reveal server-side details.
    public var message: String
    /// Extra header fields, such as `WWW-Authenticate`.
    public var headers: [HeaderField]

    /// Creates a refusal.
    public init(status: Int = 401, message: String = "Authentication is required.", headers: [HeaderField] = []) {
        self.status = status
        self.message = message
        self.headers = headers
    }
}

/// Vouches for nothing: every request is anonymous, so every guard that needs a value
/// sends the client to its guard screen. The default.
public struct AnonymousAuthenticator: RequestAuthenticator {
    /// Creates the authenticator.
    public init() {}

    public func authenticate(_ request: ScreenRequest) async throws(AuthenticationFailure) -> TrustedContext {
        .anonymous
    }
}

/// Trusts header fields that a gateway in front of the service sets after it has
/// verified them, such as `X-Authenticated-User`, copying each into the context under
/// a key.
///
/// Use it only behind a gateway that removes these fields from what clients send:
/// exposed directly, it lets any client claim any value.
public struct TrustedHeaderAuthenticator: RequestAuthenticator {
    /// Context keys by header name (lowercased): `["x-authenticated-user": "user"]`.
    public var keysByHeader: [String: String]

    /// Creates the authenticator; `keysByHeader` maps header names to context keys.
    public init(keysByHeader: [String: String]) {
        self.keysByHeader = Dictionary(
            keysByHeader.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first }
        )
    }

    /// The trusted header fields, in sorted order.
    public var headerNames: [String] { keysByHeader.keys.sorted() }

    public func authenticate(_ request: ScreenRequest) async throws(AuthenticationFailure) -> TrustedContext {
        var context = TrustedContext()
        for (header, key) in keysByHeader {
            if let value = request.header(header), !value.isEmpty { context[key] = value }
        }
        return context
    }
}
