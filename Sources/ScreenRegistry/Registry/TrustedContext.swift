/// What the server knows about a request, as opposed to what the client sends.
///
/// A client controls its path, query items, headers and body: all of that is data,
/// and data is untrusted. The trusted request context comes from the host application
/// alone: an authenticator in the service, the argument to
/// ``ScreenRegistry/resolve(_:data:context:)-(String,_,_)`` in library use, the operator's `--data`
/// on the command line. Guards read only this context (ARCHITECTURE.md, "Trust"), so no
/// query item or header can satisfy a guard unless the application vouched for it.
///
/// Values are kept by key; the usual ones have properties of their own:
///
/// ```swift
/// var context = TrustedContext(user: "ada", session: "s-81c2")
/// context.roles = ["admin"]
/// context["tenant"] = "acme"          // any other fact the application establishes
/// ```
public struct TrustedContext: Sendable, Hashable {
    /// The trusted values by key: `user`, `session`, `platform`, `clientVersion`,
    /// `locale`, and whatever else the application establishes.
    public var values: [String: String]
    /// The roles the signed-in user has.
    public var roles: Set<String>
    /// What the client declared about itself and the service passes on for screens that
    /// adapt to it (`hyperviewVersion`, from `X-Hyperview-Version`). A screen reads it by
    /// the subscript like the rest, when no trusted value has the key; guards and
    /// ``DeeplinkScreen/canHandle(path:data:context:)`` never see it (``vouched``), so a
    /// header can choose what a screen shows but never which route answers.
    public var declared: [String: String] = [:]

    /// Creates a context; an empty one is an anonymous request.
    public init(
        user: String? = nil, session: String? = nil, roles: Set<String> = [], platform: String? = nil,
        clientVersion: String? = nil, locale: String? = nil, values: [String: String] = [:]
    ) {
        self.values = values
        self.roles = roles
        if let user { self.values["user"] = user }
        if let session { self.values["session"] = session }
        if let platform { self.values["platform"] = platform }
        if let clientVersion { self.values["clientVersion"] = clientVersion }
        if let locale { self.values["locale"] = locale }
    }

    /// A request nobody vouched for: no user, no session, no roles.
    public static let anonymous = TrustedContext()

    /// The trusted value for `key`, else the client's declared one (``declared``). Setting
    /// sets the trusted value only; a declared one is changed in ``declared``.
    public subscript(key: String) -> String? {
        get { values[key] ?? declared[key] }
        set { values[key] = newValue }
    }

    /// The context without what the client declared: what guards and `canHandle` read.
    public var vouched: TrustedContext {
        guard !declared.isEmpty else { return self }
        var vouched = self
        vouched.declared = [:]
        return vouched
    }

    /// The signed-in user's identifier.
    public var user: String? {
        get { values["user"] }
        set { values["user"] = newValue }
    }

    /// The session the application verified.
    public var session: String? {
        get { values["session"] }
        set { values["session"] = newValue }
    }

    /// The client's platform (`IOS`, `ANDROID`, `WEB`), as the application established it.
    public var platform: String? {
        get { values["platform"] }
        set { values["platform"] = newValue }
    }

    /// The client's version, as the application established it.
    public var clientVersion: String? {
        get { values["clientVersion"] }
        set { values["clientVersion"] = newValue }
    }

    /// The locale the response is for, such as `pt-BR`.
    public var locale: String? {
        get { values["locale"] }
        set { values["locale"] = newValue }
    }
}
