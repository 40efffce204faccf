import ScreenRegistry

/// Writes a screen in Beagle's wire format, which Beagle's iOS, Android and Web
/// clients render.
///
/// The type key comes first (`_beagleComponent_`, `_beagleAction_`,
/// `_beagleImagePath_`), properties follow in declaration order, absent values are
/// left out. Types without a namespace are written as `custom:<type>`. The output is
/// written straight to bytes and is valid JSON for any string: control characters,
/// U+2028 and U+2029 are escaped. Every literal string is escaped for Beagle's
/// expression language (`BeagleExpression.escaped(_:)`); only explicit bindings are
/// written as expressions. An `openExternalURL` or a `webView` whose URL is not a web
/// address (`javascript:`, `data:`) is left out, and a remote route's URL always starts
/// with `/`, so that the client fetches it from its own base URL.
public struct BeagleJSONRenderer: Sendable {
    /// The media type of the output.
    public let contentType = "application/json"
    /// Indent with two spaces and put each member on its own line.
    public var pretty: Bool
    /// When set, nodes marked for other platforms are left out.
    public var platform: Platforms?

    /// Creates a renderer; compact and for every platform by default.
    public init(pretty: Bool = false, platform: Platforms? = nil) {
        self.pretty = pretty
        self.platform = platform
    }

    /// Renders `screen` as a JSON document.
    public func render(_ screen: Screen) throws -> String {
        String(decoding: renderBytes(screen.node), as: UTF8.self)
    }

    /// Renders any node of the uniform tree.
    public func render(_ node: Node) -> String {
        String(decoding: renderBytes(node), as: UTF8.self)
    }

    /// Renders `node` as UTF-8 bytes, for servers that write bytes.
    public func renderBytes(_ node: Node) -> [UInt8] {
        var writer = JSONWriter(pretty: pretty)
        if isIncluded(node) {
            write(node, into: &writer)
        } else {
            writer.output.append("null")
        }
        if pretty { writer.output.append(UInt8(ascii: "\n")) }
        return writer.output.bytes
    }

    /// Renders a list of actions as a JSON array, such as the `resetApplication` and
    /// `pushView`s that restore a back stack.
    public func render(actions: [Action]) -> String {
        var writer = JSONWriter(pretty: pretty)
        write(.list(actions.map { .node($0.node) }), into: &writer)
        if pretty { writer.output.append(UInt8(ascii: "\n")) }
        return String(decoding: writer.output.bytes, as: UTF8.self)
    }

    /// Whether `node` is written: it is for the platform, and it opens no URL that is not a
    /// web address (`javascript:`, `data:`). Beagle's web client opens `openExternalURL`
    /// with `window.open` and loads a web view in a frame, so such an action or view is
    /// left out, and its button does nothing.
    private func isIncluded(_ node: Node) -> Bool {
        if let platform, node.platforms.isDisjoint(with: platform) { return false }
        return switch node.kind {
        case .action: !node.hasType("beagle:openExternalURL") || Self.opensWebAddressOnly(node)
        case .component: !node.hasType("beagle:webView") || Self.opensWebAddressOnly(node)
        case .object, .imagePath: true
        }
    }

    /// Whether the `url` of `node` is a web address, or a binding the screen's code built
    /// (its own choice): anything but a literal string that is not a web address.
    private static func opensWebAddressOnly(_ node: Node) -> Bool {
        guard case .string(let url)? = node[property: "url"] else { return true }
        return url.isWebAddress
    }

    private func isIncluded(_ value: Node.Value) -> Bool {
        if case .node(let node) = value { return isIncluded(node) }
        return true
    }

    private func write(_ node: Node, into writer: inout JSONWriter) {
        writer.beginObject()
        let typeKey: StaticString? = switch node.kind {
        case .component: "_beagleComponent_"
        case .action: "_beagleAction_"
        case .imagePath: "_beagleImagePath_"
        case .object: nil
        }
        if let typeKey {
            writer.key(typeKey)
            writer.string(node.kind == .imagePath ? node.type : Node.qualifiedType(node.type))
        }
        // Decided once a node: whether its `route` is a remote route, `{"url": …}`.
        let navigates = node.kind == .action && Self.navigates(node)
        for index in node.properties.indices where isIncluded(node.properties[index].value) {
            writer.key(escaping: node.properties[index].name)
            if navigates, case .node(let route) = node.properties[index].value, node.properties[index].name == "route",
               let inApp = Self.inApp(route) {
                write(inApp, into: &writer)
            } else {
                write(node.properties[index].value, into: &writer)
            }
        }
        writer.endObject()
    }

    /// Whether `action` opens a screen by a remote route.
    private static func navigates(_ action: Node) -> Bool {
        action.hasType("beagle:pushView") || action.hasType("beagle:pushStack")
            || action.hasType("beagle:resetApplication") || action.hasType("beagle:resetStack")
    }

    /// `route` with its `url` an in-app path, starting with `/`: Beagle's clients append a
    /// URL that starts with `/` to their base URL and fetch any other as it is, so a path
    /// from data (`https://evil.example/screen`) would load another server's screen.
    /// `nil` when it starts with `/` already.
    private static func inApp(_ route: Node) -> Node? {
        guard let index = route.properties.firstIndex(where: { $0.name == "url" }),
              case .string(let url) = route.properties[index].value, url.utf8.first != UInt8(ascii: "/")
        else { return nil }
        var route = route
        route.properties[index].value = .string("/" + url)
        return route
    }

    private func write(_ value: Node.Value, into writer: inout JSONWriter) {
        switch value {
        // Literal text is escaped for Beagle's expression language: data is never evaluated.
        case .string(let text): writer.string(BeagleExpression.escaped(text))
        case .expression(let expression): writer.string(expression.source)
        case .int(let number): writer.int(number)
        case .double(let number): writer.double(number)
        case .bool(let flag): writer.raw(flag ? "true" : "false")
        case .node(let node): write(node, into: &writer)
        case .list(let items):
            writer.beginArray()
            for item in items where isIncluded(item) {
                writer.element()
                write(item, into: &writer)
            }
            writer.endArray()
        }
    }
}
