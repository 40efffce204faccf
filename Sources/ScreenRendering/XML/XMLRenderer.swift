internal import CLibXML2
import ScreenRegistry

/// Writes a screen as XML through libxml2's `xmlTextWriter`, in the dialect that
/// ``XMLReader`` reads back and `screen-1.xsd` describes (README.md, section "XML").
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <screenComponent xmlns="urn:screenregistry:screen:1">
///   <navigationBar title="Profile"/>
///   <child>
///     <container>
///       <children>
///         <text>Hello</text>
///         <button text="Follow">
///           <onPress>
///             <pushView>
///               <route url="/follow/42"/>
///             </pushView>
///           </onPress>
///         </button>
///       </children>
///     </container>
///   </child>
/// </screenComponent>
/// ```
///
/// The output is always well-formed: characters XML 1.0 forbids (U+0000–U+0008,
/// U+000B, U+000C, U+000E–U+001F, U+FFFE, U+FFFF) become U+FFFD; everything else,
/// including characters outside the Basic Multilingual Plane, is kept.
public struct XMLRenderer: Sendable {
    /// The media type of the output.
    public let contentType = "application/xml; charset=utf-8"
    /// Whether to leave out the line breaks and indentation.
    public var compact: Bool
    /// When set, nodes marked for other platforms are left out.
    public var platform: Platforms?

    /// Creates an XML renderer; the output is indented unless `compact`, for every
    /// platform unless `platform`.
    public init(compact: Bool = false, platform: Platforms? = nil) {
        self.compact = compact
        self.platform = platform
    }

    /// Renders `screen`; ends with a newline.
    public func render(_ screen: Screen) throws(XMLRenderError) -> String {
        try render(screen.node)
    }

    /// Renders any node of the uniform tree as the document's root element.
    public func render(_ node: Node) throws(XMLRenderError) -> String {
        let sink = StringSink()
        try write(node, to: sink)
        return sink.finish()
    }

    /// Renders `screen` as UTF-8 bytes, for writing to a socket or a file without
    /// making a `String` first; the same bytes as ``render(_:)-(Screen)``.
    public func renderBytes(_ screen: Screen) throws(XMLRenderError) -> [UInt8] {
        try renderBytes(screen.node)
    }

    /// Renders any node of the uniform tree as UTF-8 bytes.
    public func renderBytes(_ node: Node) throws(XMLRenderError) -> [UInt8] {
        let sink = ByteSink()
        try write(node, to: sink)
        return sink.bytes
    }

    /// Writes the document through libxml2 into `sink`, chunk by chunk.
    private func write(_ node: Node, to sink: OutputSink) throws(XMLRenderError) {
        // A root for another platform leaves an empty screen, as the other formats do.
        let node = platform.map { node.forPlatform($0) ?? Node(kind: .component, type: node.type) } ?? node
        let written: Bool = withExtendedLifetime(sink) {
            guard let textWriter = sink.makeTextWriter() else { return false }
            var writer = XMLTreeWriter(writer: textWriter, pretty: !compact, sink: sink)
            writer.check(xmlTextWriterStartDocument(textWriter, "1.0", "UTF-8", nil))
            writer.writeRoot(node)
            writer.check(xmlTextWriterEndDocument(textWriter))
            xmlFreeTextWriter(textWriter)
            if writer.usesCustomNamespace, let offset = writer.rootNamespaceEnd, !writer.failed {
                // Declared on the root, where the walk could not know yet that it is needed.
                sink.insert(XMLTreeWriter.customNamespaceDeclaration, at: offset)
            }
            return !writer.failed
        }
        guard written else { throw XMLRenderError(message: "libxml2 could not write the document") }
    }
}

/// libxml2 failed while writing (in practice: out of memory).
public struct XMLRenderError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
