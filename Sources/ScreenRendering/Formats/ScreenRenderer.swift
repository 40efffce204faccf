import ScreenRegistry

/// A writer of the screen tree in one output format: what ``ScreenFormat`` dispatches to.
///
/// Adding a format is a type that conforms to this and one case in ``ScreenFormat``.
public protocol ScreenRenderer: Sendable {
    /// The media type of what it writes.
    var contentType: String { get }

    /// A renderer with the settings of `options` that its format honours.
    init(options: RenderOptions)

    /// Writes any node of the uniform tree as UTF-8 bytes.
    func renderBytes(_ node: Node) throws -> [UInt8]

    /// Writes a back stack, root first. By default the screens are listed: a
    /// `custom:stack` node of entries with `path` and `screen`.
    func renderStackBytes(_ entries: [(path: String, screen: Screen)]) throws -> [UInt8]
}

extension ScreenRenderer {
    public func renderStackBytes(_ entries: [(path: String, screen: Screen)]) throws -> [UInt8] {
        let items = entries.map { entry in
            Node.Value.node(.object([.init("path", .string(entry.path)), .init("screen", .node(entry.screen.node))]))
        }
        return try renderBytes(Node(kind: .component, type: "custom:stack", properties: [.init("screens", .list(items))]))
    }
}

extension TextRenderer: ScreenRenderer {
    public init(options: RenderOptions) {
        self.init()
    }

    public func renderBytes(_ node: Node) -> [UInt8] {
        Array(render(node).utf8)
    }
}

extension XMLRenderer: ScreenRenderer {
    public init(options: RenderOptions) {
        self.init(compact: options.compact)
    }
}

extension BeagleJSONRenderer: ScreenRenderer {
    public init(options: RenderOptions) {
        self.init(pretty: options.pretty, platform: options.platform)
    }

    /// A back stack as the actions that restore it on a client: `resetApplication` to
    /// the root, then a `pushView` for each screen above it.
    public func renderStackBytes(_ entries: [(path: String, screen: Screen)]) -> [UInt8] {
        let actions = entries.enumerated().map { index, entry in
            index == 0 ? Action.resetApplication(to: entry.path) : .navigate(to: entry.path)
        }
        return Array(render(actions: actions).utf8)
    }
}

extension DivKitRenderer: ScreenRenderer {
    public init(options: RenderOptions) {
        self.init(pretty: options.pretty, platform: options.platform)
    }

    /// A back stack as one card whose states are the screens, the top one shown.
    public func renderStackBytes(_ entries: [(path: String, screen: Screen)]) -> [UInt8] {
        Array(renderStack(entries).utf8)
    }
}

extension HXMLRenderer: ScreenRenderer {
    public init(options: RenderOptions) {
        self.init(compact: options.compact, platform: options.platform)
    }

    /// A back stack as one document of the screens, the top one first.
    public func renderStackBytes(_ entries: [(path: String, screen: Screen)]) throws(HXMLRenderError) -> [UInt8] {
        Array(try renderStack(entries).utf8)
    }
}
