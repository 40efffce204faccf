import ScreenRegistry
import ScreenRendering
import Testing

@Suite("Know the client: versions, app components, fallbacks")
struct ClientFitTests {
    @Test("Versions read one to four numbers and compare part by part; anything else is none")
    func versions() throws {
        #expect(try #require(Version("2")) == #require(Version("2.0.0")))
        #expect(try #require(Version("2.10")) > #require(Version("2.9.9")))
        #expect(Version("30.4")?.description == "30.4")
        #expect(Version("7")?.description == "7.0")
        for text in ["", "2.", ".2", "v2", "2.0-beta", "1.2.3.4.5", "1234567890", " 2", "2,0"] {
            #expect(Version(text) == nil, "\(text)")
        }
    }

    @Test("An app ships a declared view from its version on, on its platforms; unnamed platforms need all")
    func appComponents() throws {
        var app = AppComponents()
        app.declare("custom:badge", since: Version("2.0"), on: .mobile)
        #expect(app.ships("custom:badge", appVersion: Version("2.0"), platform: .ios))
        #expect(app.ships("custom:badge", appVersion: Version("3.1"), platform: .android))
        #expect(!app.ships("custom:badge", appVersion: Version("1.9"), platform: .ios))
        #expect(!app.ships("custom:badge", appVersion: Version("2.0"), platform: .web))
        #expect(!app.ships("custom:badge", appVersion: Version("2.0"), platform: nil))
        #expect(!app.ships("custom:badge", appVersion: nil, platform: .ios))
        #expect(!app.ships("custom:chart", appVersion: Version("9.0"), platform: .ios))
        app.declare("beagle:alert")  // a handler in every app version, on every platform
        #expect(app.ships("beagle:alert", appVersion: nil, platform: nil))
    }

    static let badge = Node(kind: .component, type: "custom:badge", properties: [.init("label", .string("Verified"))])

    static func screen(_ middle: Node) -> Node {
        Screen { Text("top"); middle; Text("bottom") }.node
    }

    static func texts(_ node: Node) -> [String] {
        var found: [String] = []
        func visit(_ value: Node.Value) {
            switch value {
            case .node(let node):
                if node.type == "beagle:text", case .string(let text)? = node[property: "text"] { found.append(text) }
                node.properties.forEach { visit($0.value) }
            case .list(let items): items.forEach(visit)
            default: break
            }
        }
        visit(.node(node))
        return found
    }

    @Test("A type without a namespace is the app's own custom: type, as the formats for apps write it, declared either way")
    func typesWithoutNamespace() throws {
        let bare = Node(kind: .component, type: "rating")
        for declared in ["rating", "custom:rating"] {
            var app = AppComponents()
            app.declare(declared, since: Version("2.0"), on: .all)
            #expect(app.declarations.map(\.type) == ["custom:rating"])
            let fit = ClientFit(ClientProfile(format: .divkit, appVersion: Version("2.0")), appComponents: app)
            #expect(fit.reason(cannotRender: bare) == nil, "declared as \(declared)")
            #expect(fit.reason(cannotRender: Node(kind: .component, type: "custom:rating")) == nil, "declared as \(declared)")
        }
        #expect(BeagleJSONRenderer().render(bare).contains(#""_beagleComponent_":"custom:rating""#))
        // A bare action is not Beagle's, and a bare name Beagle has is not Beagle's view.
        let button = Node(kind: .component, type: "beagle:button", properties: [
            .init("text", .string("b")), .init("onPress", .list([.node(Node(kind: .action, type: "popView"))])),
        ])
        #expect(DivKitRenderer().render(button).contains(#""log_id":"custom:popView""#))
        #expect(try HXMLRenderer().render(Node(kind: .component, type: "text")).contains(#"<sr:component type="custom:text"/>"#))
    }

    @Test("A fallback stands in where the client cannot render; an empty one leaves the component out")
    func fallbacks() throws {
        var app = AppComponents()
        app.declare("custom:badge", since: Version("2.0"), on: .all)
        let withFallback = Self.screen(Self.badge.fallback { Text("Update the app") })
        let old = ClientFit(ClientProfile(format: .json, appVersion: Version("1.0")), appComponents: app)
        let new = ClientFit(ClientProfile(format: .json, appVersion: Version("2.0")), appComponents: app)
        #expect(Self.texts(try old.fit(withFallback)) == ["top", "Update the app", "bottom"])
        #expect(try new.fit(withFallback) == withFallback)
        let omitted = Self.screen(Self.badge.fallback {})
        #expect(Self.texts(try old.fit(omitted)) == ["top", "bottom"])
        // Our own formats show what an app gets, too.
        let xml = ClientFit(ClientProfile(format: .xml, appVersion: Version("1.0")), appComponents: app)
        #expect(Self.texts(try xml.fit(withFallback)) == ["top", "Update the app", "bottom"])
    }

    @Test("A fallback of several components joins a list in place, or fills a single child as a container; a fallback is fitted too")
    func severalAndNestedFallbacks() throws {
        var app = AppComponents()
        app.declare("custom:badge", since: Version("2.0"), on: .all)
        let old = ClientFit(ClientProfile(format: .json, appVersion: Version("1.0")), appComponents: app)
        let two = Self.badge.fallback { Text("Update"); Text("the app") }
        #expect(Self.texts(try old.fit(Self.screen(two))) == ["top", "Update", "the app", "bottom"])

        // A screen's `child` holds one node: two in its place go in a container.
        let alone = try old.fit(Screen { two }.node)
        guard case .node(let child)? = alone[property: "child"] else {
            Issue.record("no child: \(alone)")
            return
        }
        #expect(child.type == "beagle:container")
        #expect(Self.texts(child) == ["Update", "the app"])

        // A fallback the client cannot render either gives way to its own.
        let nested = Self.badge.fallback {
            Node(kind: .component, type: "custom:newBadge", properties: []).fallback { Text("Plain") }
        }
        #expect(Self.texts(try old.fit(Self.screen(nested))) == ["top", "Plain", "bottom"])
        // Left out in a fallback of several: the others stay, in order.
        let partly = Self.badge.fallback {
            Text("Update")
            Node(kind: .component, type: "custom:newBadge", properties: []).fallback {}
            Text("the app")
        }
        #expect(Self.texts(try old.fit(Self.screen(partly))) == ["top", "Update", "the app", "bottom"])
    }

    @Test("Without a fallback, what the client cannot render is an error naming where, the client and why")
    func unsupported() throws {
        let fit = ClientFit(ClientProfile(format: .hxml, platform: .ios, appVersion: Version("3.0")), appComponents: AppComponents())
        do {
            _ = try fit.fit(Self.screen(Self.badge))
            Issue.record("an undeclared custom component was fitted")
        } catch {
            #expect(error.path == "beagle:screenComponent > beagle:container > custom:badge")
            #expect(error.type == "custom:badge")
            #expect(error.client == "hyperview app 3.0 IOS")
            #expect(error.reason == "it needs the app's own view, which app 3.0 on IOS does not declare")
        }
        #expect(fit.problems(in: Self.screen(Self.badge)).map(\.type) == ["custom:badge"])
    }

    @Test("A client library renders a type from the version its sources give: DivKit's setContext from 30.4")
    func clientVersions() throws {
        let setContext = Node(kind: .action, type: "beagle:setContext", properties: [.init("contextId", .string("c"))])
        let button = Node(kind: .component, type: "beagle:button", properties: [
            .init("text", .string("Go")), .init("onPress", .list([.node(setContext)])),
        ])
        let screen = Self.screen(button)
        func problems(_ version: String?) -> [String] {
            ClientFit(ClientProfile(format: .divkit, clientVersion: version.flatMap(Version.init)), appComponents: AppComponents())
                .problems(in: screen).map(\.description)
        }
        #expect(problems("30.4") == [])
        #expect(problems(nil) == [])  // a client that names no version gets what the newest renders
        #expect(problems("29.0") == [
            "beagle:screenComponent > beagle:container > beagle:button > beagle:setContext: divkit@29.0 cannot render beagle:setContext: divkit renders it from 30.4"
        ])
        #expect(ClientCapabilities.of(.hxml).since("beagle:listView") == Version("0.26"))
        // A gallery with an item_builder, on DivKit Web from 30.31; a pager's horizontal view
        // (scroll-orientation) in Hyperview from 0.3.
        #expect(ClientCapabilities.of(.divkit).since("beagle:listView") == Version("30.31"))
        #expect(ClientCapabilities.of(.divkit).renders("beagle:listView", at: Version("30.30")) == false)
        #expect(ClientCapabilities.of(.hxml).renders("beagle:pageView", at: Version("0.2")) == false)
        #expect(ClientCapabilities.of(.hxml).renders("beagle:pageView", at: Version("0.3")) == true)
        #expect(ClientCapabilities.of(.json).renders("custom:badge", at: nil) == nil)
        #expect(ClientCapabilities.of(.text).renders("custom:badge", at: nil) == nil)
        #expect(ClientCapabilities.of(.text).renders("beagle:webView", at: nil) == true)
    }

    @Test("Property values a client renders only later: DivKit's password keyboard and spaced alignments, Hyperview's secure text")
    func propertyRequirements() throws {
        let password = TextInput(placeholder: "Password", type: .password).node
        let spaced = Container { Text("a"); Text("b") }.style(Style(flex: Flex(justifyContent: .spaceEvenly))).node
        func reasons(_ format: ScreenFormat, _ version: String, _ node: Node) -> [String] {
            ClientFit(ClientProfile(format: format, clientVersion: Version(version)), appComponents: AppComponents())
                .problems(in: Self.screen(node)).map(\.reason)
        }
        #expect(reasons(.divkit, "31.6", password) == ["divkit renders type PASSWORD from 31.7"])
        #expect(reasons(.divkit, "31.7", password) == [])
        #expect(reasons(.divkit, "28.2", spaced) == ["divkit renders style.flex.justifyContent SPACE_EVENLY from 28.3"])
        #expect(reasons(.divkit, "28.3", spaced) == [])
        #expect(reasons(.hxml, "0.34", password) == ["hyperview renders type PASSWORD from 0.34.1"])
        #expect(reasons(.hxml, "0.34.1", password) == [])
        #expect(reasons(.json, "1.0", password) == [])
        // A vertical scroll view is any Hyperview's; a horizontal one needs scroll-orientation
        // (0.3). Checked alone: a whole screen needs 0.5.
        func alone(_ version: String, _ node: Node) -> [String] {
            ClientFit(ClientProfile(format: .hxml, clientVersion: Version(version)), appComponents: AppComponents())
                .problems(in: node).map(\.reason)
        }
        let sideways = ScrollView(scrollDirection: .horizontal) { Text("a") }.node
        #expect(alone("0.2", sideways) == ["hyperview renders scrollDirection HORIZONTAL from 0.3"])
        #expect(alone("0.3", sideways) == [])
        #expect(alone("0.1", ScrollView(scrollDirection: .vertical) { Text("a") }.node) == [])
    }

    @Test("Booleans and properties that an older client ignores, and so renders wrongly: disabled actions, read-only fields, triggers, local variables")
    func flagAndPresenceRequirements() throws {
        func reasons(_ format: ScreenFormat, _ version: String, _ node: Node) -> [String] {
            ClientFit(ClientProfile(format: format, clientVersion: Version(version)), appComponents: AppComponents())
                .problems(in: Self.screen(node)).map(\.reason)
        }
        // DivKit runs a disabled button's actions before 29.2 (`is_enabled` on actions).
        let disabled = Button("Pay", enabled: false, action: .navigate(to: "/pay")).node
        #expect(reasons(.divkit, "29.1", disabled) == ["divkit renders enabled false from 29.2"])
        #expect(reasons(.divkit, "29.2", disabled) == [])
        // Enabled, or without actions to disable, it renders the same on every version.
        #expect(reasons(.divkit, "29.1", Button("Pay", enabled: true, action: .navigate(to: "/pay")).node) == [])
        #expect(reasons(.divkit, "29.1", Button("Pay", enabled: false).node) == [])
        // A read-only field: `is_enabled` on DivKit's input from 29.15, `editable` in Hyperview from 0.38.4.
        let readOnly = TextInput(value: "42", readOnly: true).node
        let inputDisabled = TextInput(value: "42", enabled: false).node
        #expect(reasons(.divkit, "29.14", readOnly) == ["divkit renders readOnly true from 29.15"])
        #expect(reasons(.divkit, "29.14", inputDisabled) == ["divkit renders enabled false from 29.15"])
        #expect(reasons(.divkit, "29.15", readOnly) == [])
        #expect(reasons(.divkit, "29.14", TextInput(value: "42", readOnly: false).node) == [])
        #expect(reasons(.hxml, "0.38.3", readOnly) == ["hyperview renders readOnly true from 0.38.4"])
        #expect(reasons(.hxml, "0.38.4", inputDisabled) == [])
        // Hyperview's triggers: a property whatever its value, named without one.
        let focused = TextInput(placeholder: "Name", onFocus: [.popView]).node
        let changed = TextInput(placeholder: "Name", onChange: [.popView]).node
        #expect(reasons(.hxml, "0.37", focused) == ["hyperview renders onFocus from 0.38"])
        #expect(reasons(.hxml, "0.38", focused) == [])
        #expect(reasons(.hxml, "0.45", changed) == ["hyperview renders onChange from 0.46"])
        #expect(reasons(.hxml, "0.46", changed) == [])
        #expect(reasons(.hxml, "0.37", TextInput(placeholder: "Name").node) == [])
        // An empty trigger list, as an imported screen may hold, writes no behavior.
        var emptyTrigger = TextInput(placeholder: "Name").node
        emptyTrigger.properties.append(.init("onFocus", .list([])))
        #expect(reasons(.hxml, "0.37", emptyTrigger) == [])
        // A container's own context is a div's `variables` in DivKit, from 30.19 on every platform.
        let scoped = Container(context: Context(id: "cart", value: ["count": 2])) { Text("Cart") }.node
        #expect(reasons(.divkit, "30.18", scoped) == ["divkit renders context from 30.19"])
        #expect(reasons(.divkit, "30.19", scoped) == [])
        #expect(reasons(.divkit, "30.18", Container { Text("Cart") }.node) == [])
        // A text field's focus and blur read their implicit context through `dict_set_value` (30.4).
        let focusedInput = TextInput(placeholder: "Name", onFocus: [.navigate(to: "/help")]).node
        #expect(reasons(.divkit, "30.3", focusedInput) == ["divkit renders onFocus from 30.4"])
        #expect(reasons(.divkit, "30.4", focusedInput) == [])
        let blurredInput = TextInput(placeholder: "Name", onBlur: [.navigate(to: "/help")]).node
        #expect(reasons(.divkit, "30.3", blurredInput) == ["divkit renders onBlur from 30.4"])
        // A page view's page change is set in a variable of the pager: 30.19 too.
        let paged = PageView(onPageChange: [.setContext(contextId: "tab", value: .expression(.bind("onPageChange")))]) { Text("a") }.node
        #expect(reasons(.divkit, "30.18", paged) == ["divkit renders onPageChange from 30.19"])
        #expect(reasons(.divkit, "30.19", paged) == [])
        #expect(reasons(.divkit, "30.18", PageView { Text("a") }.node) == [])
        // Requirements read as data: `formats` lists them.
        let divkit = ClientCapabilities.of(.divkit).properties.map(\.description)
        #expect(divkit.contains("beagle:button enabled=false (with onPress)"))
        #expect(ClientCapabilities.of(.hxml).properties.map(\.description).contains("beagle:textInput onChange"))
    }

    @Test("A binding's path into context data needs DivKit's typed getters: a member from 28.6, a path through nested data from 29.5")
    func pathRequirements() throws {
        func reasons(_ format: ScreenFormat, _ version: String?, _ node: Node) -> [String] {
            ClientFit(ClientProfile(format: format, clientVersion: version.flatMap { Version($0) }), appComponents: AppComponents())
                .problems(in: Self.screen(node)).map(\.reason)
        }
        let member = Text("Hi \(bind: "user.name")").node
        #expect(reasons(.divkit, "28.5", member) == ["divkit reads user.name, a path into context data, from 28.6"])
        #expect(reasons(.divkit, "28.6", member) == [])
        #expect(reasons(.divkit, nil, member) == [])  // a client that names no version gets what the newest reads
        let profile = ClientProfile(format: .divkit, clientVersion: Version("28.5"))
        #expect(ClientFit(profile, appComponents: AppComponents()).problems(in: Self.screen(member)).map(\.description) == [
            "beagle:screenComponent > beagle:container > beagle:text: divkit@28.5 cannot render beagle:text: divkit reads user.name, a path into context data, from 28.6"
        ])
        let withFallback = Text("Hi \(bind: "user.name")").fallback { Text("Hi") }.node
        #expect(try Self.texts(ClientFit(profile, appComponents: AppComponents()).fit(Self.screen(withFallback))) == ["top", "Hi", "bottom"])
        // Keys one after another are one getter's path, and an index alone one step.
        #expect(reasons(.divkit, "28.6", Text(.bind("user.address.city")).node) == [])
        #expect(reasons(.divkit, "28.6", Text(.bind("tags[1]")).node) == [])
        #expect(reasons(.divkit, "28.5", Text(.bind("tags[1]")).node) == ["divkit reads tags[1], a path into context data, from 28.6"])
        // An object or list taken out on the way needs the getters of 29.5, which an older
        // client is told, whatever else it lacks.
        for path in ["item.tags[0]", "rows[0].name", "grid[0][1]"] {
            for version in ["28.0", "29.4"] {
                #expect(reasons(.divkit, version, Text(.bind(path)).node) == ["divkit reads \(path), a path through nested context data, from 29.5"])
            }
            #expect(reasons(.divkit, "29.5", Text(.bind(path)).node) == [])
        }
        // A name alone is a variable, which every version reads; literal text reads nothing.
        #expect(reasons(.divkit, "28.0", Text(.bind("user")).node) == [])
        #expect(reasons(.divkit, "28.0", Text("user.name and @{user.name}").node) == [])
        // A path in an operation's operands, or in a structured value of the node, counts too.
        #expect(reasons(.divkit, "28.5", Text(.bind("concat(greeting, user.name)")).node) == ["divkit reads user.name, a path into context data, from 28.6"])
        let labelled = Node(kind: .component, type: "beagle:text", properties: [
            .init("text", .string("Hi")), .init("accessibility", .node(.object([.init("accessibilityLabel", .expression(.bind("user.name")))]))),
        ])
        #expect(reasons(.divkit, "28.5", labelled) == ["divkit reads user.name, a path into context data, from 28.6"])
        // Beagle's clients read paths themselves, and Hyperview's screens get their values.
        #expect(reasons(.json, "1.0", Text(.bind("item.tags[0]")).node) == [])
        #expect(reasons(.hxml, "0.41", Text(.bind("item.tags[0]")).node) == [])
        // Requirements read as data: `formats` lists them.
        #expect(ClientCapabilities.of(.divkit).paths.map(\.description) == [
            "a binding's path through nested context data (item.tags[0], rows[0].name)", "a binding's path into context data (user.name, tags[0])",
        ])
    }

    @Test("A binding with an operation DivKit has no equivalent for is refused in every version; Beagle's clients and the server-side formats take any")
    func bindingOperations() throws {
        func reasons(_ format: ScreenFormat, _ version: String?, _ node: Node) -> [String] {
            ClientFit(ClientProfile(format: format, clientVersion: version.flatMap { Version($0) }), appComponents: AppComponents())
                .problems(in: Self.screen(node)).map(\.reason)
        }
        let unknown = Text("Empty: \(bind: "isNull(user.name)")").node
        for version in [nil, "32.0"] {
            #expect(reasons(.divkit, version, unknown) == ["divkit has no equivalent for isNull, an operation in its binding"])
        }
        // Inside an operation DivKit has, and in a structured value, too.
        #expect(reasons(.divkit, nil, Text(.bind("concat('n: ', length(user.name))")).node) == ["divkit has no equivalent for length, an operation in its binding"])
        let labelled = Node(kind: .component, type: "beagle:text", properties: [
            .init("text", .string("Hi")), .init("accessibility", .node(.object([.init("accessibilityLabel", .expression(.bind("divide(a, 2)")))]))),
        ])
        #expect(reasons(.divkit, nil, labelled) == ["divkit has no equivalent for divide, an operation in its binding"])
        let listed = Node(kind: .component, type: "beagle:text", properties: [
            .init("text", .string("Tags")), .init("labels", .list([.string("a"), .expression(.bind("length(tags)"))])),
        ])
        let divkit = ClientFit(ClientProfile(format: .divkit), appComponents: AppComponents())
        #expect(divkit.reason(cannotRender: listed) == "divkit has no equivalent for length, an operation in its binding")
        #expect(divkit.problems(in: Self.screen(listed)).map(\.reason) == ["divkit has no equivalent for length, an operation in its binding"])
        // A view of the app's own gets its bindings as text, for the app's code to read:
        // no DivKit client evaluates them, so none is refused for them.
        var app = AppComponents()
        app.declare("custom:tags")
        let appView = Node(kind: .component, type: "custom:tags", properties: [.init("labels", .list([.expression(.bind("length(tags)"))]))])
        let declared = ClientFit(ClientProfile(format: .divkit, clientVersion: Version("28.0")), appComponents: app)
        #expect(declared.reason(cannotRender: appView) == nil)
        #expect(declared.problems(in: Self.screen(appView)) == [])
        #expect(declared.problems(in: Self.screen(Node(kind: .component, type: "custom:tags", properties: [.init("of", .expression(.bind("user.tags")))]))) == [])
        // A body that Beagle's grammar does not read reaches no client as an expression it can read.
        #expect(reasons(.divkit, nil, Text(.bind("sum(1, ")).node) == ["divkit cannot read its binding, which is not an expression of Beagle's"])
        // Those it has: no problem; with a fallback, the fallback.
        #expect(reasons(.divkit, nil, Text(.bind("condition(gt(cart.count, 1), 'many', uppercase(concat('one', 'x')))")).node) == [])
        let fit = ClientFit(ClientProfile(format: .divkit), appComponents: AppComponents())
        #expect(try Self.texts(fit.fit(Self.screen(Text(.bind("isNull(user.name)")).fallback { Text("No name") }.node))) == ["top", "No name", "bottom"])
        // Beagle evaluates its own operations; HXML and HTML compute them on the server, text and XML show them.
        for format in [ScreenFormat.json, .hxml, .html, .text, .xml] {
            #expect(reasons(format, nil, unknown) == [], "\(format)")
        }
    }

    @Test("A binding whose operations DivKit has, but not with its operands' number or literal types, is refused in every version")
    func bindingOperands() throws {
        func reasons(_ format: ScreenFormat, _ node: Node) -> [String] {
            ClientFit(ClientProfile(format: format), appComponents: AppComponents()).problems(in: Self.screen(node)).map(\.reason)
        }
        func refusal(_ body: String) -> String {
            "divkit has no equivalent for its binding \(body): the format writes none for an operation with operands of this number or type"
        }
        // DivKit's `!` takes one operand, its comparisons two, its ternary three; `==` of a
        // string and an integer is an error, and so are `&&` of a string, `+` of a string
        // as a number and `>` of flags or texts; the mapping writes a ternary's branches as
        // one type.
        for body in ["not(a, b)", "eq(a)", "gt(1, 2, 3)", "condition(a, 'x')", "uppercase('a', 'b')", "eq('a', 1)", "and(flag, 'yes')",
                     "sum('a', 1)", "condition('yes', 1, 2)", "condition(a, 1, 'x')", "concat('n', not('x'))", "gt(true, false)", "lt(a, true)",
                     "gte('a', b)"] {
            #expect(reasons(.divkit, Text(.bind(body)).node) == [refusal(body)], "\(body)")
        }
        // In a structured value too, and one binding of several in a text.
        let labelled = Node(kind: .component, type: "beagle:text", properties: [
            .init("text", .string("Hi")), .init("accessibility", .node(.object([.init("accessibilityLabel", .expression(.bind("not(a, b)")))]))),
        ])
        #expect(reasons(.divkit, labelled) == [refusal("not(a, b)")])
        #expect(reasons(.divkit, Text("Hi \(bind: "user.name"), \(bind: "eq(1, 'one')")").node) == [refusal("eq(1, 'one')")])
        // What some place takes: paths of any type, literals of the operation's, numbers in text.
        for body in ["not(a)", "eq(a, b)", "eq(a, 'x')", "eq(1, 2.5)", "condition(a, 1, 2)", "condition(a, b, c)", "gt(a, b)", "lte(a, 2.5)", "concat('n: ', 5, true)",
                     "sum(a, 1, 2.5)", "and(a, gt(b, 1), true)", "a", "'text'", "5"] {
            #expect(reasons(.divkit, Text(.bind(body)).node) == [], "\(body)")
        }
        // A fallback stands in; Beagle's clients and the server-side formats take them.
        let fit = ClientFit(ClientProfile(format: .divkit), appComponents: AppComponents())
        #expect(try Self.texts(fit.fit(Self.screen(Text(.bind("eq('a', 1)")).fallback { Text("Never") }.node))) == ["top", "Never", "bottom"])
        for format in [ScreenFormat.json, .hxml, .html, .text, .xml] {
            #expect(reasons(format, Text(.bind("not(a, b)")).node) == [], "\(format)")
        }
    }

    @Test("Values no version of a client renders are refused whatever its version: Hyperview's page change and bound page")
    func valuesNoVersionRenders() throws {
        func reasons(_ format: ScreenFormat, _ version: String?, _ node: Node) -> [String] {
            ClientFit(ClientProfile(format: format, clientVersion: version.flatMap { Version($0) }), appComponents: AppComponents())
                .problems(in: Self.screen(node)).map(\.reason)
        }
        // Hyperview has no trigger for a page change and no attribute for the page shown.
        let paged = PageView(onPageChange: [.popView]) { Text("a"); Text("b") }.node
        let bound = PageView(currentPage: .bind("p")) { Text("a"); Text("b") }.node
        let refusal = "hyperview renders onPageChange in no version up to 0.108.1"
        #expect(reasons(.hxml, "0.5", paged) == [refusal])
        #expect(reasons(.hxml, "0.108.1", paged) == [refusal])
        #expect(reasons(.hxml, "1.0", paged) == [refusal])
        #expect(reasons(.hxml, nil, paged) == [refusal])
        #expect(reasons(.hxml, nil, bound) == ["hyperview renders currentPage in no version up to 0.108.1"])
        #expect(reasons(.hxml, nil, PageView { Text("a"); Text("b") }.node) == [])
        #expect(reasons(.hxml, nil, PageView(onPageChange: []) { Text("a") }.node) == [])
        // A client that renders them: Beagle's own.
        #expect(reasons(.json, nil, paged) == [])
        #expect(reasons(.json, "1.0", bound) == [])
        // A fallback stands in, as for a type the client lacks.
        let carousel = PageView(onPageChange: [.popView]) { Text("a") }
            .fallback { ScrollView(scrollDirection: .horizontal) { Text("swipe") } }
        let fitted = try ClientFit(ClientProfile(format: .hxml), appComponents: AppComponents()).fit(Self.screen(carousel))
        #expect(Self.texts(fitted) == ["top", "swipe", "bottom"])
        // Read as data: `formats` lists them apart.
        let never = ClientCapabilities.of(.hxml).properties.filter(\.isRenderedByNoVersion)
        #expect(never.map(\.description) == ["beagle:pageView onPageChange", "beagle:pageView currentPage"])
        #expect(never.map(\.since) == [Version("0.108.1"), Version("0.108.1")])
    }

    @Test("A touchable whose child is left out is left out with it: nothing to show or to tap")
    func touchableWithoutItsChild() throws {
        let screen = Screen { Text("top"); Touchable(action: .navigate(to: "/x")) { Text("ios only").platforms(.ios) }; Text("bottom") }.node
        let android = ClientFit(ClientProfile(format: .divkit, platform: .android), appComponents: AppComponents())
        let fitted = try android.fit(screen)
        #expect(Self.texts(fitted) == ["top", "bottom"])
        #expect(!"\(fitted)".contains("beagle:touchable"))
        // So is one around a view of the app's own that the app does not ship, with an empty fallback.
        var app = AppComponents()
        app.declare("custom:badge", since: Version("2.0"), on: .all)
        let old = ClientFit(ClientProfile(format: .json, appVersion: Version("1.0")), appComponents: app)
        let tapped = Self.screen(Touchable(action: .popView) { Self.badge.fallback {} }.node)
        let fittedOld = try old.fit(tapped)
        #expect(Self.texts(fittedOld) == ["top", "bottom"])
        #expect(!"\(fittedOld)".contains("beagle:touchable"))
        // With its child, it stays.
        let new = ClientFit(ClientProfile(format: .json, appVersion: Version("2.0")), appComponents: app)
        #expect(try new.fit(tapped) == tapped)
        // An action the client cannot run goes with the touchable, not as a problem: its
        // `onPress` comes before its child. A child that cannot be rendered stays a problem.
        let track = Node(kind: .action, type: "custom:track", properties: [])
        let tracked = Node(kind: .component, type: "beagle:touchable", properties: [
            .init("onPress", .list([.node(track)])), .init("child", .node(Text("ios only").platforms(.ios).node)),
        ])
        let hyperview = ClientFit(ClientProfile(format: .hxml, platform: .android), appComponents: AppComponents())
        #expect(Self.texts(try hyperview.fit(Self.screen(tracked))) == ["top", "bottom"])
        var badged = tracked
        badged.properties[1].value = .node(Self.badge)
        #expect(hyperview.problems(in: Self.screen(badged)).map(\.type) == ["custom:track", "custom:badge"])
        // So is one whose child is a list (an imported tree) when every item is left out:
        // none is left to tap, and Hyperview would have written it as the app's own view.
        // (DivKit writes a touchable of a list as the app's view whatever the items are:
        // the fit refuses it before its walk.)
        var listed = tracked
        listed.properties[0].value = .list([.node(Action.navigate(to: "/x").node)])
        listed.properties[1].value = .list([.node(Text("ios only").platforms(.ios).node), .node(Text("ios too").platforms(.ios).node)])
        for format in [ScreenFormat.hxml, .json] {
            let fit = ClientFit(ClientProfile(format: format, platform: .android), appComponents: AppComponents())
            #expect(Self.texts(try fit.fit(Self.screen(listed))) == ["top", "bottom"], "\(format)")
        }
        // One item left keeps it.
        listed.properties[1].value = .list([.node(Text("ios only").platforms(.ios).node), .node(Text("everyone").node)])
        let kept = try ClientFit(ClientProfile(format: .json, platform: .android), appComponents: AppComponents()).fit(Self.screen(listed))
        #expect(Self.texts(kept) == ["top", "everyone", "bottom"])
        #expect("\(kept)".contains("beagle:touchable"))
    }

    @Test("A component for another platform is left out by the fit, as by every renderer")
    func platforms() throws {
        let screen = Screen { Text("everyone"); Text("ios only").platforms(.ios) }.node
        let android = ClientFit(ClientProfile(format: .divkit, platform: .android), appComponents: AppComponents())
        #expect(Self.texts(try android.fit(screen)) == ["everyone"])
        for format in ScreenFormat.allCases {
            let ios = String(decoding: try format.renderBytes(screen, options: RenderOptions(platform: .ios)), as: UTF8.self)
            let other = String(decoding: try format.renderBytes(screen, options: RenderOptions(platform: .android)), as: UTF8.self)
            #expect(ios.contains("ios only") && !other.contains("ios only"), "\(format)")
        }
    }
}

@Suite("Platform marks read back")
struct PlatformMarkTests {
    @Test("XML writes sr:platforms for a component of some platforms, and reads it back")
    func xml() throws {
        let screen = Screen { Text("everyone"); Text("mobile only").platforms(.mobile) }
        let xml = try XMLRenderer().render(screen)
        #expect(xml.contains(#"<text xmlns:sr="urn:screenregistry:meta:1" sr:platforms="IOS ANDROID">mobile only</text>"#))
        #expect(try XMLValidator().validate(xml) == [])
        let read = try XMLReader().read(xml)
        #expect(read == screen.node)
        #expect(try XMLRenderer(platform: .web).render(screen).contains("mobile only") == false)
    }

    @Test("Beagle JSON: the Kotlin backend's platform wrapper reads back as the component with its mark")
    func beagleWrapper() throws {
        let json = #"""
            {"_beagleComponent_":"beagle:container","children":[
              {"beaglePlatform":"ANDROID","child":{"_beagleComponent_":"beagle:text","text":"android only"}},
              {"_beagleComponent_":"beagle:text","text":"everyone"}]}
            """#
        let node = try BeagleJSONReader().read(json)
        guard case .list(let children)? = node[property: "children"], case .node(let first) = children[0],
            case .node(let second) = children[1]
        else {
            Issue.record("no children in \(node)")
            return
        }
        #expect(first.type == "beagle:text" && first.platforms == .android && first[property: "text"] == .string("android only"))
        #expect(second.platforms == .all)
    }
}
