import ScreenRegistry

/// Who a screen is rendered for: the format, and what the client says about itself, its
/// platform, its client library's version and its app's version.
///
/// It is the client's word: fit for choosing what to render, never for authorizing
/// anything (ARCHITECTURE.md, "Trust"). The service builds it once a request from
/// negotiation and headers, the command line from `--client`, `--app-version` and
/// `--platform`; library users pass one to ``ClientFit``.
public struct ClientProfile: Sendable, Hashable, CustomStringConvertible {
    /// The format the client reads.
    public var format: ScreenFormat
    /// The client's platform; `nil` when it does not say.
    public var platform: Platforms?
    /// The version of the client library (Hyperview, DivKit); `nil` when it does not say.
    public var clientVersion: Version?
    /// The version of the app; `nil` when it does not say.
    public var appVersion: Version?

    /// Creates a profile.
    public init(format: ScreenFormat, platform: Platforms? = nil, clientVersion: Version? = nil, appVersion: Version? = nil) {
        self.format = format
        self.platform = platform
        self.clientVersion = clientVersion
        self.appVersion = appVersion
    }

    /// What the client library of the format renders.
    public var capabilities: ClientCapabilities {
        ClientCapabilities.of(format)
    }

    /// `divkit@30.4 app 2.0 IOS`: the client, its version, the app's and the platform, as known.
    public var description: String {
        var text = capabilities.client + (clientVersion.map { "@\($0)" } ?? "")
        if let appVersion { text += " app \(appVersion)" }
        if let platform { text += " \(platform)" }
        return text
    }
}
