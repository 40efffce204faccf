import ScreenRegistry

/// Writes a screen as a Hyperview document (HXML), which Hyperview's React Native client
/// renders: `<doc><screen><styles>…</styles><body>…</body></screen></doc>`.
///
/// ```xml
/// <doc xmlns="https://hyperview.org/hyperview" …>
///   <screen id="profile">
///     <styles>
///       <style id="s0" flexDirection="row"/>
///     </styles>
///     <body>
///       <header><text>Profile</text></header>
///       <view style="s0">
///         <text>Hello</text>
///         <view>
///           <text>Follow</text>
///           <behavior trigger="press" action="push" href="/follow/42"/>
///         </view>
///       </view>
///     </body>
///   </screen>
/// </doc>
/// ```
///
/// The mapping of every component, action and style property is the table in the README,
/// section "Hyperview". Navigation loads the deep-link path (`/profile/42`) from the same
/// service; styles are collected into `<styles>` once each, with ids in order of first
/// use; bindings are evaluated on the server, since Hyperview has none. Like
/// ``XMLRenderer``, the output is well-formed for any string (characters XML forbids
/// become U+FFFD), written by libxml2's `xmlTextWriter`.
public struct HXMLRenderer: Sendable {
    /// Hyperview's namespace, the default one of every document.
    public static let namespace = "https://hyperview.org/hyperview"
    /// Hyperview's alert behaviors.
    public static let alertNamespace = "https://hyperview.org/hyperview-alert"
    /// Components Hyperview has no element for (`<sr:badge>`): the app renders them when
    /// it registers a custom element of that name and namespace.
    public static let customNamespace = "urn:screenregistry:hyperview:1"

    /// The media type of a document.
    public let contentType = "application/vnd.hyperview+xml"
    /// The media type of a fragment (``renderFragment(_:id:)``).
    public let fragmentContentType = "application/vnd.hyperview_fragment+xml"
    /// Whether to leave out the line breaks and indentation.
    public var compact: Bool
    /// When set, nodes marked for other platforms are left out.
    public var platform: Platforms?
    /// The scheme of native routes (`openNativeRoute`), opened as `myapp://route`.
    public var appScheme: String

    /// Creates a renderer: indented, for every platform, `myapp://` native routes.
    public init(compact: Bool = false, platform: Platforms? = nil, appScheme: String = "myapp") {
        self.compact = compact
        self.platform = platform
        self.appScheme = appScheme
    }

    /// Renders `screen` as a document.
    public func render(_ screen: Screen) throws(HXMLRenderError) -> String {
        try render(screen.node)
    }

    /// Renders any node of the uniform tree as a document (a node that is not a screen is
    /// the body's one component).
    public func render(_ node: Node) throws(HXMLRenderError) -> String {
        String(decoding: try renderBytes(node), as: UTF8.self)
    }

    /// Renders `node` as UTF-8 bytes, for servers that write bytes.
    public func renderBytes(_ node: Node) throws(HXMLRenderError) -> [UInt8] {
        try document([(node, nil)], fragmentID: nil).bytes
    }

    /// Renders a back stack, root first, as one document of several screens, the top one
    /// first (Hyperview shows the first); each screen's id is its path, so a behavior can
    /// load it from the document with `href="#/path"`.
    public func renderStack(_ entries: [(path: String, screen: Screen)]) throws(HXMLRenderError) -> String {
        String(decoding: try renderStackBytes(entries.map { ($0.path, $0.screen.node) }), as: UTF8.self)
    }

    /// ``renderStack(_:)`` for screens given as their nodes (fitted to a client, say).
    public func renderStackBytes(_ entries: [(path: String, node: Node)]) throws(HXMLRenderError) -> [UInt8] {
        try document(entries.reversed().map { ($0.node, Optional($0.path)) }, fragmentID: nil).bytes
    }

    /// The element of the component whose `id` is `id`, as a fragment for Hyperview's
    /// `replace`, `replace-inner`, `append` and `prepend` behaviors. Its style ids are the
    /// ones the whole screen's document uses.
    public func renderFragment(_ node: Node, id: String) throws(HXMLRenderError) -> [UInt8] {
        let (bytes, range) = try document([(node, nil)], fragmentID: id)
        guard let range, let fragment = Self.fragment(bytes[range]) else { throw .fragmentNotFound(id) }
        return Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".utf8) + fragment + (compact ? [] : [0x0A])
    }

    private func document(_ screens: [(node: Node, id: String?)], fragmentID: String?) throws(HXMLRenderError) -> (bytes: [UInt8], fragment: Range<Int>?) {
        guard var writer = HXMLWriter(indent: !compact) else { throw .writerFailed }
        writer.startDocument()
        writer.start("doc")
        writer.attribute("xmlns", Self.namespace)
        writer.attribute(name: "xmlns:alert", Self.alertNamespace)
        writer.attribute(name: "xmlns:sr", Self.customNamespace)
        var mapping = HXMLMapping(writer: writer, appScheme: appScheme, platform: platform, fragmentID: fragmentID)
        for screen in screens {
            mapping.styles = HXMLStyleTable()
            mapping.screen(screen.node, id: screen.id)
        }
        mapping.writer.end()
        guard let bytes = mapping.writer.finish() else { throw .writerFailed }
        return (bytes, mapping.fragment)
    }

    /// The element in `bytes` (what was written while its component was), made a
    /// document of its own: comments and separators before it dropped, Hyperview's
    /// namespaces declared on it, and a custom element wrapped in a `<view>`.
    private static func fragment(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let byte = bytes[start]
            if byte == UInt8(ascii: "<") {
                guard bytes[start...].starts(with: "<!--".utf8) else { break }
                guard let close = bytes[start...].firstRange(of: "-->".utf8) else { return nil }
                start = close.upperBound
            } else {
                start += 1
            }
        }
        var end = bytes.endIndex
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x20 { end -= 1 }
        guard start < end else { return nil }
        // Indented output: the element's lines lose the indentation of its depth.
        var depth = 0
        while start - depth - 1 >= bytes.startIndex, bytes[start - depth - 1] == 0x20 { depth += 1 }
        var element: [UInt8] = []
        var index = start
        while index < end {
            element.append(bytes[index])
            if bytes[index] == 0x0A {
                var skipped = 0
                while skipped < depth, index + 1 < end, bytes[index + 1] == 0x20 {
                    index += 1
                    skipped += 1
                }
            }
            index += 1
        }
        let nameEnd = element.firstIndex { $0 == 0x20 || $0 == 0x0A || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "/") }
            ?? element.endIndex
        let declarations = Array(" xmlns=\"\(namespace)\" xmlns:alert=\"\(alertNamespace)\" xmlns:sr=\"\(customNamespace)\"".utf8)
        if element[1..<nameEnd].contains(UInt8(ascii: ":")) {
            return Array("<view".utf8) + declarations + [UInt8(ascii: ">")] + element + Array("</view>".utf8)
        }
        return Array(element[..<nameEnd]) + declarations + Array(element[nameEnd...])
    }
}

/// Why a Hyperview document or fragment could not be written.
public enum HXMLRenderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libxml2 failed while writing (in practice: out of memory).
    case writerFailed
    /// No component of the screen has this id.
    case fragmentNotFound(String)

    public var description: String {
        switch self {
        case .writerFailed: "libxml2 could not write the document"
        case .fragmentNotFound(let id): "no component with id \"\(id)\" in this screen"
        }
    }
}
