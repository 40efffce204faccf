import ScreenRegistry

/// Maps the uniform tree to DivKit divs, actions and variables: the table in the
/// README, section "DivKit", in code.
///
/// Every property of the model has a defined outcome: a DivKit property, a `custom` div
/// for a component DivKit has no equivalent of, or, for the rest, the `beagle`
/// extension of the div (`extensions: [{"id": "beagle", "params": {…}}]`), which
/// clients ignore unless they register a handler for it. Nothing is dropped silently.
///
/// Not copyable, as the ``DivBytes`` it writes. Its methods are passed as closures
/// (`{ actionItems($0) }`), never by name: the compiler (Swift 6.3.1) crashes in its move
/// checker on a noncopyable value's method passed as a function.
struct DivKitMapping: ~Copyable {
    /// The scheme of in-app URLs: navigating to `/profile/42` opens `myapp://profile/42`.
    let appScheme: String
    /// When set, nodes marked for other platforms are left out.
    let platform: Platforms?
    /// Card variables: contexts of the screen and the text fields' variables.
    var variables: [DivJSON] = []
    /// The divs written so far.
    var document = DivBytes()
    private var inputCount = 0
    /// The values of events' implicit contexts declared as card variables (`onFocus.value`).
    private var eventValues: Set<String> = []
    /// How many prototypes the div being written is inside. A div's own `id` takes no
    /// expression, so inside a prototype it would be the same in every item the client
    /// builds; DivKit wants it unique in the card (`div-base.id`: "It must be unique within
    /// the root element").
    private var prototypeDepth = 0
    /// The contexts in scope, whose values type the getters of bindings into them.
    var scope = ContextScope()

    init(appScheme: String, platform: Platforms?) {
        self.appScheme = appScheme
        self.platform = platform
    }

    func isIncluded(_ node: Node) -> Bool {
        guard let platform else { return true }
        return !node.platforms.isDisjoint(with: platform)
    }

    /// Whether `value` is written: anything but a node for another platform.
    func isIncluded(_ value: Node.Value) -> Bool {
        if case .node(let node) = value { isIncluded(node) } else { true }
    }

    // MARK: Components

    /// Writes the div for a component node.
    mutating func div(_ node: Node) {
        let start = document.beginObject()
        members(node, start: start)
        document.endObject()
    }

    /// Writes the members of the div for `node`, in the object open at `start`.
    private mutating func members(_ node: Node, start: Int) {
        var properties = Properties(node.properties)
        // Where a context becomes the card's or a div's variables, it is in scope in the
        // node's subtree, as those variables are in DivKit.
        var entered = false
        defer { if entered { scope.pop() } }
        switch node.type {
        case "beagle:screenComponent":
            entered = enterContext(properties)
            screen(&properties)
        case "beagle:container":
            entered = enterContext(properties)
            document.add("type", word: "container")
            document.add("orientation", word: Self.orientation(properties.node("style")?[property: "flex"]))
            children(&properties, "children")
            document.add("variables", properties.take("context") { variable($0) }.map { .array([$0]) })
            addActions("visibility_actions", properties.take("onInit") { actionItems($0) })
        case "beagle:text", "beagle:button":
            document.add("type", word: "text")
            document.add("text", properties.take("text") { text($0) } ?? .string(""))
            document.add("text_color", properties.take("textColor", Self.color))
            document.add("text_alignment_horizontal", word: properties.take("alignment", Self.textAlignment))
            if node.type == "beagle:button" {
                let enabled = properties.takeBool("enabled")
                addActions("actions", properties.take("onPress") { actionItems($0) }, enabled: enabled)
                document.add("paddings", Self.buttonPaddings)
                document.key("accessibility")
                document.beginObject()
                document.add("type", word: "button")
                document.endObject()
            }
        case "beagle:image":
            image(&properties)
        case "beagle:textInput":
            input(&properties)
        case "beagle:listView":
            entered = enterContext(properties)
            list(&properties)
        case "beagle:scrollView":
            document.add("type", word: "gallery")
            document.add("orientation", word: properties.take("scrollDirection", Self.axis))
            children(&properties, "children")
            document.add("scrollbar", word: properties.takeBool("scrollBarEnabled").map { $0 ? "auto" : "none" })
        case "beagle:touchable" where node[property: "child"].map(Self.isComponent) == true:
            let pressed = properties.take("onPress") { actionItems($0) }
            // Taken whatever its platforms, so that a child for another platform never
            // reaches the extension.
            let child = properties.takeNode("child").flatMap { isIncluded($0) ? $0 : nil }
            if properties.isEmpty, let child {
                // Nothing of its own but the press: the child's div, with the touchable's actions.
                members(child, start: start)
                if pressed != nil { document.removeMembers(ofObjectAt: start) { $0 == "action" || $0 == "actions" } }
            } else {
                // An id, a style or more of its own: a container around the child's div (as
                // HXML's view), so that neither's members overwrite the other's. Empty when
                // the child is for another platform, to keep the place.
                document.add("type", word: "container")
                document.key("items")
                document.beginArray()
                if let child {
                    let number = document.beginItem()
                    let childStart = document.beginObject()
                    members(child, start: childStart)
                    // The touchable's press replaces the child's own, as on Beagle's clients.
                    if pressed != nil { document.removeMembers(ofObjectAt: childStart) { $0 == "action" || $0 == "actions" } }
                    document.endObject()
                    document.endItem(number)
                }
                document.endArray()
            }
            addActions("actions", pressed)
        case "beagle:webView":
            // The app's own web view loads the URL: only a web address is passed on, never
            // `javascript:` or `file:` from data (as in every format).
            _ = properties.take("url") { value -> Bool? in
                if case .string(let url) = value, !url.isWebAddress { true } else { nil }
            }
            custom(node, &properties)
        case "beagle:pageView":
            entered = enterContext(properties)
            document.add("type", word: "pager")
            document.key("layout_mode")
            document.beginObject()
            document.add("type", word: "percentage")
            document.key("page_width")
            document.beginObject()
            document.add("type", word: "percentage")
            document.add("value", 100)
            document.endObject()
            document.endObject()
            // Beagle runs `onPageChange` with the new page's index as the implicit context of
            // that name; DivKit runs a page's `selected_actions` when it is selected, with no
            // index. So the pager has a variable of that name, and each page's actions set
            // it to the page's index first.
            let pageChange = properties.take("onPageChange") { actionItems($0) }
            children(&properties, "children", selectedActions: pageChange)
            // The page view's own context of that name is the variable already.
            let pageChangeIsContext = properties.node("context")?[property: "id"] == .string(Self.pageChangeName)
            var variables = properties.take("context") { variable($0) }.map { [$0] } ?? []
            if pageChange != nil, !pageChangeIsContext, let index = variable(Self.pageChangeContext) { variables.append(index) }
            document.add("variables", variables.isEmpty ? nil : .array(variables))
        default:
            custom(node, &properties)
        }
        common(start, &properties)
    }

    /// Puts the node's context in scope, when it has one; returns whether it did.
    private mutating func enterContext(_ properties: Properties) -> Bool {
        guard let context = ContextScope.context(properties.node("context").map { .node($0) }) else { return false }
        scope.push(context.name, context.value)
        return true
    }

    /// A component DivKit has no equivalent of (a web view, a tab bar without content,
    /// `custom:<name>`): a custom div that the app's custom view factory renders, its
    /// properties passed as they are.
    private mutating func custom(_ node: Node, _ properties: inout Properties) {
        custom(named: Self.customType(of: node.type), &properties)
    }

    /// The `custom_type` of the app's view of `type`: its name alone when that names no
    /// other type, else the type whole (`acme:badge`, `custom:webView`; a type without a
    /// namespace as the custom one it is: `webView` as `custom:webView`).
    private static func customType(of type: String) -> String {
        Node.appViewName(of: type, reserved: ["local_image"]) { !$0.isEmpty } ?? Node.qualifiedType(type)
    }

    /// A `custom` div of `custom_type` `name`, the properties left as its `custom_props`.
    private mutating func custom(named name: String, _ properties: inout Properties) {
        document.add("type", word: "custom")
        document.add("custom_type", name)
        let props = properties.takeAll { !["id", "style", "accessibility"].contains($0.name) }
        if props.contains(where: { isIncluded($0.value) }) {
            document.beginFreeForm()
            document.key("custom_props")
            writeRawObject(props)
            document.endFreeForm()
        }
    }

    /// The screen: a vertical container of the title (when there is one) and the content.
    private mutating func screen(_ properties: inout Properties) {
        document.add("type", word: "container")
        document.add("orientation", word: "vertical")
        var title: DivJSON?
        if let bar = properties.takeNode("navigationBar") {
            var barProperties = Properties(bar.properties)
            title = barProperties.take("title", { text($0) })
            if !barProperties.isEmpty {
                properties.keep(.init("navigationBar", .node(.object(barProperties.remaining))))
            }
        }
        // The screen's context comes first among the card's variables.
        if let context = properties.take("context", { variable($0) }) { variables.insert(context, at: 0) }
        document.key("items")
        document.beginArray()
        if let title {
            let item = document.beginItem()
            document.beginObject()
            document.add("type", word: "text")
            document.add("text", title)
            document.add("font_size", 20)
            document.add("font_weight", word: "bold")
            document.add("paddings", Self.buttonPaddings)
            document.endObject()
            document.endItem(item)
        }
        childDivs(&properties, "child")
        document.endArray()
    }

    private mutating func image(_ properties: inout Properties) {
        let path = properties.takeNode("path")
        var source = Properties(path?.properties ?? [])
        if path?.type == "remote", let url = source.take("url", { text($0) }) {
            document.add("type", word: "image")
            document.add("image_url", url)
            document.add("scale", word: properties.take("mode", Self.scale))
            if !source.isEmpty { properties.keep(.init("path", .node(.object(source.remaining)))) }
            return
        }
        // A local image (`mobileId`) has no DivKit equivalent: DivKit loads images by URL.
        if let path { properties.keep(.init("path", .node(path))) }
        custom(named: "local_image", &properties)
    }

    private mutating func input(_ properties: inout Properties) {
        inputCount += 1
        let name = "input_\(inputCount)"
        let initial = properties.takeString("value") ?? ""
        // A variable's value is evaluated by DivKit's clients, like any string of a div.
        let value = DivJSON.string(DivKitExpression.escaped(initial))
        variables.append(.object([.init("type", .string("string")), .init("name", .string(name)), .init("value", value)]))
        document.add("type", word: "input")
        document.add("text_variable", name)
        document.add("hint_text", properties.take("placeholder") { text($0) })
        document.add("keyboard_type", word: properties.take("type", Self.keyboard))
        let readOnly = properties.takeBool("readOnly") == true
        let enabled = properties.takeBool("enabled")
        if readOnly || enabled == false { document.add("is_enabled", .bool(false)) }
        // Beagle runs `onFocus` and `onBlur` with the field's text as the implicit context of
        // that name (`{"value": text}`), which actions read as `@{onFocus.value}`; DivKit runs
        // `focus.on_focus` and `on_blur` with nothing, and reads `onFocus.value` as the name
        // of one variable (a dot is part of a name; a dictionary's member is read by a
        // method). So the card has a string variable of that name, and the actions set it
        // to the field's text first.
        let focused = properties.take("onFocus") { actionItems($0) }
        let blurred = properties.take("onBlur") { actionItems($0) }
        guard focused != nil || blurred != nil else { return }
        document.key("focus")
        document.beginObject()
        addActions("on_focus", focused.map { [declareEventValue("onFocus.value", text: name)] + $0 }, reading: "onFocus.value")
        addActions("on_blur", blurred.map { [declareEventValue("onBlur.value", text: name)] + $0 }, reading: "onBlur.value")
        document.endObject()
    }

    /// Declares the card's string variable `name` (once) for the value of an event's
    /// implicit context, and returns the action that sets it to the text variable `text`.
    private mutating func declareEventValue(_ name: String, text: String) -> Node.Value {
        if eventValues.insert(name).inserted {
            variables.append(.object([.init("type", .string("string")), .init("name", .string(name)), .init("value", .string(""))]))
        }
        return Self.setting(name, to: .expression(.bind(text)))
    }

    /// The action that sets the variable `name` to `value` before an event's own actions,
    /// in the place of the implicit context Beagle gives them: mapped as any `setContext`.
    private static func setting(_ name: String, to value: Node.Value) -> Node.Value {
        .node(Node(kind: .action, type: "beagle:setContext", properties: [.init("contextId", .string(name)), .init("value", value)]))
    }

    private mutating func list(_ properties: inout Properties) {
        document.add("type", word: "gallery")
        document.add("orientation", word: properties.take("direction", Self.axis))
        // The templates whose view becomes a prototype's div; the rest stay for the extension.
        var prototypes: [(view: Node, selector: Node.Value?)] = []
        var unmappedTemplates: [Node.Value] = []
        for template in properties.takeList("templates") ?? [] {
            guard case .node(let node) = template else {
                unmappedTemplates.append(template)
                continue
            }
            var fields = Properties(node.properties)
            guard let view = fields.take("view", { value -> Node? in
                guard case .node(let view) = value, isIncluded(view) else { return nil }
                return view
            }) else {
                unmappedTemplates.append(template)
                continue
            }
            prototypes.append((view, fields.takeAny("case")))
        }
        if !unmappedTemplates.isEmpty { properties.keep(.init("templates", .list(unmappedTemplates))) }
        if !prototypes.isEmpty, case let (data, items)? = properties.take("dataSource", { value -> (DivJSON, Node.Value?)? in
            switch value {
            case .expression(let expression): (.string(DivKitExpression.source(expression, in: scope, as: .array)), items(of: expression))
            case .list: (raw(value), value)
            default: nil
            }
        }) {
            document.key("item_builder")
            document.beginObject()
            document.add("data", data)
            let element = properties.takeString("iteratorName") ?? "item"
            document.add("data_element_name", element)
            // Each item is in scope in the prototypes, typed as the first of the list.
            let first: Node.Value? = if case .list(let values)? = items { values.first } else { nil }
            scope.push(element, first)
            defer { scope.pop() }
            document.key("prototypes")
            document.beginArray()
            for prototype in prototypes {
                document.beginObject()
                document.key("div")
                let id = prototypeDepth == 0 ? Self.literalID(of: prototype.view) : nil
                var view = prototype.view
                if id != nil { view.properties.removeAll { $0.name == "id" } }
                prototypeDepth += 1
                div(view)
                prototypeDepth -= 1
                // Beagle's suffix (`title:3`) with the item's index. An item's `key` field
                // could be missing from the data, which fails the expression; the index
                // is always there. `prototype.id` (pydivkit 33.8.0's schema) is in
                // divkit/divkit's `CHANGELOG.md` from iOS 30.6.0, Android 30.7.0 and web
                // 30.21.0, `index` from 30.5.0, 30.6.0 and 30.6.0: before 30.31, the first
                // release an item builder is written for (the capability data).
                document.add("id", id.map { DivKitExpression.escapedBody($0) + ":@{index}" })
                document.add("selector", prototype.selector.flatMap { condition($0) })
                document.endObject()
            }
            document.endArray()
            document.endObject()
        } else {
            document.add("items", .array([]))
            if !prototypes.isEmpty {
                // Not written, but mapped all the same: their text fields stay card variables.
                let written = document.copy()
                for prototype in prototypes { div(prototype.view) }
                document = written
                properties.keep(.init("templates", .list(prototypes.map { _ in .string("prototype") })))
            }
        }
        document.add("variables", properties.take("context") { variable($0) }.map { .array([$0]) })
        addActions("visibility_actions", properties.take("onInit") { actionItems($0) })
    }

    /// The items a list's data source binds to, when it is one path the scope knows.
    private func items(of dataSource: BeagleExpression) -> Node.Value? {
        guard dataSource.parts.count == 1, case .binding(let path) = dataSource.parts[0] else { return nil }
        return scope.resolve(path)
    }

    /// A component's own identifier, when it is literal text that is not empty.
    static func literalID(of node: Node) -> String? {
        guard case .string(let id)? = node[property: "id"], !id.isEmpty else { return nil }
        return id
    }

    /// Writes `items`: the divs of the components under `name` (a list, or one), leaving
    /// out those for other platforms; anything else there stays for the extension.
    private mutating func children(_ properties: inout Properties, _ name: String, selectedActions: [Node.Value]? = nil) {
        document.key("items")
        document.beginArray()
        childDivs(&properties, name, selectedActions: selectedActions)
        document.endArray()
    }

    /// The implicit context of a page view's `onPageChange` actions, which holds the index
    /// of the page selected: a variable of the pager in DivKit.
    private static let pageChangeName = "onPageChange"
    private static let pageChangeContext = Node.Value.node(.object([.init("id", .string(pageChangeName)), .init("value", .int(0))]))

    /// Writes the divs of the components under `name`, when they all are components; with
    /// `selectedActions`, each as a page that runs them when selected, after it sets
    /// ``pageChangeName`` to its index among the pages written.
    private mutating func childDivs(_ properties: inout Properties, _ name: String, selectedActions: [Node.Value]? = nil) {
        let items = properties.take(name) { value -> [Node.Value]? in
            let items: [Node.Value] = switch value {
            case .list(let items): items
            case .node: [value]
            default: []
            }
            return !items.isEmpty && items.allSatisfy(Self.isComponent) ? items : nil
        }
        var page = 0
        for item in items ?? [] {
            guard case .node(let node) = item, isIncluded(node) else { continue }
            let number = document.beginItem()
            if let selectedActions {
                let start = document.beginObject()
                members(node, start: start)
                addActions("selected_actions", [Self.setting(Self.pageChangeName, to: .int(page))] + selectedActions)
                document.endObject()
                page += 1
            } else {
                div(node)
            }
            document.endItem(number)
        }
    }

    /// Whether `value` is a component node, which becomes a div.
    private static func isComponent(_ value: Node.Value) -> Bool {
        if case .node(let node) = value { return node.kind == .component }
        return false
    }

    /// Identity, style and accessibility, which every component may carry, and the
    /// `beagle` extension with whatever the mapping did not take.
    private mutating func common(_ start: Int, _ properties: inout Properties) {
        // Never evaluated (`supports_expressions: false` in DivKit's `common.json#/id`):
        // literal text as it is, an escape would show; a binding stays for the extension.
        // Inside a prototype it stays for the extension, as it would repeat in every item.
        if prototypeDepth == 0 {
            document.add("id", properties.take("id") { if case .string(let id) = $0 { id } else { nil } })
        }
        if let style = properties.takeNode("style") {
            var rest = Properties(style.properties)
            apply(style: &rest, to: start)
            if !rest.isEmpty { properties.keep(.init("style", .node(.object(rest.remaining)))) }
        }
        if let accessibility = properties.takeNode("accessibility") {
            var fields = Properties(accessibility.properties)
            let description = fields.take("accessibilityLabel") { text($0) }
            let isHeader = fields.takeBool("isHeader") == true
            let excluded = fields.takeBool("accessible") == false
            if description != nil || isHeader || excluded {
                document.removeMembers(ofObjectAt: start) { $0 == "accessibility" }
                document.key("accessibility")
                document.beginObject()
                document.add("description", description)
                if isHeader { document.add("type", word: "header") }
                if excluded { document.add("mode", word: "exclude") }
                document.endObject()
            }
            if !fields.isEmpty { properties.keep(.init("accessibility", .node(.object(fields.remaining)))) }
        }
        // What is left for this platform, if anything: an extension of nothing is not written.
        let rest = properties.isEmpty ? [] : properties.remaining
        if rest.contains(where: { isIncluded($0.value) }) {
            document.beginFreeForm()
            document.key("extensions")
            document.beginArray()
            document.beginObject()
            document.add("id", word: "beagle")
            document.key("params")
            writeRawObject(rest)
            document.endObject()
            document.endArray()
            document.endFreeForm()
        }
    }

    private static let buttonPaddings = DivInsets(left: 16, top: 12, right: 16, bottom: 12)

    // MARK: Style

    /// Beagle's flex style as DivKit sizes, insets, background, border and alignment, on
    /// the div open at `start`.
    private mutating func apply(style: inout Properties, to start: Int) {
        if let size = style.takeNode("size") {
            var fields = Properties(size.properties)
            document.add("width", fields.take("width", DivSize.init))
            document.add("height", fields.take("height", DivSize.init))
            if !fields.isEmpty { style.keep(.init("size", .node(.object(fields.remaining)))) }
        }
        document.add("margins", style.take("margin", DivInsets.init))
        if let paddings = style.take("padding", DivInsets.init) {
            // A button's own paddings give way to its style's: a member is written once.
            document.removeMembers(ofObjectAt: start) { $0 == "paddings" }
            document.add("paddings", paddings)
        }
        if let color = style.take("backgroundColor", Self.color) {
            document.key("background")
            document.beginArray()
            document.beginObject()
            document.add("type", word: "solid")
            document.add("color", color)
            document.endObject()
            document.endArray()
        }
        let radius = style.take("cornerRadius") { value -> Int? in
            guard case .node(let corner) = value, case .double(let radius)? = corner[property: "radius"],
                radius.isFinite, radius >= 0, radius < 1e9
            else { return nil }
            return Int(radius.rounded())
        }
        // DivKit's stroke width is a non-negative number; another stays for the extension.
        let stroke = style.take("borderColor", Self.color).map { ($0, style.takeNumber("borderWidth", where: { $0 >= 0 })) }
        if radius != nil || stroke != nil {
            document.key("border")
            document.beginObject()
            document.add("corner_radius", radius)
            if let (color, width) = stroke {
                document.key("stroke")
                document.beginObject()
                document.add("color", color)
                if let width {
                    document.key("width")
                    document.double(width)
                }
                document.endObject()
            }
            document.endObject()
        }
        let horizontal = Self.isHorizontal(style.node("flex"))
        let isContainer = document.isDiv(at: start, ofType: "container")
        if let flex = style.takeNode("flex") {
            var fields = Properties(flex.properties)
            if isContainer {
                _ = fields.takeString("flexDirection")  // the container's orientation
                let main: StaticString = horizontal ? "content_alignment_horizontal" : "content_alignment_vertical"
                let cross: StaticString = horizontal ? "content_alignment_vertical" : "content_alignment_horizontal"
                document.add(main, word: fields.take("justifyContent") { Self.justification($0, horizontal: horizontal) })
                document.add(cross, word: fields.take("alignItems") { Self.alignment($0, horizontal: !horizontal) })
            }
            document.add("alignment_horizontal", word: fields.take("alignSelf") { Self.alignment($0, horizontal: true) })
            if !fields.isEmpty { style.keep(.init("flex", .node(.object(fields.remaining)))) }
        }
        if style.take("display", { $0 == .string("NONE") ? true : nil }) == true { document.add("visibility", word: "gone") }
    }

    /// A container's orientation for its style's flex (a node, else vertical).
    private static func orientation(_ flex: Node.Value?) -> StaticString {
        guard case .node(let flex)? = flex else { return "vertical" }
        return isHorizontal(flex) ? "horizontal" : "vertical"
    }

    /// Whether `flexDirection` is ROW (or ROW_REVERSE); anything else is vertical.
    private static func isHorizontal(_ flex: Node?) -> Bool {
        guard case .string(let direction)? = flex?[property: "flexDirection"] else { return false }
        return direction.hasPrefix("ROW")
    }

    /// `#RGB`, `#RRGGBB` or `#AARRGGBB` as DivKit's `#RRGGBB` / `#AARRGGBB`; `nil` otherwise.
    private static func color(_ value: Node.Value) -> String? {
        guard case .string(let text) = value, text.utf8.first == UInt8(ascii: "#") else { return nil }
        let digits = Array(text.utf8.dropFirst())
        guard digits.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102) }) else { return nil }
        switch digits.count {
        case 3: return "#" + String(decoding: digits.flatMap { [$0, $0] }, as: UTF8.self)
        case 6, 8: return text
        default: return nil
        }
    }

    private static func textAlignment(_ value: Node.Value) -> StaticString? {
        switch value {
        case .string("LEFT"): "left"
        case .string("CENTER"): "center"
        case .string("RIGHT"): "right"
        default: nil
        }
    }

    private static func axis(_ value: Node.Value) -> StaticString? {
        switch value {
        case .string("HORIZONTAL"): "horizontal"
        case .string("VERTICAL"): "vertical"
        default: nil
        }
    }

    /// `justifyContent` on the main axis.
    private static func justification(_ value: Node.Value, horizontal: Bool) -> StaticString? {
        switch value {
        case .string("FLEX_START"): horizontal ? "start" : "top"
        case .string("CENTER"): "center"
        case .string("FLEX_END"): horizontal ? "end" : "bottom"
        case .string("SPACE_BETWEEN"): "space-between"
        case .string("SPACE_AROUND"): "space-around"
        case .string("SPACE_EVENLY"): "space-evenly"
        default: nil
        }
    }

    /// `alignItems` or `alignSelf` on an axis.
    private static func alignment(_ value: Node.Value, horizontal: Bool) -> StaticString? {
        switch value {
        case .string("FLEX_START"): horizontal ? "start" : "top"
        case .string("CENTER"): "center"
        case .string("FLEX_END"): horizontal ? "end" : "bottom"
        default: nil
        }
    }

    private static func scale(_ value: Node.Value) -> StaticString? {
        switch value {
        case .string("FIT_XY"): "stretch"
        case .string("CENTER_CROP"): "fill"
        case .string("CENTER"): "no_scale"
        case .string("FIT_CENTER"): "fit"
        default: nil
        }
    }

    private static func keyboard(_ value: Node.Value) -> StaticString? {
        switch value {
        case .string("EMAIL"): "email"
        case .string("PASSWORD"): "password"
        case .string("NUMBER"): "number"
        case .string("TEXT"), .string("DATE"): "single_line_text"
        default: nil
        }
    }

    // MARK: Values

    /// A literal or bound text, escaped for DivKit.
    func text(_ value: Node.Value?) -> DivJSON? {
        switch value {
        case .string(let text)?: .string(DivKitExpression.escaped(text))
        case .expression(let expression)?: .string(DivKitExpression.source(expression, in: scope))
        case .int(let number)?: .string(String(number))
        case .double(let number)?: .string(String(number))
        case .bool(let flag)?: .string(flag ? "true" : "false")
        default: nil
        }
    }

    /// A list template's condition (`case`): a binding as DivKit's Boolean expression, a
    /// literal escaped.
    func condition(_ value: Node.Value) -> DivJSON? {
        switch value {
        case .expression(let expression): .string(DivKitExpression.source(expression, in: scope, as: .boolean))
        case .string(let text): .string(DivKitExpression.escaped(text))
        default: nil
        }
    }

    /// A value passed through as JSON, for payloads, custom props, the `beagle` extension,
    /// variables and item data: the host application reads these. Every client hands
    /// custom props and extension params over as they are (the web client in
    /// `Custom.svelte` and `Outer.svelte`), and Android's and iOS's hand over payloads as
    /// they are too; the web client evaluates every string of an action before its handler
    /// gets it (`Root.svelte` `execAction` → `getJsonWithVars`), so an action's strings are
    /// written `escaped` (by DivKit's rule, which it undoes) wherever the card may reach a
    /// web client (``escapesActionText``). A node for another platform is left out, from
    /// lists and objects alike.
    ///
    /// Built as a value for what stays one (card variables, a typed value, a list's data);
    /// ``writeRaw(_:escaped:)`` writes the same bytes straight into the card.
    func raw(_ value: Node.Value, escaped: Bool = false) -> DivJSON {
        switch value {
        case .list(let items):
            return .array(items.filter { isIncluded($0) }.map { raw($0, escaped: escaped) })
        case .node(let node):
            var members: [DivJSON.Member] = node.type.isEmpty ? [] : [.init("type", .string(rawType(node, escaped: escaped)))]
            var seen: Set<String> = []
            for index in node.properties.indices where isWritten(index, of: node.properties, besideType: !node.type.isEmpty, seen: &seen) {
                members.append(.init(node.properties[index].name, raw(node.properties[index].value, escaped: escaped)))
            }
            return .object(members)
        case .string, .expression, .int, .double, .bool:
            return rawScalar(value, escaped: escaped)
        }
    }

    /// Writes `value` as ``raw(_:escaped:)`` makes it, straight into the document, with no
    /// value built first: for the payloads, custom props and extension params of every
    /// request.
    mutating func writeRaw(_ value: Node.Value, escaped: Bool = false) {
        switch value {
        case .list(let items):
            document.beginArray()
            for item in items where isIncluded(item) { writeRaw(item, escaped: escaped) }
            document.endArray()
        case .node(let node):
            writeRawObject(node.properties, type: node.type.isEmpty ? nil : rawType(node, escaped: escaped), escaped: escaped)
        case .string, .expression, .int, .double, .bool:
            document.append(rawScalar(value, escaped: escaped))
        }
    }

    /// Writes `members` as an object, after a `type` member when `type` is given: those
    /// that ``isWritten(_:of:besideType:seen:)`` keeps, as ``raw(_:escaped:)`` makes a node.
    private mutating func writeRawObject(_ members: [Node.Property], type: String? = nil, escaped: Bool = false) {
        document.beginObject()
        if let type {
            document.key("type")
            document.string(type)
        }
        var seen: Set<String> = []
        for index in members.indices where isWritten(index, of: members, besideType: type != nil, seen: &seen) {
            document.key(escaping: members[index].name)
            writeRaw(members[index].value, escaped: escaped)
        }
        document.endObject()
    }

    /// A text, number or flag as ``raw(_:escaped:)`` writes it. Lists and nodes are theirs
    /// to write: given one, an empty string, so that the JSON stays whole either way.
    private func rawScalar(_ value: Node.Value, escaped: Bool) -> DivJSON {
        switch value {
        case .string(let text): .string(escaped ? DivKitExpression.escaped(text) : text)
        case .expression(let expression): .string(escaped ? DivKitExpression.source(expression, in: scope) : expression.source)
        case .int(let number): .int(number)
        case .double(let number): number.isFinite ? .double(number) : .string(String(number))
        case .bool(let flag): .bool(flag)
        case .list, .node: .string("")
        }
    }

    /// A nested node's type, a string like any other (an imported document sets it).
    private func rawType(_ node: Node, escaped: Bool) -> String {
        escaped ? DivKitExpression.escaped(node.type) : node.type
    }

    /// The most members of an object whose names are compared pairwise, for a name given
    /// twice; past it, a set.
    private static let mostNamesComparedPairwise = 16

    /// Whether the member at `index` of an object is written: not a node for another
    /// platform, nor a `type` beside the object's own, nor a name written already (the
    /// first of a name is, as `Node[property:]` reads a node). `seen` holds the names of a
    /// large object, which comparing pairwise would make quadratic.
    private func isWritten(_ index: Int, of members: [Node.Property], besideType: Bool, seen: inout Set<String>) -> Bool {
        let name = members[index].name
        guard isIncluded(members[index].value), !(besideType && name == "type") else { return false }
        if members.count <= Self.mostNamesComparedPairwise {
            return !members[..<index].contains { $0.name == name && isIncluded($0.value) }
        }
        return seen.insert(name).inserted
    }

    /// Whether an action's strings from data are escaped: unless the card is for Android
    /// or iOS alone, a web client may evaluate them.
    var escapesActionText: Bool {
        platform.map { !$0.isDisjoint(with: .web) } ?? true
    }

    /// A context as a card or div variable of the matching type.
    func variable(_ value: Node.Value) -> DivJSON? {
        guard case .node(let context) = value, case .string(let name)? = context[property: "id"] else { return nil }
        let (type, json): (String, DivJSON) = switch context[property: "value"] {
        // Evaluated by the clients (Android's and iOS's variable parsers resolve the value
        // as an expression): literal text escaped, a binding as DivKit's own.
        case .string(let text)?: ("string", .string(DivKitExpression.escaped(text)))
        case .int(let number)?: ("integer", .int(number))
        case .double(let number)?: ("number", number.isFinite ? .double(number) : .int(0))
        case .bool(let flag)?: ("boolean", .bool(flag))
        case .list(let items)?: ("array", raw(.list(items)))
        case .node(let object)?: ("dict", raw(.node(.object(object.properties))))
        case .expression(let expression)?: ("string", .string(DivKitExpression.source(expression, in: scope)))
        case nil: ("string", .string(""))
        }
        return .object([.init("type", .string(type)), .init("name", .string(name)), .init("value", json)])
    }
}
