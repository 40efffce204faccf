import ScreenRegistry

/// What one client library renders of the model: each component and action type, from
/// which of its versions. Data, read by one code path (``ClientFit``); each format's
/// renderer names its client's (``ScreenRenderer/capabilities``), with the sources beside
/// the facts.
public struct ClientCapabilities: Sendable {
    /// The client library's name, as `--client` takes it: `beagle`, `divkit`, `hyperview`;
    /// for our own formats, the format's name.
    public let client: String
    /// The format the client reads.
    public let format: ScreenFormat
    /// The model types it renders itself, each with the first client version that renders
    /// it on every platform (`nil`: every version).
    public let types: [(type: String, since: Version?)]
    /// Where the facts come from.
    public let sources: [String]
    /// ``types`` by type: every rendered node is looked up.
    private let sinceByType: [String: Version?]

    /// Capabilities from their data.
    public init(client: String, format: ScreenFormat, types: [(type: String, since: Version?)], sources: [String]) {
        self.client = client
        self.format = format
        self.types = types
        self.sources = sources
        sinceByType = Dictionary(types.map { ($0.type, $0.since) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether the client renders `type` at `version` (`nil`: a client that does not say,
    /// which gets what the newest renders); `nil` when it renders it only as a view of the
    /// app's own (a custom component), which the app must declare (`AppComponents`).
    public func renders(_ type: String, at version: Version?) -> Bool? {
        guard let entry = sinceByType[type] else { return nil }
        guard let since = entry, let version else { return true }
        return version >= since
    }

    /// The first version that renders `type`, when the client renders it only from one.
    public func since(_ type: String) -> Version? {
        sinceByType[type] ?? nil
    }
}

extension ClientCapabilities {
    /// The capabilities of the client that reads `format`.
    public static func of(_ format: ScreenFormat) -> ClientCapabilities {
        format.rendererType.capabilities
    }

    /// A format of ours that no client library reads (text, our XML): every type of the
    /// model, in every version; a custom component, as everywhere, only where the app
    /// declares it, so that these formats show what an app gets.
    static func ownFormat(_ format: ScreenFormat) -> ClientCapabilities {
        ClientCapabilities(client: format.rawValue, format: format, types: beagle.types, sources: ["ARCHITECTURE.md, Formats"])
    }
}
