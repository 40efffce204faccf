import ScreenRegistry

/// Writes a screen as a DivKit document, `{"templates": {…}, "card": {…}}`, which
/// DivKit's Android, iOS, Web and Flutter clients render.
///
/// The mapping of every component, action and style property is the table in the
/// README, section "DivKit". Navigation opens in-app URLs (`myapp://profile/42` for
/// `.navigate(to: "/profile/42")`) that the client's action handler passes back as deep
/// links; contexts become variables; bindings become DivKit expressions. Every literal
/// string is escaped for DivKit's expression language, so data is never evaluated.
/// Divs of the same shape share templates when that saves at least
/// ``minimumTemplateSaving`` bytes.
public struct DivKitRenderer: Sendable {
    /// The media type of the output.
    public let contentType = "application/vnd.divkit+json"
    /// Indent with two spaces and put each member on its own line.
    public var pretty: Bool
    /// When set, nodes marked for other platforms are left out.
    public var platform: Platforms?
    /// The scheme of in-app URLs in actions: `myapp` makes `/profile/42` `myapp://profile/42`.
    public var appScheme: String
    /// Whether divs of the same shape share templates (when it saves bytes).
    public var usesTemplates: Bool
    /// The fewest bytes of the compact card that templates must save to be written; 1 KiB
    /// by default, `0` for any saving at all.
    ///
    /// A list of rows saves kilobytes. A small screen's repeated buttons save a few
    /// hundred bytes, which reach a client in the same round trip, while finding and
    /// writing their template costs the server about an eighth of the request
    /// (BENCHMARKS.md, "HTTP service").
    public var minimumTemplateSaving: Int

    /// Creates a renderer; compact, for every platform, `myapp://` links and templates that
    /// save at least 1 KiB by default.
    public init(
        pretty: Bool = false, platform: Platforms? = nil, appScheme: String = "myapp", usesTemplates: Bool = true,
        minimumTemplateSaving: Int = 1024
    ) {
        self.pretty = pretty
        self.platform = platform
        self.appScheme = appScheme
        self.usesTemplates = usesTemplates
        self.minimumTemplateSaving = minimumTemplateSaving
    }

    /// Renders `screen` as a DivKit document.
    public func render(_ screen: Screen) throws -> String {
        String(decoding: renderBytes(screen.node), as: UTF8.self)
    }

    /// Renders any node of the uniform tree as a DivKit document.
    public func render(_ node: Node) -> String {
        String(decoding: renderBytes(node), as: UTF8.self)
    }

    /// Renders `node` as UTF-8 bytes, for servers that write bytes.
    public func renderBytes(_ node: Node) -> [UInt8] {
        document(states: [(node, 0)], logID: Self.logID(of: node))
    }

    /// Renders a back stack, root first, as one card whose states are the screens, the
    /// top screen first (state ids count from the root, 0): the client shows the top one
    /// and can switch to any below it with DivKit's `set_state` action.
    public func renderStack(_ entries: [(path: String, screen: Screen)]) -> String {
        String(decoding: renderStackBytes(entries.map { ($0.path, $0.screen.node) }), as: UTF8.self)
    }

    /// ``renderStack(_:)`` for screens given as their nodes (fitted to a client, say).
    public func renderStackBytes(_ entries: [(path: String, node: Node)]) -> [UInt8] {
        let states = entries.enumerated().reversed().map { ($0.element.node, $0.offset) }
        let logID = entries.last.map { Self.logID(of: $0.node) } ?? "screen"
        return document(states: Array(states), logID: logID)
    }

    private func document(states: [(node: Node, id: Int)], logID: String) -> [UInt8] {
        var mapping = DivKitMapping(appScheme: appScheme, platform: platform)
        mapping.document.beginArray()
        for state in states {
            mapping.document.beginObject()
            mapping.document.add("state_id", .int(state.id))
            mapping.document.key("div")
            if mapping.isIncluded(state.node) {
                mapping.div(state.node)
            } else {
                mapping.document.append(.object([.init("type", .string("container")), .init("items", .array([]))]))
            }
            mapping.document.endObject()
        }
        mapping.document.endArray()
        let states = mapping.document
        let plan = usesTemplates ? DivKitTemplates.plan(for: states, minimumSaving: minimumTemplateSaving) : DivKitTemplates.Plan()
        // Written compact, since templates and divs are copied as they were written;
        // indented after, when asked for.
        var writer = JSONWriter(pretty: false)
        writer.beginObject()
        writer.key("templates")
        writer.beginObject()
        for template in plan.templates {
            writer.key(escaping: template.name)
            writer.output.append(template.definition)
        }
        writer.endObject()
        writer.key("card")
        writer.beginObject()
        writer.key("log_id")
        writer.string(logID)
        if !mapping.variables.isEmpty {
            writer.key("variables")
            DivJSON.array(mapping.variables).write(into: &writer)
        }
        writer.key("states")
        DivKitTemplates.write(states, with: plan, into: &writer)
        writer.endObject()
        writer.endObject()
        guard pretty else { return writer.output.bytes }
        return JSONWriter.indented(writer.output.bytes) + [UInt8(ascii: "\n")]
    }

    /// The card's `log_id`: the screen's id, or `screen`. Written as it is: no client
    /// evaluates it (`supports_expressions: false` in DivKit's `div-data.json`).
    private static func logID(of node: Node) -> String {
        DivKitMapping.literalID(of: node) ?? "screen"
    }
}
