import Foundation
import ScreenRegistry
import ScreenRendering
import Screens
import Testing

/// Parses JSON with Foundation, independently of our reader.
private func parse(_ json: String) throws -> NSDictionary {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
    return try #require(object as? NSDictionary)
}

/// Checks that `component` renders to the JSON `expected` (compared parsed) with the type key first.
private func expectJSON(_ node: Node, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let output = BeagleJSONRenderer().render(node)
    #expect(try parse(output) == parse(expected), "\(output)", sourceLocation: sourceLocation)
    let typeKey = node.kind == .action ? "_beagleAction_" : "_beagleComponent_"
    #expect(output.hasPrefix("{\"\(typeKey)\":"), "type key not first: \(output)", sourceLocation: sourceLocation)
}

@Suite("Beagle JSON: components")
struct BeagleJSONComponentTests {
    @Test("text, with Beagle's documentation example")
    func text() throws {
        try expectJSON(
            Text("Test", styleId: "style", textColor: "#FFFF00", alignment: .center).node,
            ##"{"_beagleComponent_": "beagle:text", "text": "Test", "styleId": "style", "textColor": "#FFFF00", "alignment": "CENTER"}"##
        )
    }

    @Test("screenComponent with a navigation bar over a container, as in the format's example")
    func screen() throws {
        let screen = Screen(title: "Screen Title", showBackButton: true) {
            Container { Button("Follow", action: .navigate(to: "/follow/42")) }
        }
        try expectJSON(screen.node, """
            {"_beagleComponent_": "beagle:screenComponent",
             "navigationBar": {"title": "Screen Title", "showBackButton": true},
             "child": {"_beagleComponent_": "beagle:container",
                       "children": [{"_beagleComponent_": "beagle:button", "text": "Follow",
                                     "onPress": [{"_beagleAction_": "beagle:pushView",
                                                  "route": {"url": "/follow/42"}}]}]}}
            """)
    }

    @Test("A screen with several components wraps them in one container child")
    func screenWrapsChildren() throws {
        try expectJSON(Screen { Text("a"); Text("b") }.node, """
            {"_beagleComponent_": "beagle:screenComponent", "child": {"_beagleComponent_": "beagle:container",
             "children": [{"_beagleComponent_": "beagle:text", "text": "a"}, {"_beagleComponent_": "beagle:text", "text": "b"}]}}
            """)
    }

    @Test("screen with id, safe area, navigation bar items, style and context")
    func screenFull() throws {
        let screen = Screen(
            id: "s1",
            navigationBar: NavigationBar(title: "T", styleId: "bar", items: [.init("Help", image: "help", action: .popView)]),
            style: Style(backgroundColor: "#000000"),
            safeArea: SafeArea(bottom: false),
            context: Context(id: "user", value: ["name": "Ana", "age": 30, "tags": ["a", "b"], "ok": true, "score": 1.5]),
            children: [Text(.bind("user.name"))]
        )
        try expectJSON(screen.node, """
            {"_beagleComponent_": "beagle:screenComponent", "id": "s1",
             "safeArea": {"top": true, "leading": true, "bottom": false, "trailing": true},
             "navigationBar": {"title": "T", "styleId": "bar", "navigationBarItems": [
                {"text": "Help", "image": {"_beagleImagePath_": "local", "mobileId": "help"},
                 "onPress": [{"_beagleAction_": "beagle:popView"}]}]},
             "child": {"_beagleComponent_": "beagle:text", "text": "@{user.name}"},
             "style": {"backgroundColor": "#000000"},
             "context": {"id": "user", "value": {"name": "Ana", "age": 30, "tags": ["a", "b"], "ok": true, "score": 1.5}}}
            """)
    }

    @Test("container with context, onInit and styleId")
    func container() throws {
        let container = Container(styleId: "box", context: Context(id: "c", value: 1), onInit: [.popView]) { Text("x") }
        try expectJSON(container.node, """
            {"_beagleComponent_": "beagle:container", "children": [{"_beagleComponent_": "beagle:text", "text": "x"}],
             "context": {"id": "c", "value": 1}, "onInit": [{"_beagleAction_": "beagle:popView"}], "styleId": "box"}
            """)
    }

    @Test("button")
    func button() throws {
        try expectJSON(Button("Go", styleId: "primary", enabled: false, action: .popStack).node, """
            {"_beagleComponent_": "beagle:button", "text": "Go", "styleId": "primary",
             "onPress": [{"_beagleAction_": "beagle:popStack"}], "enabled": false}
            """)
    }

    @Test("image: remote with placeholder, local, and modes")
    func image() throws {
        try expectJSON(Image(url: "https://x.example/a.png", placeholder: "ph", mode: .centerCrop).node, """
            {"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "remote", "url": "https://x.example/a.png",
             "placeholder": {"_beagleImagePath_": "local", "mobileId": "ph"}}, "mode": "CENTER_CROP"}
            """)
        try expectJSON(Image(named: "logo", mode: .fitXY).node, """
            {"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "local", "mobileId": "logo"}, "mode": "FIT_XY"}
            """)
        let output = BeagleJSONRenderer().render(Image(named: "logo").node)
        #expect(output.contains(#"{"_beagleImagePath_":"local""#))
    }

    @Test("textInput with every type and its events")
    func textInput() throws {
        try expectJSON(
            TextInput(
                value: .bind("form.email"), placeholder: "Email", readOnly: false, type: .email, enabled: true,
                onChange: [.setContext(contextId: "form", value: .expression(.bind("onChange.value")), path: "email")],
                onFocus: [.popView], onBlur: [.popStack]
            ).node,
            """
            {"_beagleComponent_": "beagle:textInput", "value": "@{form.email}", "placeholder": "Email",
             "readOnly": false, "type": "EMAIL", "enabled": true,
             "onChange": [{"_beagleAction_": "beagle:setContext", "contextId": "form", "value": "@{onChange.value}", "path": "email"}],
             "onFocus": [{"_beagleAction_": "beagle:popView"}], "onBlur": [{"_beagleAction_": "beagle:popStack"}]}
            """
        )
        #expect(TextInput.InputType.allRaw == ["TEXT", "EMAIL", "PASSWORD", "NUMBER", "DATE"])
    }

    @Test("listView with data source, templates, iterator name, key and context")
    func listView() throws {
        let list = ListView(
            direction: .horizontal, dataSource: .bind("items"), iteratorName: "item", key: "id",
            templates: [.init(case: .bind("eq(item.kind, 'ad')"), view: Text("ad")), .init(view: Text(.bind("item.name")))],
            context: Context(id: "items", value: [["name": "a"]]), onInit: [.popView]
        )
        try expectJSON(list.node, """
            {"_beagleComponent_": "beagle:listView", "direction": "HORIZONTAL", "dataSource": "@{items}",
             "templates": [{"case": "@{eq(item.kind, 'ad')}", "view": {"_beagleComponent_": "beagle:text", "text": "ad"}},
                           {"view": {"_beagleComponent_": "beagle:text", "text": "@{item.name}"}}],
             "iteratorName": "item", "key": "id", "context": {"id": "items", "value": [{"name": "a"}]},
             "onInit": [{"_beagleAction_": "beagle:popView"}]}
            """)
    }

    @Test("scrollView, touchable, pageView, tabBar and webView")
    func containers() throws {
        try expectJSON(ScrollView(scrollDirection: .horizontal, scrollBarEnabled: false) { Text("a") }.node, """
            {"_beagleComponent_": "beagle:scrollView", "children": [{"_beagleComponent_": "beagle:text", "text": "a"}],
             "scrollDirection": "HORIZONTAL", "scrollBarEnabled": false}
            """)
        try expectJSON(Touchable(action: .popView) { Text("t") }.node, """
            {"_beagleComponent_": "beagle:touchable", "onPress": [{"_beagleAction_": "beagle:popView"}],
             "child": {"_beagleComponent_": "beagle:text", "text": "t"}}
            """)
        try expectJSON(PageView(onPageChange: [.setContext(contextId: "p", value: .expression(.bind("onPageChange")))], currentPage: .bind("p")) {
            Text("1"); Text("2")
        }.node, """
            {"_beagleComponent_": "beagle:pageView", "children": [{"_beagleComponent_": "beagle:text", "text": "1"},
             {"_beagleComponent_": "beagle:text", "text": "2"}],
             "onPageChange": [{"_beagleAction_": "beagle:setContext", "contextId": "p", "value": "@{onPageChange}"}],
             "currentPage": "@{p}"}
            """)
        try expectJSON(TabBar(items: [.init(title: "Home", icon: "house"), .init(title: "Me")], currentTab: .bind("tab")).node, """
            {"_beagleComponent_": "beagle:tabBar", "items": [{"title": "Home", "icon": {"_beagleImagePath_": "local", "mobileId": "house"}},
             {"title": "Me"}], "currentTab": "@{tab}"}
            """)
        try expectJSON(WebView(url: "https://beagle.example").node,
                       ##"{"_beagleComponent_": "beagle:webView", "url": "https://beagle.example"}"##)
    }

    @Test("id, style with UnitValue lengths and flex, and accessibility on any widget")
    func commonProperties() throws {
        let text = Text("a").id("t").style(Style(
            backgroundColor: "#FFFFFF", cornerRadius: 4, borderColor: "#000000", borderWidth: 1,
            size: Size(width: .percent(100), height: 48, aspectRatio: 1.5),
            margin: EdgeValue(top: 8, horizontal: .auto), padding: .all(16),
            flex: Flex(flexDirection: .row, justifyContent: .spaceEvenly, alignItems: .center, grow: 1)
        )).accessibility(Accessibility(label: "A", isHeader: true))
        try expectJSON(text.node, """
            {"_beagleComponent_": "beagle:text", "text": "a", "id": "t",
             "style": {"backgroundColor": "#FFFFFF", "cornerRadius": {"radius": 4.0}, "borderColor": "#000000", "borderWidth": 1.0,
                       "size": {"width": {"value": 100.0, "type": "PERCENT"}, "height": {"value": 48.0, "type": "REAL"}, "aspectRatio": 1.5},
                       "margin": {"top": {"value": 8.0, "type": "REAL"}, "horizontal": {"value": 0.0, "type": "AUTO"}},
                       "padding": {"all": {"value": 16.0, "type": "REAL"}},
                       "flex": {"flexDirection": "ROW", "justifyContent": "SPACE_EVENLY", "alignItems": "CENTER", "grow": 1.0}},
             "accessibility": {"accessible": true, "accessibilityLabel": "A", "isHeader": true}}
            """)
    }

    @Test("Custom components are custom:<name>; a bare type gets the custom: namespace")
    func custom() throws {
        let badge = Node(kind: .component, type: "custom:badge", properties: [.init("count", .int(3))])
        try expectJSON(badge, ##"{"_beagleComponent_": "custom:badge", "count": 3}"##)
        let bare = Node(kind: .component, type: "rating", properties: [.init("stars", .double(4.5))])
        try expectJSON(bare, ##"{"_beagleComponent_": "custom:rating", "stars": 4.5}"##)
    }
}

extension TextInput.InputType {
    static var allRaw: [String] {
        [TextInput.InputType.text, .email, .password, .number, .date].map(\.rawValue)
    }
}

@Suite("Beagle JSON: actions")
struct BeagleJSONActionTests {
    @Test("Navigation actions take a remote route; pops take nothing; popToView takes a string")
    func navigation() throws {
        for (action, type) in [
            (Action.navigate(to: "/p/1"), "pushView"), (.pushStack(to: "/p/1"), "pushStack"),
            (.resetApplication(to: "/p/1"), "resetApplication"), (.resetStack(to: "/p/1"), "resetStack"),
        ] {
            try expectJSON(action.node, ##"{"_beagleAction_": "beagle:\##(type)", "route": {"url": "/p/1"}}"##)
        }
        try expectJSON(Action.popView.node, ##"{"_beagleAction_": "beagle:popView"}"##)
        try expectJSON(Action.popStack.node, ##"{"_beagleAction_": "beagle:popStack"}"##)
        try expectJSON(Action.popToView("/home").node, ##"{"_beagleAction_": "beagle:popToView", "route": "/home"}"##)
    }

    @Test("A URL that is not a web address is never opened: its openExternalURL or webView is left out", arguments: [
        "javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "data:text/html,<script>x</script>",
        "file:///etc/passwd", "intent://x#Intent;end", "https://a.example/ x", "http:/one-slash.example", "",
    ])
    func nonWebAddresses(url: String) throws {
        let screen = Screen(title: "L") {
            Button("Out", action: .openExternalURL(url))
            WebView(url: url)
            Button("Web", action: .openExternalURL("HTTPS://x.example/a"))
        }
        let json = try parse(BeagleJSONRenderer().render(screen))
        let children = try #require((json["child"] as? NSDictionary)?["children"] as? [NSDictionary])
        #expect(children.count == 2)
        #expect(children[0]["_beagleComponent_"] as? String == "beagle:button" && (children[0]["onPress"] as? [Any])?.isEmpty == true)
        // The web address of the next button stays, in whatever case its scheme is.
        let web = try #require((children[1]["onPress"] as? [NSDictionary])?.first)
        #expect(web["url"] as? String == "HTTPS://x.example/a")
        // A binding the screen's code built is its own, and stays.
        let bound = Node(kind: .action, type: "beagle:openExternalURL", properties: [.init("url", .expression(.bind("site")))])
        #expect(BeagleJSONRenderer().render(bound).contains("@{site}"))
    }

    @Test("A remote route's URL starts with a slash, so the client appends it to its base URL, never fetching another host")
    func inAppRoutes() throws {
        // The clients append a URL that starts with `/` to their base URL, whatever follows.
        let cases: [(String, String)] = [
            ("/profile/42", "/profile/42"), ("https://evil.example/screen", "/https://evil.example/screen"),
            ("//evil.example/x", "//evil.example/x"), ("\\evil.example", "/\\evil.example"),
            ("profile/42?q=a b", "/profile/42?q=a b"), ("", "/"),
        ]
        for (path, expected) in cases {
            for action in [Action.navigate(to: path), .pushStack(to: path), .resetApplication(to: path), .resetStack(to: path)] {
                let json = try parse(BeagleJSONRenderer().render(action.node))
                #expect((json["route"] as? NSDictionary)?["url"] as? String == expected, "\(action)")
            }
        }
        // popToView names a screen already in the stack: its route is a plain string, as given.
        #expect(try parse(BeagleJSONRenderer().render(Action.popToView("https://x").node))["route"] as? String == "https://x")
    }

    @Test("openExternalURL and openNativeRoute")
    func external() throws {
        try expectJSON(Action.openExternalURL("https://x.example").node,
                       ##"{"_beagleAction_": "beagle:openExternalURL", "url": "https://x.example"}"##)
        try expectJSON(Action.openNativeRoute(route: "settings", data: ["b": "2", "a": "1"], shouldResetApplication: true).node,
                       ##"{"_beagleAction_": "beagle:openNativeRoute", "route": "settings", "data": {"a": "1", "b": "2"}, "shouldResetApplication": true}"##)
        try expectJSON(Action.openNativeRoute(route: "x").node,
                       ##"{"_beagleAction_": "beagle:openNativeRoute", "route": "x", "shouldResetApplication": false}"##)
    }

    @Test("alert and confirm")
    func dialogs() throws {
        try expectJSON(Action.alert(title: "T", message: "M", onPressOk: [.popView], labelOk: "Fine").node, """
            {"_beagleAction_": "beagle:alert", "title": "T", "message": "M", "onPressOk": [{"_beagleAction_": "beagle:popView"}], "labelOk": "Fine"}
            """)
        try expectJSON(Action.confirm(message: "Sure?", onPressOk: [.popView], onPressCancel: [.popStack], labelOk: "Yes", labelCancel: "No").node, """
            {"_beagleAction_": "beagle:confirm", "message": "Sure?", "onPressOk": [{"_beagleAction_": "beagle:popView"}],
             "onPressCancel": [{"_beagleAction_": "beagle:popStack"}], "labelOk": "Yes", "labelCancel": "No"}
            """)
    }

    @Test("setContext and sendRequest")
    func data() throws {
        try expectJSON(Action.setContext(contextId: "cart", value: ["count": 2, "items": [1, 2]]).node, """
            {"_beagleAction_": "beagle:setContext", "contextId": "cart", "value": {"count": 2, "items": [1, 2]}}
            """)
        try expectJSON(Action.sendRequest(
            url: "/api/like", method: .post, headers: ["X-A": "1"], data: ["id": 42],
            onSuccess: [.alert(message: "ok")], onError: [.alert(message: "Try @{again}")], onFinish: [.popView]
        ).node, """
            {"_beagleAction_": "beagle:sendRequest", "url": "/api/like", "method": "POST", "headers": {"X-A": "1"}, "data": {"id": 42},
             "onSuccess": [{"_beagleAction_": "beagle:alert", "message": "ok"}],
             "onError": [{"_beagleAction_": "beagle:alert", "message": "Try \\\\@{again}"}],
             "onFinish": [{"_beagleAction_": "beagle:popView"}]}
            """)
    }

    @Test("Custom actions are written as given")
    func custom() throws {
        try expectJSON(Action.custom(Node(kind: .action, type: "custom:track", properties: [.init("event", .string("tap"))])).node,
                       ##"{"_beagleAction_": "custom:track", "event": "tap"}"##)
    }
}

@Suite("Beagle JSON: output")
struct BeagleJSONOutputTests {
    @Test("Catalog screens match their golden files", arguments: [
        ("/profile/42", "profile.json"), ("/text", "text.json"), ("/products", "products.json"), ("/home/dashboard", "dashboard.json"),
    ])
    func golden(_ path: String, _ file: String) async throws {
        let screen = try await Catalog.registry.screen(for: path)
        try GoldenFile.check(try BeagleJSONRenderer(pretty: true).render(screen), file)
        // Compact and pretty output carry the same document.
        #expect(try parse(BeagleJSONRenderer().render(screen)) == parse(BeagleJSONRenderer(pretty: true).render(screen)))
    }

    @Test("Compact output has no whitespace between tokens; pretty output indents by two")
    func layout() throws {
        let screen = Screen(title: "T") { Text("a") }
        #expect(try BeagleJSONRenderer().render(screen) ==
            ##"{"_beagleComponent_":"beagle:screenComponent","navigationBar":{"title":"T"},"child":{"_beagleComponent_":"beagle:text","text":"a"}}"##)
        #expect(try BeagleJSONRenderer(pretty: true).render(screen) == """
            {
              "_beagleComponent_": "beagle:screenComponent",
              "navigationBar": {
                "title": "T"
              },
              "child": {
                "_beagleComponent_": "beagle:text",
                "text": "a"
              }
            }

            """)
        #expect(BeagleJSONRenderer().render(Node.object([.init("empty", .list([]))])) == ##"{"empty":[]}"##)
    }

    /// The writer reads text eight bytes at a time: a character to escape is found in
    /// any position of a word, in the first word, the last, and the bytes after the last.
    @Test("A character to escape is escaped at every offset of a long string", arguments: zip(
        ["\"", "\\", "\n", "\u{1}", "\u{1F}", "\u{2028}", "\u{2029}", "\u{FEFF}", "é"],
        [#"\""#, #"\\"#, #"\n"#, #"\u0001"#, #"\u001f"#, #"\u2028"#, #"\u2029"#, #"\ufeff"#, "é"]
    ))
    func escapedAtEveryOffset(_ special: String, _ escaped: String) throws {
        for offset in 0..<20 {
            let before = String(repeating: "a", count: offset), after = String(repeating: "b", count: 19 - offset)
            let literal = JSONString.literal(before + special + after)
            #expect(literal == "\"" + before + escaped + after + "\"", "offset \(offset)")
            let parsed = try JSONSerialization.jsonObject(with: Data(literal.utf8), options: [.fragmentsAllowed])
            #expect(parsed as? String == before + special + after, "offset \(offset)")
        }
    }

    static let hostile: [String] = [
        "", "\"quoted\" and \\backslash\\", "\u{0}\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}\u{7F}", "line\u{2028}sep\u{2029}para",
        "</script><!--", "emoji 🙂👍🏽 and 𝄞", "עברית مرحبا", "e\u{301}\u{302}", "\u{FEFF}bom", "\u{FFFE}\u{FFFF}",
        "@{user.name} and \\@{literal}", String(repeating: "x\"", count: 50_000),
    ]

    @Test("Hostile strings in every string position parse back to the same strings", arguments: hostile)
    func hostileStrings(_ text: String) throws {
        let screen = Screen(id: text, navigationBar: NavigationBar(title: text, styleId: text), children: [
            Text(text, styleId: text, textColor: text),
            Button(text, action: .openNativeRoute(route: text, data: [text: text])),
            Node(kind: .component, type: "custom:\(text)", properties: [.init(text, .string(text))]),
        ])
        for renderer in [BeagleJSONRenderer(), BeagleJSONRenderer(pretty: true)] {
            let output = try renderer.render(screen)
            #expect(!output.utf8.contains { $0 < 0x20 && $0 != 0x0A && $0 != 0x20 })
            #expect(!output.contains("\u{2028}") && !output.contains("\u{2029}"))
            let root = try parse(output)
            // Values are read as a Beagle client reads them; names are never evaluated.
            func shown(_ value: Any?) -> String? { (value as? String).flatMap { BeagleExpression(source: $0).literalText } }
            #expect(shown(root["id"]) == text)
            let navigationBar = try #require(root["navigationBar"] as? NSDictionary)
            #expect(shown(navigationBar["title"]) == text)
            let children = try #require((root["child"] as? NSDictionary)?["children"] as? [NSDictionary])
            #expect(shown(children[0]["text"]) == text)
            #expect(shown(children[0]["textColor"]) == text)
            let action = try #require((children[1]["onPress"] as? [NSDictionary])?.first)
            #expect(shown(action["route"]) == text)
            #expect(shown((action["data"] as? NSDictionary)?[text]) == text)
            #expect(children[2]["_beagleComponent_"] as? String == "custom:\(text)")
            #expect(shown(children[2][text]) == text)
            // Our own reader agrees.
            #expect(try BeagleJSONRenderer().render(BeagleJSONReader().read(output)) == BeagleJSONRenderer().render(screen.node))
        }
    }

    @Test("Text from data is escaped in every position; only explicit bindings stay live")
    func expressionEscaping() throws {
        let data = #"\@{secret} @{a} \\@{b}"#
        let screen = Screen(title: data) {
            Text("User \(data)")
            Text("Hi \(bind: "user.name"), \(data)")
            Button(data, action: .alert(title: data, message: data))
            Image(url: data).accessibility(Accessibility(label: data))
            Button("Go", action: .navigate(to: "/search?q=\(data)"))
        }
        let output = try BeagleJSONRenderer().render(screen)
        // JSON escapes each backslash: \@{secret} (one backslash) is written \\\@{secret} (three).
        #expect(output.contains(#""text":"User \\\\\\@{secret} \\@{a} \\\\\\\\\\@{b}""#))
        #expect(output.contains(#""text":"Hi @{user.name}, \\\\\\@{secret}"#))
        var strings: [String] = []
        func collect(_ value: Any) {
            if let text = value as? String { strings.append(text) }
            if let list = value as? [Any] { list.forEach(collect) }
            if let object = value as? NSDictionary { object.allValues.forEach(collect) }
        }
        collect(try parse(output))
        let live = strings.flatMap { BeagleExpression(source: $0).parts }.filter { if case .binding = $0 { true } else { false } }
        #expect(live == [.binding("user.name")])
        // The title, two texts, the button, the alert's title and message, the image's URL and
        // label, the link: each shows the data exactly (the bound text is checked above).
        #expect(strings.filter { BeagleExpression(source: $0).literalText?.contains(data) == true }.count == 8)
    }

    @Test("Numbers: doubles keep a decimal point, non-finite doubles become null")
    func numbers() {
        let node = Node.object([
            .init("a", .double(20)), .init("b", .double(0.1)), .init("c", .int(-3)), .init("d", .double(.infinity)),
            .init("e", .double(1e-7)),
        ])
        #expect(BeagleJSONRenderer().render(node) == ##"{"a":20.0,"b":0.1,"c":-3,"d":null,"e":1e-07}"##)
    }
}

@Suite("Beagle JSON: platforms")
struct BeagleJSONPlatformTests {
    let screen = Screen {
        Text("everywhere")
        Text("ios").platforms(.ios)
        Text("mobile").platforms(.mobile)
        Text("web").platforms(.web)
        Button("b", action: .popView).platforms(.android)
    }

    func texts(_ platform: Platforms?) throws -> [String] {
        let root = try parse(BeagleJSONRenderer(platform: platform).render(screen))
        let children = (root["child"] as? NSDictionary)?["children"] as? [NSDictionary] ?? []
        return children.compactMap { $0["text"] as? String }
    }

    @Test("Rendering for a platform prunes components marked for others")
    func pruning() throws {
        #expect(try texts(nil) == ["everywhere", "ios", "mobile", "web", "b"])
        #expect(try texts(.ios) == ["everywhere", "ios", "mobile"])
        #expect(try texts(.android) == ["everywhere", "mobile", "b"])
        #expect(try texts(.web) == ["everywhere", "web"])
        #expect(Platforms(name: "ios") == .ios)
        #expect(Platforms(name: "MOBILE") == .mobile)
        #expect(Platforms(name: "tv") == nil)
    }

    @Test("A pruned single child leaves its property out")
    func prunedChild() {
        let node = Touchable(action: .popView) { Text("x").platforms(.web) }.node
        #expect(BeagleJSONRenderer(platform: .ios).render(node) ==
            ##"{"_beagleComponent_":"beagle:touchable","onPress":[{"_beagleAction_":"beagle:popView"}]}"##)
    }
}
