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
    /// Property values the client renders only from a later version than their type.
    public let properties: [PropertyRequirement]
    /// Where the facts come from.
    public let sources: [String]
    /// ``types`` by type: every rendered node is looked up.
    private let sinceByType: [String: Version?]

    /// Capabilities from their data.
    public init(
        client: String, format: ScreenFormat, types: [(type: String, since: Version?)],
        properties: [PropertyRequirement] = [], sources: [String]
    ) {
        self.client = client
        self.format = format
        self.types = types
        self.properties = properties
        self.sources = sources
        sinceByType = Dictionary(types.map { ($0.type, $0.since) }, uniquingKeysWith: { first, _ in first })
    }

    /// A property value a client renders only from `since`: a property of nodes of `type`
    /// (`*`: every component), reached by `path` through objects (`style`, `flex`,
    /// `justifyContent`), with one of `values`.
    public struct PropertyRequirement: Sendable, CustomStringConvertible {
        public var type: String
        public var path: [String]
        public var values: [String]
        public var since: Version

        /// A requirement from its data.
        public init(_ type: String, _ path: [String], _ values: [String], since: Version) {
            self.type = type
            self.path = path
            self.values = values
            self.since = since
        }

        /// `beagle:textInput type=PASSWORD`.
        public var description: String {
            "\(type) \(path.joined(separator: "."))=\(values.joined(separator: "|"))"
        }

        /// The value of `node` this requirement concerns, if it has one.
        func value(in node: Node) -> String? {
            guard type == "*" ? node.kind == .component : node.type == type else { return nil }
            var current = node
            for (index, name) in path.enumerated() {
                switch current[property: name] {
                case .node(let object)? where index < path.count - 1: current = object
                case .string(let text)? where index == path.count - 1: return values.contains(text) ? text : nil
                default: return nil
                }
            }
            return nil
        }
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
        ownFormats[format] ?? makeOwnFormat(format)
    }

    /// Built once, not for every request that a fit reads them in.
    private static let ownFormats = Dictionary(uniqueKeysWithValues: ScreenFormat.allCases.map { ($0, makeOwnFormat($0)) })

    private static func makeOwnFormat(_ format: ScreenFormat) -> ClientCapabilities {
        ClientCapabilities(client: format.rawValue, format: format, types: beagle.types, sources: ["ARCHITECTURE.md, Formats"])
    }
}

extension ClientCapabilities {
    /// A version written in the data as a literal: one that does not read is a
    /// programmer's error, caught by the capability tests, never by outside input.
    static func version(_ text: String) -> Version {
        guard let version = Version(text) else { preconditionFailure("ClientCapabilities: '\(text)' is not a version") }
        return version
    }
}
