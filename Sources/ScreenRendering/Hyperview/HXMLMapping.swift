import ScreenRegistry

/// Writes the uniform tree as HXML elements: the table in the README, section
/// "Hyperview", in code.
///
/// Every property has a defined outcome: an element, an attribute, a style attribute,
/// a `<behavior>`, or, when Hyperview has no equivalent, a mention in the comment
/// written just before the element (`<!-- no Hyperview equivalent: … -->`). Components
/// Hyperview lacks become elements in ScreenRegistry's namespace, which Hyperview renders
/// when the app registers a custom element of that name.
struct HXMLMapping {
    var writer: HXMLWriter
    var styles = HXMLStyleTable()
    var ids = HXMLElementIDs()
    var scope = HXMLScope()
    let appScheme: String
    let platform: Platforms?
    /// The component id whose element is wanted as a fragment, and where it was written.
    let fragmentID: String?
    private(set) var fragment: Range<Int>?
    private var inputCount = 0
    /// Whether a `form` is open: a text field anywhere below it (in a scroll view, a
    /// touchable, a list item) is in it and opens no form of its own.
    var isInsideForm = false
    /// The style nodes mapped last, the latest last: list rows and cards repeat theirs.
    /// Compared with `==`, which is immediate for components given one `Style` value
    /// (they share its node's storage) and stops at the first difference otherwise: far
    /// cheaper than hashing every style node for a dictionary.
    private var recentStyles: [(node: Node, style: HXMLStyle, unmapped: [String])] = []
    private static let recentStyleCount = 8
    /// The last text's style, made from its element style, colour and alignment.
    var lastTextStyle = (base: HXMLStyle(), color: String?.none, alignment: String?.none, style: HXMLStyle())

    init(writer: HXMLWriter, appScheme: String, platform: Platforms?, fragmentID: String? = nil) {
        self.writer = writer
        self.appScheme = appScheme
        self.platform = platform
        self.fragmentID = fragmentID
    }

    /// What encloses a component, for the few places HXML restricts children.
    enum Parent {
        /// `view`, `body`, `header`, a form, a custom element: anything goes.
        case view
        /// A list `item`, which holds no `list` directly.
        case item
    }

    func isIncluded(_ node: Node) -> Bool {
        guard let platform else { return true }
        return !node.platforms.isDisjoint(with: platform)
    }

    // MARK: Screens

    /// `<screen>` with `<styles>` and `<body>` for a screen node (any other node is the
    /// body's one component).
    mutating func screen(_ node: Node, id screenID: String? = nil) {
        var properties = Properties(node.properties)
        let isScreen = node.type == "beagle:screenComponent"
        let id = screenID ?? (isScreen ? properties.takeString("id") : nil)
        writer.start("screen")
        if let id = id.flatMap({ ids.claim($0) }) { writer.attribute("id", id) }
        // After the start tag's `>`, which the body's start writes.
        let bodyStart = writer.flush() + 1
        guard isScreen else {
            writer.start("body")
            component(node, in: .view)
            writer.end()
            writeStyles(before: bodyStart)
            writer.end()
            return
        }
        var unmapped: [String] = []
        var style = HXMLStyle()
        takeStyle(&properties, into: &style, &unmapped)
        let safeArea = properties.take("safeArea") { value -> Bool? in
            guard case .node(let area) = value else { return nil }
            return area.properties.contains { $0.value == .bool(true) }
        }
        let bar = properties.takeNode("navigationBar")
        let child = properties.take("child", Self.components) ?? []
        let context = properties.take("context", ContextScope.context)
        open("body", id: nil, style: style, unmapped: unmapped, properties)
        if let safeArea { writer.attribute("safe-area", keyword: safeArea ? "true" : "false") }
        withContext(context) { mapping in
            if let bar { mapping.navigationBar(bar) }
            for case .node(let node) in child { mapping.component(node, in: .view) }
        }
        writer.end()
        writeStyles(before: bodyStart)
        writer.end()
    }

    /// The screen's `<styles>`, whose table is complete only once its body is written:
    /// written after the body, then moved before it, where Hyperview reads them. A
    /// fragment needs none.
    private mutating func writeStyles(before bodyStart: Int) {
        guard !styles.styles.isEmpty, fragmentID == nil else { return }
        let stylesStart = writer.flush()
        styles.write(into: &writer)
        writer.moveWritten(from: stylesStart, to: bodyStart)
    }

    /// The navigation bar as a `<header>`: the title, then a pressable view per item.
    private mutating func navigationBar(_ bar: Node) {
        var properties = Properties(bar.properties)
        var unresolved: [String] = []
        let title = properties.takeText("title", in: scope, &unresolved)
        var items: [(label: String, behaviors: [HXMLBehavior])] = []
        var unmapped: [String] = []
        // Hyperview draws no bar of its own: the back button is a pressable text.
        if properties.takeBool("showBackButton") == true {
            items.append(("Back", [HXMLBehavior(trigger: "press", action: "back", href: "#")]))
        }
        for item in properties.takeList("navigationBarItems") ?? [] {
            guard case .node(let node) = item else { continue }
            var fields = Properties(node.properties)
            let label = fields.takeText("text", in: scope, &unresolved) ?? ""
            let behaviors = behaviors(fields.takeAny("onPress"), trigger: "press", &unmapped)
            unmapped += fields.remaining.map { "navigationBarItems." + $0.name }
            items.append((label, behaviors))
        }
        open("header", id: nil, style: HXMLStyle(), unmapped: unmapped + unresolved, properties)
        if let title {
            writer.start("text")
            writer.text(title)
            writer.end()
        }
        for item in items {
            writer.start("view")
            writer.start("text")
            writer.text(item.label)
            writer.end()
            write(item.behaviors)
            writer.end()
        }
        writer.end()
    }

    // MARK: Components

    /// One component and what it holds.
    mutating func component(_ node: Node, in parent: Parent) {
        guard isIncluded(node) else { return }
        let isFragment = fragmentID != nil && node[property: "id"].map { value in
            if case .string(let id) = value, !id.isEmpty { ids.suffixed(id) == fragmentID } else { false }
        } == true
        // The fragment starts at the first `<` written from here on (the comment included,
        // when there is one, is left out below).
        let start = isFragment && fragment == nil ? writer.flush() : nil
        if node.hasType("beagle:container") {
            container(node)
        } else if node.hasType("beagle:text") {
            text(node)
        } else if node.hasType("beagle:button") {
            button(node)
        } else if node.hasType("beagle:image") {
            image(node)
        } else {
            otherComponent(node, in: parent)
        }
        if let start {
            fragment = start..<writer.flush()
        }
    }

    /// The components read through ``Properties``: the less common ones.
    private mutating func otherComponent(_ node: Node, in parent: Parent) {
        var properties = Properties(node.properties)
        var unmapped: [String] = []
        var style = HXMLStyle()
        let id = properties.takeString("id")
        takeStyle(&properties, into: &style, &unmapped)
        switch node.type {
        case "beagle:textInput":
            textInput(&properties, id: id, style: style, unmapped)
        case "beagle:listView":
            list(&properties, id: id, style: style, unmapped, in: parent)
        case "beagle:scrollView", "beagle:pageView":
            let children = properties.take("children", Self.components) ?? []
            let context = properties.take("context", ContextScope.context)
            let horizontal = node.type == "beagle:pageView" || properties.take("scrollDirection") { value -> Bool? in
                switch value {
                case .string("HORIZONTAL"): true
                case .string("VERTICAL"): false
                default: nil
                }
            } == true
            let indicator = properties.takeBool("scrollBarEnabled")
            open("view", id: id, style: style, unmapped: unmapped, properties)
            writer.attribute("scroll", keyword: "true")
            writer.attribute("scroll-orientation", keyword: horizontal ? "horizontal" : "vertical")
            if let indicator { writer.attribute("shows-scroll-indicator", keyword: indicator ? "true" : "false") }
            withContext(context) { mapping in
                for case .node(let child) in children { mapping.component(child, in: .view) }
            }
            writer.end()
        case "beagle:tabBar":
            tabBar(&properties, id: id, style: style, unmapped)
        case "beagle:touchable" where node[property: "child"].flatMap(Self.components) != nil:
            let child = properties.take("child", Self.components) ?? []
            let pressed = behaviors(properties.takeAny("onPress"), trigger: "press", &unmapped)
            open("view", id: id, style: style, unmapped: unmapped, properties)
            for case .node(let node) in child { component(node, in: .view) }
            write(pressed)
            writer.end()
        case "beagle:webView" where node[property: "url"].map(Self.isWebAddress) == true:
            let url = properties.takeString("url") ?? ""
            open("web-view", id: id, style: HXMLStyle(), unmapped: unmapped + Self.styleNames(style), properties)
            writer.attribute("url", url)
            writer.end()
        case "beagle:webView":
            // Not a web address (or one bound to data the server cannot vouch for): the
            // app's own element gets the view without its URL, never `javascript:` or
            // `file:` from data.
            _ = properties.takeAny("url")
            custom(node, &properties, id: id, style: style, unmapped)
        default:
            custom(node, &properties, id: id, style: style, unmapped)
        }
    }

    private mutating func textInput(_ properties: inout Properties, id: String?, style: HXMLStyle, _ unmapped: [String]) {
        var unmapped = unmapped
        var unresolved: [String] = []
        inputCount += 1
        let value = properties.takeText("value", in: scope, &unresolved)
        let placeholder = properties.takeText("placeholder", in: scope, &unresolved)
        let type = properties.take("type") { value -> String? in
            guard case .string(let type) = value, ["TEXT", "PASSWORD", "EMAIL", "NUMBER"].contains(type) else { return nil }
            return type
        }
        let readOnly = properties.takeBool("readOnly") == true
        let enabled = properties.takeBool("enabled")
        var events: [HXMLBehavior] = []
        for (name, trigger) in [("onChange", "change" as StaticString), ("onFocus", "focus"), ("onBlur", "blur")] {
            events += behaviors(properties.takeAny(name), trigger: trigger, &unmapped)
        }
        unmapped += unresolved
        let opensForm = !isInsideForm
        if opensForm { writer.start("form") }
        open("text-field", id: id, style: style, unmapped: unmapped, properties)
        // Each row's field posts under a name of its own.
        writer.attribute("name", id.flatMap { $0.isEmpty ? nil : ids.suffixed($0) } ?? "input_\(inputCount)")
        if let value { writer.attribute("value", value) }
        if let placeholder { writer.attribute("placeholder", placeholder) }
        switch type {
        case "PASSWORD": writer.attribute("secure-text", keyword: "true")
        case "EMAIL": writer.attribute("keyboard-type", keyword: "email-address")
        case "NUMBER": writer.attribute("keyboard-type", keyword: "number-pad")
        default: break
        }
        if readOnly || enabled == false { writer.attribute("editable", keyword: "false") }
        write(events)
        writer.end()
        if opensForm { writer.end() }
    }

    /// A list: its data source evaluated on the server, one `<item>` per entry, each the
    /// list's template with the entry under the iterator's name.
    private mutating func list(
        _ properties: inout Properties, id: String?, style: HXMLStyle, _ unmapped: [String], in parent: Parent
    ) {
        var unmapped = unmapped
        let context = properties.take("context", ContextScope.context)
        let horizontal = properties.take("direction") { value -> Bool? in
            switch value {
            case .string("HORIZONTAL"): true
            case .string("VERTICAL"): false
            default: nil
            }
        }
        let iterator = properties.takeString("iteratorName") ?? "item"
        let key = properties.takeString("key")
        let templates = (properties.takeList("templates") ?? []).compactMap { value -> Node? in
            guard case .node(let template) = value, case .node(let view)? = template[property: "view"],
                  view.kind == .component else { return nil }
            return template
        }
        // Hyperview cannot evaluate a template's `case`: the first template without one
        // is used for every entry (or the first, when they all have one).
        let chosen = templates.first { $0[property: "case"] == nil } ?? templates.first
        if templates.count > 1 { unmapped.append("templates (\(templates.count - 1) not used)") }
        // The data source and `onInit` read the list's own context, as its items do.
        let (items, loaded) = withContext(context) { mapping in
            (mapping.dataSource(&properties), mapping.behaviors(properties.takeAny("onInit"), trigger: "load", &unmapped))
        }
        // A list inside an item is not allowed: a view holds it there.
        if parent == .item { writer.start("view") }
        open("list", id: id, style: style, unmapped: unmapped, properties)
        if let horizontal { writer.attribute("scroll-orientation", keyword: horizontal ? "horizontal" : "vertical") }
        write(loaded)
        if case .node(let view)? = chosen?[property: "view"] {
            withContext(context) { mapping in
                for (index, item) in items.enumerated() {
                    guard mapping.scope.expandItem() else {
                        mapping.writer.comment(" \(items.count - index) of \(items.count) items not written: a document expands at most \(HXMLScope.maximumExpandedItems) ")
                        break
                    }
                    mapping.writer.start("item")
                    mapping.writer.attribute("key", String(index))
                    let outer = mapping.ids.enterEntry(key: key.flatMap { Self.entryKey(item, $0) } ?? String(index))
                    mapping.scope.push(iterator, item)
                    mapping.component(view, in: .item)
                    mapping.scope.pop()
                    mapping.ids.leaveEntry(restoring: outer)
                    mapping.writer.end()
                }
            }
        }
        writer.end()
        if parent == .item { writer.end() }
    }

    /// The value named `key` in a list entry, as Beagle suffixes the ids of its components
    /// with it: text or a whole number; `nil` for anything else (the index stands in).
    private static func entryKey(_ item: Node.Value, _ key: String) -> String? {
        guard case .node(let entry) = item else { return nil }
        switch entry[property: key] {
        case .string(let text)?: return text
        case .int(let number)?: return String(number)
        default: return nil
        }
    }

    /// The list's entries: a literal list, or the list a binding names in scope. An
    /// entry source the server cannot read stays in `properties`, reported unmapped.
    private func dataSource(_ properties: inout Properties) -> [Node.Value] {
        properties.take("dataSource") { value -> [Node.Value]? in
            switch value {
            case .list(let items):
                return items
            case .expression(let expression):
                guard expression.parts.count == 1, case .binding(let path) = expression.parts[0],
                      case .list(let items)? = scope.resolve(path) else { return nil }
                return items
            default:
                return nil
            }
        } ?? []
    }

    /// A tab bar as a single choice: an `<option>` per tab, the current one selected.
    private mutating func tabBar(_ properties: inout Properties, id: String?, style: HXMLStyle, _ unmapped: [String]) {
        var unmapped = unmapped
        var unresolved: [String] = []
        var tabs: [(title: String, rest: [String])] = []
        for item in properties.takeList("items") ?? [] {
            guard case .node(let node) = item else { continue }
            var fields = Properties(node.properties)
            let title = fields.takeText("title", in: scope, &unresolved) ?? ""
            tabs.append((title, fields.remaining.map { "items." + $0.name }))
        }
        var unresolvedTab: [String] = []
        let current = properties.takeText("currentTab", in: scope, &unresolvedTab).flatMap { Int($0) } ?? 0
        let selected = behaviors(properties.takeAny("onTabSelection"), trigger: "select", &unmapped)
        unmapped += tabs.flatMap(\.rest) + unresolved
        open("select-single", id: id, style: style, unmapped: unmapped, properties)
        writer.attribute("name", id.flatMap { $0.isEmpty ? nil : ids.suffixed($0) } ?? "tab-bar")
        for (index, tab) in tabs.enumerated() {
            writer.start("option")
            writer.attribute("value", String(index))
            if index == current { writer.attribute("selected", keyword: "true") }
            writer.start("text")
            writer.text(tab.title)
            writer.end()
            write(selected)
            writer.end()
        }
        writer.end()
    }

    /// A component Hyperview has no element for: `<sr:name>` in ScreenRegistry's
    /// namespace, its scalar properties as attributes, its components inside.
    private mutating func custom(_ node: Node, _ properties: inout Properties, id: String?, style: HXMLStyle, _ unmapped: [String]) {
        // `<sr:component type="…">` for a type whose name is not the element's alone.
        let name = Node.appViewName(of: node.type, reserved: ["component", "local-image"]) { bare in
            XMLDialect.isPlainName(bare) && !bare.contains(".")
        }
        let isPlain = name != nil
        var attributes: [(String, String)] = []
        var children: [Node.Value] = []
        // An attribute once: `id` and `type` are the element's own; a repeated name is reported.
        var names: Set<String> = isPlain ? ["id"] : ["id", "type"]
        for property in properties.takeAll(where: { property in
            // `xml…` names are reserved (`xmlns` would change the namespace of what follows).
            guard XMLDialect.isPlainName(property.name), !property.name.contains("."),
                  !property.name.lowercased().hasPrefix("xml") else { return false }
            if Self.components(property.value) == nil, !names.insert(property.name).inserted { return false }
            switch property.value {
            case .string, .int, .double, .bool, .expression: return true
            default: return Self.components(property.value) != nil
            }
        }) {
            if let nodes = Self.components(property.value) {
                children += nodes
            } else {
                var unresolved: [String] = []
                attributes.append((property.name, scope.text(of: property.value, unresolved: &unresolved) ?? ""))
            }
        }
        let claimed = open(nil, id: id, style: HXMLStyle(), unmapped: unmapped + Self.styleNames(style), properties)
        writer.start(name: "sr:" + (name ?? "component"))
        if !isPlain { writer.attribute("type", Node.qualifiedType(node.type)) }
        if let claimed { writer.attribute("id", claimed) }
        for (name, value) in attributes { writer.attribute(name: name, value) }
        for case .node(let child) in children { component(child, in: .view) }
        writer.end()
    }

    // MARK: Writing

    /// The comment on what has no equivalent (the given descriptions and the properties
    /// left), then the element's start tag with its id and style.
    @discardableResult
    private mutating func open(
        _ name: StaticString?, id: String?, style: HXMLStyle, unmapped: [String], _ properties: Properties,
        styleRequired: Bool = false
    ) -> String? {
        let parts = HXMLElementParts(id: id, style: style, unmapped: properties.isEmpty ? unmapped : unmapped + properties.remaining.map(\.name))
        return open(name, parts, styleRequired: styleRequired)
    }

    /// The comment on what has no equivalent, then the element's start tag with its id
    /// and style (`style=""` when the schema requires the attribute); no tag for `nil`.
    /// Returns the id as written (``HXMLElementIDs``): `nil` when another element has it,
    /// which the comment says.
    @discardableResult
    mutating func open(_ name: StaticString?, _ parts: HXMLElementParts, styleRequired: Bool = false) -> String? {
        let id = parts.id.flatMap { ids.claim($0) }
        if let given = parts.id, id == nil, !given.isEmpty {
            let repeated = "id \(ids.suffixed(given)) (another element has it)"
            writer.comment(" no Hyperview equivalent: " + (parts.unmapped + [repeated]).joined(separator: ", ") + " ")
        } else if !parts.unmapped.isEmpty {
            writer.comment(" no Hyperview equivalent: " + parts.unmapped.joined(separator: ", ") + " ")
        }
        guard let name else { return id }
        writer.start(name)
        if let id { writer.attribute("id", id) }
        if let styleID = styles.id(for: parts.style, &ids) {
            writer.attribute("style", styleID)
        } else if styleRequired {
            writer.attribute("style", keyword: "")
        }
        return id
    }

    /// The element's Beagle style as style attributes; what has none is reported.
    private mutating func takeStyle(_ properties: inout Properties, into style: inout HXMLStyle, _ unmapped: inout [String]) {
        if let node = properties.takeNode("style") { mapStyle(node, into: &style, &unmapped) }
    }

    /// A Beagle style node as style attributes; what has none is reported.
    mutating func mapStyle(_ node: Node, into style: inout HXMLStyle, _ unmapped: inout [String]) {
        if let recent = recentStyles.lastIndex(where: { $0.node == node }) {
            // Read in place: copying the cached tuple out would count references on each of its parts.
            style = recentStyles[recent].style
            if !recentStyles[recent].unmapped.isEmpty { unmapped += recentStyles[recent].unmapped }
            return
        }
        var new = HXMLStyle()
        let rest = HXMLStyleMapping.apply(node, to: &new)
        let names = rest?.properties.map { "style." + $0.name } ?? []
        if recentStyles.count == Self.recentStyleCount { recentStyles.removeFirst() }
        recentStyles.append((node, new, names))
        style = new
        unmapped += names
    }

    static func styleNames(_ style: HXMLStyle) -> [String] {
        style.attributes.map { "style." + $0.name }
    }

    /// Runs `body` with a context's value in scope.
    mutating func withContext<R>(_ context: (name: String, value: Node.Value)?, _ body: (inout HXMLMapping) -> R) -> R {
        guard let context else { return body(&self) }
        scope.push(context.name, context.value)
        defer { scope.pop() }
        return body(&self)
    }

    // MARK: Values

    /// The components of a list or a single node, as the node stores them (a list is not
    /// copied into a new one); `nil` when anything else is there.
    static func components(_ value: Node.Value) -> [Node.Value]? {
        switch value {
        case .node(let node) where node.kind == .component:
            return [value]
        case .list(let items) where !items.isEmpty && items.allSatisfy(isComponent):
            return items
        default:
            return nil
        }
    }

    private static func isComponent(_ value: Node.Value) -> Bool {
        if case .node(let node) = value { node.kind == .component } else { false }
    }

    static func isWebAddress(_ value: Node.Value) -> Bool {
        guard case .string(let address) = value else { return false }
        return address.isWebAddress
    }
}
