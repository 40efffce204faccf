import ScreenRegistry

/// Writes a screen as a web page: semantic HTML and CSS, Beagle's flex style as CSS
/// flexbox, buttons and navigation as links to the deep-link path. So a deep link opened
/// outside the app is a usable page, and the preview shows what a screen looks like.
///
/// Safe for any string: text and attribute values are escaped as HTML requires, a style
/// is built from the model's enumerations, numbers and `#RRGGBB` colours only, a link to
/// another screen is a relative in-app path (never `//` or `/\`), and any other URL is
/// written only when it is `http` or `https`. No markup or script ever comes from data.
/// Bindings show the value the screen's contexts give them, as in HXML. The markup is
/// also well-formed XML (void elements closed with `/>`), so any XML parser can check it.
public struct HTMLRenderer: Sendable {
    /// The media type of the output.
    public let contentType = "text/html; charset=utf-8"
    /// When set, nodes marked for other platforms are left out.
    public var platform: Platforms?
    /// Put before every in-app path a link names: where the screens are served, such as
    /// `/screens` or `/preview`.
    public var linkBase: String

    /// Creates a renderer; for every platform, links from the site's root, by default.
    /// A `/` that ends `linkBase` is dropped: `/screens/` and `/screens` link alike.
    public init(platform: Platforms? = nil, linkBase: String = "") {
        self.platform = platform
        var base = Substring(linkBase)
        while base.last == "/" { base = base.dropLast() }
        self.linkBase = String(base)
    }

    /// Renders `screen` as a whole page.
    public func render(_ screen: Screen) -> String {
        render(screen.node)
    }

    /// Renders any node of the uniform tree as a whole page.
    public func render(_ node: Node) -> String {
        Self.page(title: Self.title(of: node) ?? "Screen", body: renderBody(node))
    }

    /// The screen alone, as the `<main>` element a page embeds (with ``stylesheet``).
    public func renderBody(_ node: Node) -> String {
        guard let node = platform.map(node.forPlatform) ?? node else { return "<main class=\"sr-screen\"></main>\n" }
        var writer = HTMLWriter(linkBase: linkBase)
        writer.component(node)
        return writer.output
    }

    /// The screens of a back stack, root first, one after another on one page.
    public func renderStack(_ entries: [(path: String, node: Node)]) -> String {
        var body = ""
        for entry in entries {
            body += "<section class=\"sr-stack-entry\" data-path=\"\(HTMLEscaping.attribute(entry.path))\">\n"
            body += renderBody(entry.node) + "</section>\n"
        }
        return Self.page(title: "Back stack", body: body)
    }

    /// A whole document around `body`: the character set, a phone-width viewport, the style.
    static func page(title: String, body: String) -> String {
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\" />\n"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />\n"
            + "<title>\(HTMLEscaping.text(title))</title>\n<style>\(stylesheet)</style>\n</head>\n<body>\n"
            + body + "</body>\n</html>\n"
    }

    /// The navigation bar's title of a screen.
    static func title(of node: Node) -> String? {
        guard case .node(let bar)? = node[property: "navigationBar"], case .string(let title)? = bar[property: "title"] else { return nil }
        return title
    }

    /// The CSS every screen's markup relies on: a narrow column, flex containers.
    public static let stylesheet = """
        .sr-screen{font-family:system-ui,sans-serif;max-width:420px;margin:0 auto;display:flex;flex-direction:column;gap:8px}\
        .sr-bar{display:flex;align-items:center;gap:8px;border-bottom:1px solid #ddd}.sr-bar h1{font-size:1.25rem;margin:8px 0}\
        .sr-container,.sr-scroll{display:flex;flex-direction:column;gap:8px}.sr-scroll{overflow:auto}\
        .sr-text{margin:0}.sr-button{display:inline-block;padding:8px 16px;border:1px solid #888;border-radius:6px;\
        text-decoration:none;color:inherit;background:#f4f4f4;text-align:center;font:inherit}.sr-image{max-width:100%;background:#eee}\
        .sr-list{list-style:none;padding:0;margin:0;display:flex;flex-direction:column;gap:8px}\
        .sr-pages{display:flex;overflow-x:auto;gap:8px}.sr-page{flex:0 0 100%}\
        .sr-tabs{display:flex;gap:12px}.sr-tab-current{font-weight:bold}\
        .sr-custom{border:1px dashed #999;padding:4px 8px;font-size:.875rem}.sr-custom small{color:#666}
        """
}
