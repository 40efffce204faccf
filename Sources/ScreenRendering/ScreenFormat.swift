import ScreenRegistry

/// An output format, by the name the CLI and the server use for it.
public enum ScreenFormat: String, CaseIterable, Sendable {
    /// The indented tree of ``TextRenderer``.
    case text
    /// The XML dialect of ``XMLRenderer``, indented unless compact.
    case xml
    /// Beagle's wire format, written by ``BeagleJSONRenderer``, compact unless pretty.
    case json
    /// A DivKit document, written by ``DivKitRenderer``, compact unless pretty.
    case divkit
    /// A Hyperview document (HXML), written by ``HXMLRenderer``, indented unless compact.
    case hxml

    /// The media type of the output.
    public var contentType: String {
        switch self {
        case .text: TextRenderer().contentType
        case .xml: XMLRenderer().contentType
        case .json: BeagleJSONRenderer().contentType
        case .divkit: DivKitRenderer().contentType
        case .hxml: HXMLRenderer().contentType
        }
    }

    /// Renders `screen` in this format.
    public func render(_ screen: Screen, options: RenderOptions = RenderOptions()) throws -> String {
        try render(screen.node, options: options)
    }

    /// Renders `screen` in this format as UTF-8 bytes: the same bytes as
    /// ``render(_:options:)-(Screen,_)``, without a `String` in between for XML and JSON.
    public func renderBytes(_ screen: Screen, options: RenderOptions = RenderOptions()) throws -> [UInt8] {
        try renderBytes(screen.node, options: options)
    }

    /// Renders any node of the uniform tree in this format as UTF-8 bytes.
    public func renderBytes(_ node: Node, options: RenderOptions = RenderOptions()) throws -> [UInt8] {
        switch self {
        case .text: Array(TextRenderer().render(node).utf8)
        case .xml: try XMLRenderer(compact: options.compact).renderBytes(node)
        case .json: BeagleJSONRenderer(pretty: options.pretty, platform: options.platform).renderBytes(node)
        case .divkit: DivKitRenderer(pretty: options.pretty, platform: options.platform).renderBytes(node)
        case .hxml: try HXMLRenderer(compact: options.compact, platform: options.platform).renderBytes(node)
        }
    }

    /// Renders any node of the uniform tree (an imported screen, say) in this format.
    public func render(_ node: Node, options: RenderOptions = RenderOptions()) throws -> String {
        switch self {
        case .text: TextRenderer().render(node)
        case .xml: try XMLRenderer(compact: options.compact).render(node)
        case .json: BeagleJSONRenderer(pretty: options.pretty, platform: options.platform).render(node)
        case .divkit: DivKitRenderer(pretty: options.pretty, platform: options.platform).render(node)
        case .hxml: try HXMLRenderer(compact: options.compact, platform: options.platform).render(node)
        }
    }
}

extension ScreenFormat {
    /// Renders a back stack, root first: text and XML list the screens (a
    /// `custom:stack` node of entries with `path` and `screen`); Beagle JSON is the
    /// actions that restore the stack on a client, `resetApplication` to the root
    /// followed by a `pushView` for each screen above it; DivKit is one card whose states
    /// are the screens, the top one shown; HXML is one document of the screens, the top
    /// one first.
    public func renderStack(
        _ entries: [(path: String, screen: Screen)], options: RenderOptions = RenderOptions()
    ) throws -> String {
        switch self {
        case .json:
            let actions = entries.enumerated().map { index, entry in
                index == 0 ? Action.resetApplication(to: entry.path) : .navigate(to: entry.path)
            }
            return BeagleJSONRenderer(pretty: options.pretty, platform: options.platform).render(actions: actions)
        case .divkit:
            return DivKitRenderer(pretty: options.pretty, platform: options.platform).renderStack(entries)
        case .hxml:
            return try HXMLRenderer(compact: options.compact, platform: options.platform).renderStack(entries)
        case .text, .xml:
            let items = entries.map { entry in
                Node.Value.node(.object([.init("path", .string(entry.path)), .init("screen", .node(entry.screen.node))]))
            }
            let stack = Node(kind: .component, type: "custom:stack", properties: [.init("screens", .list(items))])
            return try render(stack, options: options)
        }
    }
}

/// Settings that some formats honour and the others ignore.
public struct RenderOptions: Sendable, Hashable {
    /// XML without indentation.
    public var compact: Bool
    /// JSON indented, one member per line.
    public var pretty: Bool
    /// JSON, DivKit and HXML for one client platform: nodes marked for other platforms are left out.
    public var platform: Platforms?

    /// Creates options; by default XML is indented, JSON compact, for every platform.
    public init(compact: Bool = false, pretty: Bool = false, platform: Platforms? = nil) {
        self.compact = compact
        self.pretty = pretty
        self.platform = platform
    }
}
