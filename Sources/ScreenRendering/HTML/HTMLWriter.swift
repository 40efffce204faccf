import ScreenRegistry

/// The mapping of the model to HTML, node by node, into ``output``.
struct HTMLWriter {
    private(set) var output = ""
    let linkBase: String
    private var scope = HXMLScope()
    private var depth = 0
    /// Whether a link or a button is open. HTML allows no link or button inside another,
    /// so an inner one is written as plain content and the outer one takes the tap, as a
    /// touchable's press replaces its child's on Beagle's clients.
    private var isInsideLink = false

    init(linkBase: String) {
        self.linkBase = linkBase
    }

    /// A component or action node written where a component stands.
    mutating func component(_ node: Node) {
        guard node.kind == .component, depth < 256 else { return }
        depth += 1
        defer { depth -= 1 }
        let context = ContextScope.context(node[property: "context"])
        if let context { scope.push(context.name, context.value) }
        defer { if context != nil { scope.pop() } }
        let style = Self.css(node[property: "style"])
        switch node.type {
        case "beagle:screenComponent":
            output += "<main class=\"sr-screen\"\(style)>\n"
            if case .node(let bar)? = node[property: "navigationBar"] { navigationBar(bar) }
            children(of: node)
            output += "</main>\n"
        case "beagle:container":
            element("div", "sr-container", style) { $0.children(of: node) }
        case "beagle:scrollView":
            let row = node[property: "scrollDirection"] == .string("HORIZONTAL") ? " style=\"flex-direction:row\"" : ""
            element("div", "sr-scroll", style.isEmpty ? row : style) { $0.children(of: node) }
        case "beagle:text":
            var css = Self.declarations(node[property: "style"])
            if case .string(let color)? = node[property: "textColor"], Self.isColor(color) { css.append("color:\(color)") }
            if case .string(let alignment)? = node[property: "alignment"], let align = Self.textAlign[alignment] {
                css.append("text-align:\(align)")
            }
            element("p", "sr-text", Self.attribute(css)) { $0.output += HTMLEscaping.text($0.text(node, "text")) }
        case "beagle:button":
            link(node[property: "onPress"], "sr-button", style) { $0.output += HTMLEscaping.text($0.text(node, "text")) }
        case "beagle:touchable":
            link(node[property: "onPress"], "sr-touchable", style) { $0.children(of: node) }
        case "beagle:image":
            image(node, style)
        case "beagle:textInput":
            textInput(node, style)
        case "beagle:listView":
            list(node, style)
        case "beagle:pageView":
            element("div", "sr-pages", style) { writer in
                writer.each(node, "children") { writer, page in
                    writer.element("section", "sr-page", "") { $0.component(page) }
                }
            }
        case "beagle:tabBar":
            tabs(node, style)
        case "beagle:webView":
            let url = text(node, "url")
            guard let address = HTMLEscaping.webAddress(url) else { break }
            if isInsideLink {
                output += "<span class=\"sr-web\">" + HTMLEscaping.text(url) + "</span>\n"
            } else {
                output += "<a class=\"sr-web\" href=\"\(HTMLEscaping.attribute(address))\" rel=\"noopener noreferrer\">"
                    + HTMLEscaping.text(url) + "</a>\n"
            }
        default:
            custom(node)
        }
    }

    private mutating func navigationBar(_ bar: Node) {
        output += "<header class=\"sr-bar\"><h1>" + HTMLEscaping.text(text(bar, "title")) + "</h1>"
        each(bar, "navigationBarItems") { writer, item in
            writer.link(item[property: "onPress"], "sr-button", "") { $0.output += HTMLEscaping.text($0.text(item, "text")) }
        }
        output += "</header>\n"
    }

    private mutating func children(of node: Node) {
        if case .node(let child)? = node[property: "child"] { component(child) }
        each(node, "children") { $0.component($1) }
    }

    private mutating func each(_ node: Node, _ name: String, _ body: (inout HTMLWriter, Node) -> Void) {
        guard case .list(let items)? = node[property: name] else { return }
        for case .node(let item) in items { body(&self, item) }
    }

    private mutating func element(_ name: String, _ className: String, _ style: String, _ content: (inout HTMLWriter) -> Void) {
        output += "<\(name) class=\"\(className)\"\(style)>"
        content(&self)
        output += "</\(name)>\n"
    }

    /// A link to where the first navigation action of `actions` leads, or a button that
    /// goes nowhere when none does (an alert, a context change: a page has no script).
    private mutating func link(_ actions: Node.Value?, _ className: String, _ style: String, _ content: (inout HTMLWriter) -> Void) {
        if isInsideLink { return element("span", className, style, content) }
        isInsideLink = true
        defer { isInsideLink = false }
        guard let href = href(of: actions) else {
            output += "<button type=\"button\" class=\"\(className)\"\(style)>"
            content(&self)
            output += "</button>\n"
            return
        }
        // Another site gets neither this page as its opener nor its address, as for a web view's link.
        let rel = href.isWebAddress ? " rel=\"noopener noreferrer\"" : ""
        output += "<a class=\"\(className)\" href=\"\(HTMLEscaping.attribute(href))\"\(rel)\(style)>"
        content(&self)
        output += "</a>\n"
    }

    /// Where a list of actions navigates: an in-app path below ``linkBase``, or a web address.
    private func href(of actions: Node.Value?) -> String? {
        guard case .list(let items)? = actions else { return nil }
        for case .node(let action) in items where action.kind == .action {
            switch action.type {
            case "beagle:pushView", "beagle:pushStack", "beagle:resetApplication", "beagle:resetStack":
                if case .node(let route)? = action[property: "route"], case .string(let url)? = route[property: "url"] {
                    return HTMLEscaping.appPath(url, base: linkBase)
                }
            case "beagle:popToView":
                if case .string(let route)? = action[property: "route"] { return HTMLEscaping.appPath(route, base: linkBase) }
            case "beagle:openExternalURL":
                if case .string(let url)? = action[property: "url"] { return HTMLEscaping.webAddress(url) }
            default:
                continue
            }
        }
        return nil
    }

    private mutating func image(_ node: Node, _ style: String) {
        guard case .node(let path)? = node[property: "path"] else { return }
        var css = Self.declarations(node[property: "style"])
        if case .string(let mode)? = node[property: "mode"], let fit = Self.objectFit[mode] { css.append("object-fit:\(fit)") }
        if path.type == "remote", let address = HTMLEscaping.webAddress(text(path, "url")) {
            output += "<img class=\"sr-image\" src=\"\(HTMLEscaping.attribute(address))\" alt=\"\"\(Self.attribute(css)) />\n"
        } else {
            // A local image is the app's own: named, not shown.
            output += "<span class=\"sr-image sr-local\" role=\"img\" aria-label=\"\(HTMLEscaping.attribute(text(path, "mobileId")))\"></span>\n"
        }
    }

    private mutating func textInput(_ node: Node, _ style: String) {
        let type: String = switch node[property: "type"] {
        case .string("EMAIL")?: "email"
        case .string("PASSWORD")?: "password"
        case .string("NUMBER")?: "number"
        case .string("DATE")?: "date"
        default: "text"
        }
        var attributes = " type=\"\(type)\""
        for name in ["placeholder", "value"] where node[property: name] != nil {
            attributes += " \(name)=\"\(HTMLEscaping.attribute(text(node, name)))\""
        }
        if node[property: "readOnly"] == .bool(true) { attributes += " readonly=\"readonly\"" }
        if node[property: "enabled"] == .bool(false) { attributes += " disabled=\"disabled\"" }
        output += "<input class=\"sr-input\"\(attributes)\(style) />\n"
    }

    /// One template view a data item; the first template without a condition, else the first.
    private mutating func list(_ node: Node, _ style: String) {
        guard case .expression(let source)? = node[property: "dataSource"], source.parts.count == 1,
            case .binding(let path) = source.parts[0], case .list(let items)? = scope.resolve(path),
            case .list(let templates)? = node[property: "templates"]
        else { return element("ul", "sr-list", style) { _ in } }
        let views = templates.compactMap { value -> (conditional: Bool, view: Node)? in
            guard case .node(let template) = value, case .node(let view)? = template[property: "view"] else { return nil }
            return (template[property: "case"] != nil, view)
        }
        guard let view = (views.first { !$0.conditional } ?? views.first)?.view else { return element("ul", "sr-list", style) { _ in } }
        let name: String = if case .string(let name)? = node[property: "iteratorName"] { name } else { "item" }
        element("ul", "sr-list", style) { writer in
            for (index, item) in items.enumerated() {
                guard writer.scope.expandItem() else {
                    writer.output += "<!-- \(items.count - index) of \(items.count) items not written: a screen expands at most \(HXMLScope.maximumExpandedItems) -->\n"
                    break
                }
                writer.scope.push(name, item)
                writer.element("li", "sr-item", "") { $0.component(view) }
                writer.scope.pop()
            }
        }
    }

    private mutating func tabs(_ node: Node, _ style: String) {
        let current: Int = if case .int(let index)? = node[property: "currentTab"] { index } else { 0 }
        element("nav", "sr-tabs", style) { writer in
            var index = 0
            writer.each(node, "items") { writer, item in
                let className = index == current ? "sr-tab sr-tab-current" : "sr-tab"
                writer.output += "<span class=\"\(className)\">" + HTMLEscaping.text(writer.text(item, "title")) + "</span>"
                index += 1
            }
        }
    }

    /// A type a page has no element for (a custom component): shown as its type and its
    /// scalar properties, never dropped.
    private mutating func custom(_ node: Node) {
        output += "<div class=\"sr-custom\"><small>" + HTMLEscaping.text(node.type) + "</small>"
        for property in node.properties {
            var unresolved: [String] = []
            if let value = scope.text(of: property.value, unresolved: &unresolved) {
                output += " " + HTMLEscaping.text(property.name + ": " + value)
            }
        }
        children(of: node)
        output += "</div>\n"
    }

    /// A property's text: a literal as it is, a binding as its context gives it.
    private func text(_ node: Node, _ name: String) -> String {
        var unresolved: [String] = []
        return node[property: name].flatMap { scope.text(of: $0, unresolved: &unresolved) } ?? ""
    }

    // MARK: Style

    /// A `style` attribute for a Beagle style node (empty when it says nothing CSS has).
    static func css(_ style: Node.Value?) -> String {
        attribute(declarations(style))
    }

    static func attribute(_ declarations: [String]) -> String {
        declarations.isEmpty ? "" : " style=\"" + HTMLEscaping.attribute(declarations.joined(separator: ";")) + "\""
    }

    /// CSS declarations built from the model's enumerations, numbers and colours only.
    static func declarations(_ style: Node.Value?) -> [String] {
        guard case .node(let style)? = style else { return [] }
        var css: [String] = []
        if case .string(let color)? = style[property: "backgroundColor"], isColor(color) { css.append("background-color:\(color)") }
        if case .node(let radius)? = style[property: "cornerRadius"], let value = number(radius[property: "radius"]) {
            css.append("border-radius:\(value)px")
        }
        if let width = number(style[property: "borderWidth"]) {
            let color: String = if case .string(let color)? = style[property: "borderColor"], isColor(color) { color } else { "currentColor" }
            css.append("border:\(width)px solid \(color)")
        }
        if case .node(let size)? = style[property: "size"] {
            for (name, property) in [("width", "width"), ("height", "height"), ("minWidth", "min-width"),
                                     ("minHeight", "min-height"), ("maxWidth", "max-width"), ("maxHeight", "max-height")] {
                if let length = length(size[property: name]) { css.append("\(property):\(length)") }
            }
        }
        for (name, property) in [("margin", "margin"), ("padding", "padding")] {
            guard case .node(let edges)? = style[property: name] else { continue }
            for (edge, sides) in edgeSides {
                if let length = length(edges[property: edge]) { css += sides.map { "\(property)\($0):\(length)" } }
            }
        }
        if case .node(let flex)? = style[property: "flex"] {
            for (name, property, table) in [("flexDirection", "flex-direction", flexDirection), ("justifyContent", "justify-content", flexValue),
                                            ("alignItems", "align-items", flexValue), ("alignSelf", "align-self", flexValue)] {
                if case .string(let value)? = flex[property: name], let mapped = table[value] { css.append("\(property):\(mapped)") }
            }
            if let grow = number(flex[property: "grow"]) { css.append("flex-grow:\(grow)") }
            if let shrink = number(flex[property: "shrink"]) { css.append("flex-shrink:\(shrink)") }
        }
        return css
    }

    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`: nothing else reaches a style.
    static func isColor(_ text: String) -> Bool {
        text.hexColorDigitCount.map { [3, 4, 6, 8].contains($0) } ?? false
    }

    private static func number(_ value: Node.Value?) -> String? {
        switch value {
        case .int(let number)?: String(number)
        case .double(let number)? where number.isFinite: number.shownText
        default: nil
        }
    }

    private static func length(_ value: Node.Value?) -> String? {
        guard case .node(let unit)? = value else { return nil }
        switch unit[property: "type"] {
        case .string("AUTO")?: return "auto"
        case .string("PERCENT")?: return number(unit[property: "value"]).map { $0 + "%" }
        default: return number(unit[property: "value"]).map { $0 + "px" }
        }
    }

    /// Beagle's edges, general first so that a specific one wins, as in Beagle.
    private static let edgeSides: [(String, [String])] = [
        ("all", [""]), ("vertical", ["-top", "-bottom"]), ("horizontal", ["-left", "-right"]),
        ("top", ["-top"]), ("right", ["-right"]), ("bottom", ["-bottom"]), ("left", ["-left"]),
    ]
    private static let flexDirection = ["ROW": "row", "COLUMN": "column", "ROW_REVERSE": "row-reverse", "COLUMN_REVERSE": "column-reverse"]
    private static let flexValue = [
        "FLEX_START": "flex-start", "CENTER": "center", "FLEX_END": "flex-end", "SPACE_BETWEEN": "space-between",
        "SPACE_AROUND": "space-around", "SPACE_EVENLY": "space-evenly", "STRETCH": "stretch", "BASELINE": "baseline", "AUTO": "auto",
    ]
    private static let textAlign = ["LEFT": "left", "CENTER": "center", "RIGHT": "right"]
    private static let objectFit = ["FIT_XY": "fill", "FIT_CENTER": "contain", "CENTER_CROP": "cover", "CENTER": "none"]
}
