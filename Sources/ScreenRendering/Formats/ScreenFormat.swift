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
    /// A web page, written by ``HTMLRenderer``.
    case html

    /// The renderer of each format: the one table a new format is added to.
    public var rendererType: any ScreenRenderer.Type {
        switch self {
        case .text: TextRenderer.self
        case .xml: XMLRenderer.self
        case .json: BeagleJSONRenderer.self
        case .divkit: DivKitRenderer.self
        case .hxml: HXMLRenderer.self
        case .html: HTMLRenderer.self
        }
    }

    /// This format's renderer with `options`.
    public func renderer(options: RenderOptions = RenderOptions()) -> any ScreenRenderer {
        rendererType.init(options: options)
    }

    /// The media type of the output.
    public var contentType: String {
        renderer().contentType
    }

    /// Renders `screen` in this format.
    public func render(_ screen: Screen, options: RenderOptions = RenderOptions()) throws -> String {
        try render(screen.node, options: options)
    }

    /// Renders any node of the uniform tree (an imported screen, say) in this format.
    public func render(_ node: Node, options: RenderOptions = RenderOptions()) throws -> String {
        String(decoding: try renderBytes(node, options: options), as: UTF8.self)
    }

    /// Renders `screen` in this format as UTF-8 bytes: what a response body needs.
    public func renderBytes(_ screen: Screen, options: RenderOptions = RenderOptions()) throws -> [UInt8] {
        try renderBytes(screen.node, options: options)
    }

    /// Renders any node of the uniform tree in this format as UTF-8 bytes.
    public func renderBytes(_ node: Node, options: RenderOptions = RenderOptions()) throws -> [UInt8] {
        try renderer(options: options).renderBytes(node)
    }

    /// Renders a back stack, root first (``ScreenRenderer/renderStackBytes(_:)``): text
    /// and XML list the screens; Beagle JSON is the actions that restore the stack on a
    /// client; DivKit is one card whose states are the screens, the top one shown; HXML
    /// is one document of the screens, the top one first.
    public func renderStack(
        _ entries: [(path: String, screen: Screen)], options: RenderOptions = RenderOptions()
    ) throws -> String {
        String(decoding: try renderer(options: options).renderStackBytes(entries.map { ($0.path, $0.screen.node) }), as: UTF8.self)
    }
}
