import ScreenRegistry

/// Writes a screen as an indented tree, one node per line: what people read in a
/// terminal and snapshot in tests.
///
/// ```
/// screenComponent
/// ├─ navigationBar: title="Profile"
/// └─ child: text text="Hello"
/// ```
///
/// Scalar properties follow the node's type on its line, in declaration order;
/// structured properties (actions, style, children) are the lines below it. Strings
/// are quoted and escaped, so every node stays on one line whatever it contains.
public struct TextRenderer: Sendable {
    /// The media type of the output.
    public let contentType = "text/plain; charset=utf-8"

    /// When set, nodes marked for other platforms are left out; otherwise they are marked.
    public var platform: Platforms?

    /// Creates a text renderer; for every platform by default.
    public init(platform: Platforms? = nil) {
        self.platform = platform
    }

    /// Renders `screen`; ends with a newline.
    public func render(_ screen: Screen) throws -> String {
        render(screen.node)
    }

    /// Renders any node of the uniform tree.
    public func render(_ node: Node) -> String {
        String(decoding: renderBytes(node), as: UTF8.self)
    }

    /// Renders `node` as UTF-8 bytes, for servers that write bytes.
    public func renderBytes(_ node: Node) -> [UInt8] {
        guard let node = platform.map(node.forPlatform) ?? node else { return [] }
        var writer = TextTreeWriter()
        writer.line(node, label: nil)
        return writer.output.bytes
    }
}
