import ScreenRegistry

/// A writer of the screen tree in one output format: what ``ScreenFormat`` dispatches to.
///
/// Adding a format is a type that conforms to this and one case in ``ScreenFormat``.
public protocol ScreenRenderer: Sendable {
    /// The media type of what it writes.
    var contentType: String { get }

    /// What the client library that reads the format renders, by version.
    static var capabilities: ClientCapabilities { get }

    /// A renderer with the settings of `options` that its format honours.
    init(options: RenderOptions)

    /// Writes any node of the uniform tree as UTF-8 bytes.
    func renderBytes(_ node: Node) throws -> [UInt8]

    /// Writes a back stack, root first, each screen as its node. By default the screens
    /// are listed: a `custom:stack` node of entries with `path` and `screen`.
    func renderStackBytes(_ entries: [(path: String, node: Node)]) throws -> [UInt8]
}

extension ScreenRenderer {
    public func renderStackBytes(_ entries: [(path: String, node: Node)]) throws -> [UInt8] {
        let items = entries.map { entry in
            Node.Value.node(.object([.init("path", .string(entry.path)), .init("screen", .node(entry.node))]))
        }
        return try renderBytes(Node(kind: .component, type: "custom:stack", properties: [.init("screens", .list(items))]))
    }
}

extension TextRenderer: ScreenRenderer {
    public static var capabilities: ClientCapabilities { .ownFormat(.text) }

    public init(options: RenderOptions) {
        self.init(platform: options.platform)
    }
}

extension XMLRenderer: ScreenRenderer {
    public static var capabilities: ClientCapabilities { .ownFormat(.xml) }

    public init(options: RenderOptions) {
        self.init(compact: options.compact, platform: options.platform)
    }
}

extension BeagleJSONRenderer: ScreenRenderer {
    public static var capabilities: ClientCapabilities { .beagle }

    public init(options: RenderOptions) {
        self.init(pretty: options.pretty, platform: options.platform)
    }

    /// A back stack as the actions that restore it on a client: `resetApplication` to
    /// the root, then a `pushView` for each screen above it.
    public func renderStackBytes(_ entries: [(path: String, node: Node)]) -> [UInt8] {
        let actions = entries.enumerated().map { index, entry in
            index == 0 ? Action.resetApplication(to: entry.path) : .navigate(to: entry.path)
        }
        return Array(render(actions: actions).utf8)
    }
}

extension DivKitRenderer: ScreenRenderer {
    public static var capabilities: ClientCapabilities { .divKit }

    public init(options: RenderOptions) {
        self.init(pretty: options.pretty, platform: options.platform)
    }

}

extension HXMLRenderer: ScreenRenderer {
    public static var capabilities: ClientCapabilities { .hyperview }

    public init(options: RenderOptions) {
        self.init(compact: options.compact, platform: options.platform)
    }

}

extension HTMLRenderer: ScreenRenderer {
    public static var capabilities: ClientCapabilities { .ownFormat(.html) }

    public init(options: RenderOptions) {
        self.init(platform: options.platform, linkBase: options.linkBase)
    }

    public func renderBytes(_ node: Node) -> [UInt8] {
        Array(render(node).utf8)
    }

    /// A back stack as one page of the screens, root first.
    public func renderStackBytes(_ entries: [(path: String, node: Node)]) -> [UInt8] {
        Array(renderStack(entries).utf8)
    }
}
