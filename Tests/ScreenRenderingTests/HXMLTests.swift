import CLibXML2
import ConformanceSupport
import Foundation
import ScreenRegistry
@testable import ScreenRendering
import Screens
import Testing

/// The document of `screen`, parsed.
private func document(_ screen: Screen, _ renderer: HXMLRenderer = HXMLRenderer()) throws -> Element {
    try parse(try renderer.renderBytes(screen.node))
}

/// The body's content: the children of the screen's one container, or its one component.
private func content(_ doc: Element) throws -> [Element] {
    let body = try #require(doc.first("screen")?.first("body"))
    let last = try #require(body.children.last)
    return (last.name == "view" || last.name == "form") && last.attributes.isEmpty ? last.children : [last]
}

/// The attributes of the style an element refers to.
private func style(of element: Element, in doc: Element) throws -> [String: String] {
    let id = try #require(element.attributes["style"])
    let style = try #require(doc.first("screen")?.first("styles")?.all("style").first { $0.attributes["id"] == id })
    return style.attributes.filter { $0.key != "id" }
}

@Suite("HXML: the mapping")
struct HXMLMappingTests {
    @Test("A document: Hyperview's namespace, a screen with styles, a body with a header")
    func document() throws {
        let doc = try ScreenRenderingTests.document(Screen(id: "shop", title: "Shop") { Text("Hi", alignment: .center) })
        #expect(doc.name == "doc")
        #expect(doc.namespace == "https://hyperview.org/hyperview")
        let screen = try #require(doc.first("screen"))
        #expect(screen.attributes["id"] == "shop")
        #expect(screen.children.map(\.name) == ["styles", "body"])
        let body = try #require(screen.first("body"))
        #expect(body.first("header")?.first("text")?.text == "Shop")
        let text = try #require(body.first("text"))
        #expect(text.text == "Hi")
        #expect(try style(of: text, in: doc) == ["textAlign": "center"])
    }

    @Test("Texts, buttons, images and navigation map to Hyperview's elements and behaviors")
    func components() throws {
        let doc = try ScreenRenderingTests.document(Screen(title: "Shop") {
            Text("Hello", textColor: "#F00")
            Button("Open", action: .navigate(to: "/products/p1"))
            Image(url: "https://img.example.com/a.png", mode: .centerCrop)
            Button("Docs", action: .openExternalURL("https://docs.example.com"))
            Button("Run", action: .openExternalURL("javascript:alert(1)"))
        })
        let items = try content(doc)
        #expect(items.map(\.name) == ["text", "view", "image", "view", "view"])
        #expect(try style(of: items[0], in: doc) == ["color": "#F00"])
        #expect(items[1].first("text")?.text == "Open")
        #expect(items[1].first("behavior")?.attributes == ["trigger": "press", "action": "push", "href": "/products/p1"])
        #expect(items[2].attributes["source"] == "https://img.example.com/a.png")
        #expect(items[2].attributes["resizeMode"] == "cover")
        #expect(items[2].attributes["style"] == "")  // required by the schema
        #expect(items[3].first("behavior")?.attributes["action"] == "deep-link")
        #expect(items[3].first("behavior")?.attributes["href"] == "https://docs.example.com")
        // A script URL is never opened: no behavior, and the comment before it says so.
        #expect(items[4].first("behavior") == nil)
        let body = try #require(doc.first("screen")?.first("body")?.first("view"))
        #expect(body.comments == [" no Hyperview equivalent: openExternalURL "])
    }

    @Test("What a text, button, image or container does not take is reported just before it")
    func unmappedProperties() throws {
        func component(_ type: String, _ properties: [Node.Property]) -> Node.Value {
            .node(Node(kind: .component, type: type, properties: properties))
        }
        let logo = Node(kind: .imagePath, type: "local", properties: [.init("mobileId", .string("logo"))])
        let root = Node(kind: .component, type: "beagle:container", properties: [.init("children", .list([
            // A repeated name, a shape the element cannot use and an unknown name.
            component("beagle:text", [.init("text", .string("a")), .init("text", .string("b")),
                                      .init("textColor", .int(3)), .init("lang", .string("en"))]),
            // A disabled button keeps its actions out.
            component("beagle:button", [.init("text", .string("Go")), .init("enabled", .bool(false)),
                                        .init("onPress", .list([.node(Action.navigate(to: "/p").node)]))]),
            // A local image is an asset: no resize mode.
            component("beagle:image", [.init("path", .node(logo)), .init("mode", .string("CENTER"))]),
            component("beagle:container", [.init("id", .string("c")), .init("children", .string("none"))]),
        ]))])
        let doc = try parse(try HXMLRenderer().renderBytes(root))
        let outer = try #require(doc.first("screen")?.first("body")?.first("view"))
        #expect(outer.children.map(\.name) == ["text", "view", "sr:local-image", "view"])
        #expect(outer.comments == [
            " no Hyperview equivalent: text, textColor, lang ", " no Hyperview equivalent: onPress ",
            " no Hyperview equivalent: mode ", " no Hyperview equivalent: children ",
        ])
        #expect(outer.children[0].text == "a")
        #expect(outer.children[1].first("text")?.text == "Go")
        #expect(outer.children[1].first("behavior") == nil)
        #expect(outer.children[2].attributes == ["mobileId": "logo"])
        #expect(outer.children[3].attributes == ["id": "c"])
        #expect(outer.children[3].children.isEmpty)
    }

    @Test("A text's colour and alignment join its style: consecutive texts that differ get their own")
    func textStyles() throws {
        let doc = try ScreenRenderingTests.document(Screen(title: "T") {
            Text("a", alignment: .center)
            Text("b", textColor: "#F00", alignment: .center)
            Text("c", alignment: .center)
            Text("d")
            Text("e", alignment: .right)
        })
        let texts = try content(doc)
        #expect(texts.map { $0.attributes["style"] } == ["s0", "s1", "s0", nil, "s2"])
        #expect(try style(of: texts[1], in: doc) == ["color": "#F00", "textAlign": "center"])
        #expect(try style(of: texts[4], in: doc) == ["textAlign": "right"])
    }

    @Test("Equal styles share one id, in order of first use; flex style maps to React Native's")
    func styles() throws {
        let card = Style(backgroundColor: "#FFFFFF", cornerRadius: 8, size: Size(width: .real(100), height: .percent(50)),
                         padding: EdgeValue(all: .real(8)), flex: Flex(flexDirection: .row, justifyContent: .spaceBetween, alignItems: .center))
        let doc = try ScreenRenderingTests.document(Screen(title: "S") {
            Container { Text("a") }.style(card)
            Container { Text("b") }.style(Style(margin: EdgeValue(left: .real(4), top: .percent(10))))
            Container { Text("c") }.style(card)
        })
        let styles = try #require(doc.first("screen")?.first("styles")?.all("style"))
        #expect(styles.map { $0.attributes["id"] } == ["s0", "s1"])
        #expect(styles[0].attributes == [
            "id": "s0", "backgroundColor": "#FFFFFF", "borderRadius": "8", "width": "100", "height": "50%",
            "padding": "8", "flexDirection": "row", "justifyContent": "space-between", "alignItems": "center",
        ])
        // A percentage margin has no Hyperview form (margins are points): reported.
        #expect(styles[1].attributes == ["id": "s1", "marginLeft": "4"])
        let views = try content(doc)
        #expect(views.map { $0.attributes["style"] } == ["s0", "s1", "s0"])
        let body = try #require(doc.first("screen")?.first("body")?.first("view"))
        #expect(body.comments == [" no Hyperview equivalent: style.margin "])
    }

    @Test("Actions: back, close, new, navigate (a pop to a route included), alerts with options, and what has no equivalent")
    func actions() throws {
        let doc = try ScreenRenderingTests.document(Screen(title: "A") {
            Button("Back", action: .popView)
            Button("Close", action: .popStack)
            Button("Modal", action: .pushStack(to: "/login"))
            Button("Reset", action: .resetApplication(to: "/home"))
            Button("Sure?", action: .confirm(title: "T", message: "M", onPressOk: [.navigate(to: "/done")], labelCancel: "No"))
            Button("Set", action: .setContext(contextId: "c", value: .string("v")))
            Button("Evil", action: .navigate(to: "//evil.example/x"))
            Button("Tab", action: .navigate(to: "/\t/evil.example/x"))
            Button("Line", action: .navigate(to: "\n//evil.example/y z"))
            Button("Marks", action: .navigate(to: "/q/{a}|b\\c/José"))
            Button("Home", action: .popToView("/home"))
        })
        let behaviors = try content(doc).map { $0.first("behavior")?.attributes ?? [:] }
        #expect(behaviors[0] == ["trigger": "press", "action": "back", "href": "#"])
        #expect(behaviors[1] == ["trigger": "press", "action": "close", "href": "#"])
        #expect(behaviors[2] == ["trigger": "press", "action": "new", "href": "/login"])
        #expect(behaviors[3] == ["trigger": "press", "action": "navigate", "href": "/home"])
        #expect(behaviors[4] == ["trigger": "press", "action": "alert", "alert:title": "T", "alert:message": "M"])
        let options = try #require(content(doc)[4].first("behavior")?.all("alert:option"))
        #expect(options.map { $0.attributes } == [["alert:label": "OK"], ["alert:label": "No", "alert:style": "cancel"]])
        #expect(options.first?.namespace == HXMLRenderer.alertNamespace)
        #expect(options.first?.first("behavior")?.attributes == ["action": "push", "href": "/done"])
        #expect(behaviors[5] == [:])
        // A path from data never names another host: one leading slash.
        #expect(behaviors[6]["href"] == "/evil.example/x")
        // Nor through a tab or a line break, which a URL parser deletes: they are encoded.
        #expect(behaviors[7]["href"] == "/%09/evil.example/x")
        #expect(behaviors[8]["href"] == "/%0A//evil.example/y%20z")
        // So is what a URL may not hold: a backslash, which a parser reads as a slash, too.
        #expect(behaviors[9]["href"] == "/q/%7Ba%7D%7Cb%5Cc/Jos%C3%A9")
        // Back to the screen of a route: Hyperview's `navigate` unwinds the stack to the
        // screen loaded from it; `back` would pop one screen and reload it from the route.
        #expect(behaviors[10] == ["trigger": "press", "action": "navigate", "href": "/home"])
        let body = try #require(doc.first("screen")?.first("body")?.first("view"))
        #expect(body.comments == [" no Hyperview equivalent: setContext "])
    }

    @Test("Text inputs are text fields in a form: the container's, or one of their own")
    func inputs() throws {
        let doc = try ScreenRenderingTests.document(Screen(title: "Login") {
            Container {
                TextInput(placeholder: "Email", type: .email)
                TextInput(value: "secret", placeholder: "Password", type: .password).id("password")
                Button("Sign in", action: .navigate(to: "/home"))
            }
            Text("or")
        })
        let items = try content(doc)
        #expect(items.map(\.name) == ["form", "text"])
        let fields = items[0].all("text-field")
        #expect(fields.map(\.attributes) == [
            ["name": "input_1", "placeholder": "Email", "keyboard-type": "email-address"],
            ["id": "password", "name": "password", "value": "secret", "placeholder": "Password", "secure-text": "true"],
        ])
        #expect(items[0].first("view")?.first("behavior")?.attributes["href"] == "/home")
        // A text field alone gets a form of its own.
        let alone = try ScreenRenderingTests.document(Screen(title: "Code") { TextInput(placeholder: "Code", readOnly: true, type: .number) })
        let form = try #require(alone.first("screen")?.first("body")?.first("form"))
        #expect(form.first("text-field")?.attributes == [
            "name": "input_1", "placeholder": "Code", "keyboard-type": "number-pad", "editable": "false",
        ])
        // A text field in a scroll view, a touchable or a view of the app's own in a form
        // is in that form: a form holds no form.
        let nested = try HXMLRenderer().render(Screen {
            Container {
                TextInput(placeholder: "a")
                ScrollView { TextInput(placeholder: "b") }
                Touchable(action: .navigate(to: "/t")) { TextInput(placeholder: "c") }
                Node(kind: .component, type: "custom:card", properties: [.init("children", .list([.node(TextInput(placeholder: "d").node)]))])
                ListView(dataSource: .bind("rows"), context: Context(id: "rows", value: [1, 2])) { TextInput(placeholder: "e") }
                Container { TextInput(placeholder: "f") }
            }
        })
        #expect(nested.components(separatedBy: "<form").count - 1 == 1)
        #expect(nested.components(separatedBy: "<text-field").count - 1 == 7)
    }

    @Test("Nested lists expand at most 10,000 items a document, and say what they left out")
    func nestedListsBounded() throws {
        let hxml = try HXMLRenderer().render(Screen { nestedLists(20) })
        #expect(hxml.components(separatedBy: "<item ").count - 1 == HXMLScope.maximumExpandedItems)
        // A list cut short says so.
        #expect(hxml.contains("<!-- 1 of 2 items not written: a document expands at most 10000 -->"))
        // A list of its own, under the limit, is whole.
        #expect(try HXMLRenderer().render(Screen { nestedLists(3) }).components(separatedBy: "<item ").count - 1 == 2 + 4 + 8)
    }

    @Test("A list's data source is evaluated on the server: one keyed item per entry")
    func lists() throws {
        let context = Context(id: "people", value: .array([["name": "Ada"], ["name": "Grace"]]))
        let doc = try ScreenRenderingTests.document(Screen(title: "L", context: context) {
            ListView(dataSource: .bind("people"), iteratorName: "person") { Text("Hi \(bind: "person.name")") }
            ListView(dataSource: .bind("nobody")) { Text("x") }
        })
        let lists = try content(doc)
        #expect(lists.map(\.name) == ["list", "list"])
        #expect(lists[0].all("item").map { $0.attributes["key"] } == ["0", "1"])
        #expect(lists[0].all("item").map { $0.first("text")?.text } == ["Hi Ada", "Hi Grace"])
        #expect(lists[1].children.isEmpty)
        let body = try #require(doc.first("screen")?.first("body")?.first("view"))
        #expect(body.comments == [" no Hyperview equivalent: dataSource "])
    }

    @Test("An id is on one element only: a list entry's get Beagle's suffix (its key's value, else its index, the outer list's first), a repeat keeps none and says so, styles take ids no element has")
    func uniqueIDs() throws {
        let rows = Context(id: "rows", value: .array([["sku": "p1", "sizes": ["S", "M"]], ["sku": "p2", "sizes": ["L"]]]))
        let doc = try ScreenRenderingTests.document(Screen(title: "U") {
            ListView(dataSource: .bind("rows"), iteratorName: "row", key: "sku", context: rows) {
                Container {
                    TextInput(placeholder: "Qty").id("qty")
                    ListView(dataSource: .bind("row.sizes"), iteratorName: "size") { Text("\(bind: "size")").id("size") }
                }.id("card")
            }
            ListView(dataSource: .bind("letters"), context: Context(id: "letters", value: ["x", "y"])) { Text("\(bind: "item")").id("letter") }
            Text("one").id("label")
            Text("two").id("label")
            Text("styled").id("s0").style(Style(backgroundColor: "#F00"))
            Text("late").id("s1")
            Text("none").id("")
            TextInput(placeholder: "Note").id("")
        })
        let elements = doc.descendants
        #expect(elements.compactMap { $0.attributes["id"] } == [
            "s1", "card:p1", "qty:p1", "size:p1:0", "size:p1:1", "card:p2", "qty:p2", "size:p2:0",
            "letter:0", "letter:1", "label", "s0",
        ])
        // Each row's field posts under a name of its own.
        #expect(elements.filter { $0.name == "text-field" }.map { $0.attributes["name"] } == ["qty:p1", "qty:p2", "input_3"])
        #expect(elements.first { $0.name == "text" && $0.attributes["id"] == "s0" }?.attributes["style"] == "s1")
        #expect(elements.flatMap(\.comments).filter { $0.contains("another element") } == [
            " no Hyperview equivalent: id label (another element has it) ", " no Hyperview equivalent: id s1 (another element has it) ",
        ])
        // A row's component is a fragment by the id it has in the document.
        let screen = Screen(title: "F") {
            ListView(dataSource: .bind("rows"), iteratorName: "row", key: "sku", context: rows) { TextInput(placeholder: "Qty").id("qty") }
        }
        let fragment = try parse(try HXMLRenderer().renderFragment(screen.node, id: "qty:p2"))
        #expect(fragment.first("text-field")?.attributes["id"] == "qty:p2")
        #expect(throws: HXMLRenderError.fragmentNotFound("qty")) { try HXMLRenderer().renderFragment(screen.node, id: "qty") }
        // A stack's screens number their styles on: one document, each id once.
        let styled = Screen(title: "A") { Text("a").style(Style(backgroundColor: "#000")) }
        let stack = try parse(Array(try HXMLRenderer().renderStack([("/a", styled), ("/b", styled)]).utf8))
        #expect(stack.descendants.compactMap { $0.attributes["id"] } == ["/b", "s0", "/a", "s1"])
    }

    @Test("Bindings name context values; one that names nothing is empty and reported")
    func bindings() throws {
        let doc = try ScreenRenderingTests.document(Screen(title: "B") {
            Container(context: Context(id: "user", value: ["name": "Ada", "tags": ["a", "b"]])) {
                Text("Hello \(bind: "user.name") \(bind: "user.tags[1]")")
                Text("Bye \(bind: "user.missing")")
                Text("Literal @{user.name}")
            }
        })
        let texts = try content(doc)
        #expect(texts.map(\.text) == ["Hello Ada b", "Bye ", "Literal @{user.name}"])
        let container = try #require(doc.first("screen")?.first("body")?.first("view"))
        #expect(container.comments == [" no Hyperview equivalent: unresolved @{user.missing} "])
    }

    @Test("Beagle's operations are computed as its clients compute them; what they do not agree on is reported")
    func operations() throws {
        let cart: JSONValue = ["count": 2, "total": 9.5, "name": "Ana", "vip": true, "tags": [], "big": .int(Int.max)]
        let doc = try ScreenRenderingTests.document(Screen(title: "O") {
            Container(context: Context(id: "cart", value: cart)) {
                Text("\(bind: "sum(cart.count, 1)") \(bind: "sum(cart.total, cart.count)") \(bind: "multiply(cart.count, 3, -1)")")
                Text(.bind("condition(and(cart.vip, gt(cart.count, 1)), concat('Hi ', uppercase(cart.name)), 'Bye')"))
                Text("\(bind: "eq(cart.count, 2.0)") \(bind: "not(eq(cart.name, 'Bo'))") \(bind: "isEmpty(cart.tags)") \(bind: "isNull(cart.gone)")")
                Text("[\(bind: "sum(cart.name, 1)")][\(bind: "sum(cart.big, 1)")][\(bind: "divide(cart.count, 2)")]")
            }
        })
        let texts = try content(doc)
        #expect(texts.map(\.text) == ["3 11.5 -6", "Hi ANA", "true true true true", "[][][]"])
        // A text, an integer that would overflow, and an operation the clients disagree on.
        let container = try #require(doc.first("screen")?.first("body")?.first("view"))
        #expect(container.comments == [
            " no Hyperview equivalent: unresolved @{sum(cart.name, 1)}, unresolved @{sum(cart.big, 1)}, unresolved @{divide(cart.count, 2)} ",
        ])
    }

    @Test("A container's and a list's onInit read their own context, as their children do")
    func loadActionsInOwnContext() throws {
        let push = Node(kind: .action, type: "beagle:pushView", properties: [
            .init("route", .node(.object([.init("url", .expression(.bind("next.path")))]))),
        ])
        var container = Container(context: Context(id: "next", value: ["path": "/profile/7"])) { Text("a") }.node
        container.properties.append(.init("onInit", .list([.node(push)])))
        var list = ListView(dataSource: .bind("next.rows"), context: Context(id: "next", value: ["path": "/feed", "rows": [1]])) { Text("r") }.node
        list.properties.append(.init("onInit", .list([.node(push)])))
        let doc = try ScreenRenderingTests.document(Screen { container; list })
        let items = try content(doc)
        #expect(items.map(\.name) == ["view", "list"])
        #expect(items.map { $0.first("behavior")?.attributes } == [
            ["trigger": "load", "action": "push", "href": "/profile/7"],
            ["trigger": "load", "action": "push", "href": "/feed"],
        ])
        #expect(items.allSatisfy { $0.comments.isEmpty })
        #expect(items[1].all("item").count == 1)
    }

    @Test("Scroll and page views scroll; a tab bar is a single choice; touchables press")
    func containers() throws {
        let doc = try ScreenRenderingTests.document(Screen(title: "C") {
            ScrollView(scrollDirection: .horizontal) { Text("a") }
            PageView { Text("p1"); Text("p2") }
            TabBar(items: [.init(title: "One"), .init(title: "Two")], currentTab: "1", onTabSelection: [.navigate(to: "/tab")])
            Touchable(action: .navigate(to: "/t")) { Text("tap") }
        })
        let items = try content(doc)
        #expect(items[0].attributes == ["scroll": "true", "scroll-orientation": "horizontal"])
        #expect(items[1].attributes == ["scroll": "true", "scroll-orientation": "horizontal"])
        #expect(items[1].all("text").map(\.text) == ["p1", "p2"])
        #expect(items[2].name == "select-single")
        #expect(items[2].all("option").map(\.attributes) == [["value": "0"], ["value": "1", "selected": "true"]])
        #expect(items[2].all("option").map { $0.first("behavior")?.attributes["trigger"] } == ["select", "select"])
        #expect(items[3].first("text")?.text == "tap")
        #expect(items[3].first("behavior")?.attributes["href"] == "/t")
    }

    @Test("A custom component is an element in ScreenRegistry's namespace; xml names stay out")
    func custom() throws {
        let badge = Node(kind: .component, type: "custom:badge", properties: [
            .init("count", .int(3)), .init("xmlns", .string("urn:evil")), .init("child", .node(Text("in").node)),
        ])
        let doc = try ScreenRenderingTests.document(Screen(title: "C") { badge; Image(.local("logo")) })
        let element = try #require(try content(doc).first)
        #expect(try content(doc).last?.name == "sr:local-image")
        #expect(try content(doc).last?.attributes == ["mobileId": "logo"])
        #expect(element.name == "sr:badge")
        #expect(element.namespace == HXMLRenderer.customNamespace)
        #expect(element.attributes == ["count": "3"])
        #expect(element.first("text")?.text == "in")
    }

    @Test("Each type gets an element of its own: a custom type named like Beagle's or the mapping's own, a Beagle name Beagle has no type of, or another namespace, is sr:component")
    func customElementNames() throws {
        func element(_ type: String) throws -> (name: String, type: String?) {
            let doc = try ScreenRenderingTests.document(Screen { Node(kind: .component, type: type, properties: [.init("label", .string("x"))]) })
            let element = try #require(try content(doc).first)
            return (element.name, element.attributes["type"])
        }
        #expect(try element("custom:badge") == ("sr:badge", nil))
        #expect(try element("badge") == ("sr:badge", nil))  // a type without a namespace is custom
        #expect(try element("beagle:lazyComponent") == ("sr:lazyComponent", nil))
        for type in ["custom:webView", "custom:container", "custom:lazyComponent", "custom:local-image", "custom:component", "acme:badge", "beagle:badge", "custom:acme:badge", "custom:a.b", "custom:"] {
            #expect(try element(type) == ("sr:component", type), "\(type)")
        }
    }

    @Test("A web view is a web-view for a web address; any other URL never reaches the app's element")
    func webViewAddresses() throws {
        let web = try content(try ScreenRenderingTests.document(Screen { WebView(url: "https://example.com/a") }))
        #expect(web.map(\.name) == ["web-view"] && web[0].attributes["url"] == "https://example.com/a")
        for url in ["javascript:alert(document.cookie)", "file:///etc/passwd"] {
            let text = String(decoding: try HXMLRenderer().renderBytes(Screen { WebView(url: url) }.node), as: UTF8.self)
            #expect(!text.contains(url) && !text.contains("<web-view"), "\(url)")
            #expect(text.contains("<sr:webView"), "\(url)")
        }
    }

    @Test("Platform pruning: nodes for other platforms are left out")
    func platforms() throws {
        var ios = Text("iOS only").node
        ios.platforms = .ios
        let screen = Screen(title: "P") { ios; Text("all") }
        #expect(try content(try ScreenRenderingTests.document(screen, HXMLRenderer(platform: .android))).map(\.text) == ["all"])
        #expect(try content(try ScreenRenderingTests.document(screen, HXMLRenderer(platform: .ios))).map(\.text) == ["iOS only", "all"])
    }

    @Test("A fragment is one component's element, with the whole screen's style ids")
    func fragments() throws {
        let screen = Screen(title: "F") {
            Text("first").style(Style(backgroundColor: "#000"))
            Container { Text("inside").style(Style(backgroundColor: "#111")) }.id("box")
            Node(kind: .component, type: "custom:badge", properties: [.init("id", .string("badge"))])
        }
        let renderer = HXMLRenderer()
        let fragment = try parse(try renderer.renderFragment(screen.node, id: "box"))
        #expect(fragment.name == "view")
        #expect(fragment.namespace == HXMLRenderer.namespace)
        #expect(fragment.attributes["id"] == "box")
        #expect(fragment.first("text")?.attributes["style"] == "s1")
        #expect(fragment.first("text")?.text == "inside")
        // A custom element is wrapped, so that the fragment's root is Hyperview's.
        let badge = try parse(try renderer.renderFragment(screen.node, id: "badge"))
        #expect(badge.name == "view")
        #expect(badge.first("sr:badge")?.attributes == ["id": "badge"])
        #expect(throws: HXMLRenderError.fragmentNotFound("nowhere")) { try renderer.renderFragment(screen.node, id: "nowhere") }
    }

    @Test("Eight tasks rendering the catalog at once get the documents and fragments one task gets")
    func concurrentUse() async throws {
        let screens = try await Conformance.catalogScreens().map(\.screen)
        let renderer = HXMLRenderer(compact: true)
        let expected = try screens.map { try renderer.renderBytes($0.node) }
        let fragments = screens.compactMap { try? renderer.renderFragment($0.node, id: "tabs") }
        #expect(fragments.count == 1)
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<5 {
                        guard try screens.map({ try renderer.renderBytes($0.node) }) == expected,
                              screens.compactMap({ try? renderer.renderFragment($0.node, id: "tabs") }) == fragments
                        else { return false }
                    }
                    return true
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 8))
    }

    @Test("Well-formed for any string: forbidden characters become U+FFFD, the rest is kept")
    func hostileStrings() throws {
        var random = XMLSeededGenerator(seed: 0x4878)
        for index in 0..<400 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int(random.next() % 24) {
                let pick = random.next() % 10
                let value: UInt32 = pick < 3 ? UInt32(random.next() % 0x20) : pick < 6 ? UInt32(0x20 + random.next() % 0x60)
                    : pick < 8 ? [0x2D, 0x3C, 0x26, 0x22, 0x5D, 0x3E][Int(random.next() % 6)] : UInt32(0xA0 + random.next() % 0x2F000)
                if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
            }
            let text = String(scalars) + XMLHostile.strings[index % XMLHostile.strings.count]
            let screen = Screen(id: text, title: text) {
                Text(text).id(text)
                Button(text, action: .alert(title: text, message: text, labelOk: text))
                TextInput(value: text, placeholder: text)
                Node(kind: .component, type: "custom:\(text)", properties: [.init(text, .string(text)), .init("a", .string(text))])
            }
            let doc = try ScreenRenderingTests.document(screen, HXMLRenderer(compact: index % 2 == 0))
            let expected = XMLChar.replacingForbidden(text)
            // An empty id is none.
            #expect(doc.first("screen")?.attributes["id"] == (expected.isEmpty ? nil : expected))
            let items = try content(doc)
            #expect(items.first?.text == expected)
            #expect(items[1].first("behavior")?.attributes["alert:message"] == expected)
            #expect(items[2].name == "text-field")
            #expect(items[2].attributes["value"] == expected)
        }
    }
}

@Suite("HXML: the catalog's documents")
struct HXMLGoldenTests {
    @Test("Catalog screens match their golden documents, read by a person", arguments: HXMLGoldenTests.catalog)
    func golden(path: String, file: String) async throws {
        let screen = try await Catalog.registry.screen(for: path, context: TrustedContext(session: "s1"))
        try GoldenFile.check(try HXMLRenderer().render(screen), file)
    }

    static let catalog: [(String, String)] = [
        ("/profile/42", "profile.hxml"), ("/home", "home.hxml"), ("/products", "products.hxml"),
        ("/payment?product=p1", "payment.hxml"), ("/login/registration", "registration.hxml"),
    ]
}

@Suite("HXML: Hyperview's own schema")
struct HXMLConformanceTests {
    @Test(
        "Every catalog route, its stack, fragments and 300 generated trees with hostile strings validate",
        .enabled(if: Conformance.isEnabled, Comment(rawValue: Conformance.whenSkipped))
    )
    func schema() async throws {
        let schema = try #require(Conformance.hyperviewSchema, "Hyperview's schema is not beside the repository: set HYPERVIEW_SCHEMA")
        let folder = try Conformance.folder("hxml")
        defer { try? FileManager.default.removeItem(at: folder) }
        var count = 0
        func write(_ bytes: [UInt8]) throws {
            try Data(bytes).write(to: folder.appendingPathComponent("\(count).xml"))
            count += 1
        }
        for (_, screen, stack) in try await Conformance.catalogScreens() {
            try write(try HXMLRenderer().renderBytes(screen.node))
            try write(try HXMLRenderer(compact: true, platform: .ios).renderBytes(screen.node))
            try write(Array(try HXMLRenderer().renderStack(stack).utf8))
            // Every component with an id, as a fragment.
            for case .string(let id) in Self.ids(screen.node) {
                try write(try HXMLRenderer().renderFragment(screen.node, id: id))
            }
        }
        var generator = XMLTreeGenerator(seed: 0x48F)
        for index in 0..<300 {
            let text = XMLHostile.strings[index % XMLHostile.strings.count] + " -- @{y}"
            if index % 2 == 0 {
                try write(try HXMLRenderer(compact: index % 4 == 0).renderBytes(generator.node()))
            } else {
                let screen = Screen(id: text, title: text, context: Context(id: "c", value: [text: .string(text)])) {
                    Text("\(text) \(bind: "c.x")", textColor: text, alignment: .right).id("t")
                        .style(Style(backgroundColor: "#ABC", cornerRadius: 4, size: Size(width: .real(20), height: .percent(100)),
                                     margin: EdgeValue(all: .real(2)), padding: EdgeValue(all: .real(8)),
                                     position: EdgeValue(bottom: .percent(3)), flex: Flex(alignSelf: .center, grow: 1)))
                        .accessibility(Accessibility(label: text))
                    Button(text, action: .confirm(title: text, message: text, onPressOk: [.navigate(to: text)]))
                    Image(url: text, placeholder: text)
                    Image(.local(text))
                    TextInput(value: text, placeholder: text, type: .password).id(text)
                    ListView(dataSource: .bind("c"), iteratorName: "item") { ListView(dataSource: .bind("item")) { Text(text) } }
                    Touchable(action: .navigate(to: "/" + text)) { Text(text) }
                    ScrollView(scrollDirection: .horizontal) { Text(text); Text(text) }
                    PageView(currentPage: "0") { Text(text) }
                    TabBar(items: [.init(title: text, icon: text)])
                    WebView(url: "https://example.com/\(text)")
                    Button("Go", action: .setContext(contextId: text, value: .string(text)))
                    Node(kind: .component, type: "custom:\(text)", properties: [.init(text, .string(text))])
                }
                try write(try HXMLRenderer(compact: index % 3 == 0).renderBytes(screen.node))
                try write(try HXMLRenderer().renderFragment(screen.node, id: "t"))
            }
        }
        let (status, report) = try Conformance.run("hyperview_schema.py", [schema, folder.path])
        #expect(status == 0, "\(report)")
        #expect(report.contains("\(count) documents, 0 problems"), "\(report)")
    }

    /// The ids of the components of a tree, in document order.
    static func ids(_ node: Node) -> [Node.Value] {
        var ids: [Node.Value] = node.kind == .component ? node.properties.filter { $0.name == "id" }.map(\.value) : []
        for property in node.properties {
            switch property.value {
            case .node(let child): ids += Self.ids(child)
            case .list(let items): for case .node(let child) in items { ids += Self.ids(child) }
            default: break
            }
        }
        return ids
    }
}

@Suite("HXML: the writer")
struct HXMLWriterTests {
    /// What the mapping asks of a writer.
    enum Step {
        case start(StaticString), end, text(String), comment(String), attribute(StaticString, String)
    }

    /// Elements in elements, empty ones, text alone and beside elements, comments first,
    /// last and alone, and a deep nesting.
    static let steps: [Step] = {
        var steps: [Step] = [.start("doc"), .attribute("id", "d"), .comment("first"), .start("empty"), .end]
        steps += [.start("text"), .text("alone"), .end, .start("mixed"), .text("before"), .start("b"), .end, .text("after"), .end]
        steps += [.start("only"), .comment("alone"), .end, .start("last"), .start("a"), .end, .comment("last"), .end]
        steps += Array(repeating: .start("deep"), count: 40) + [.start("leaf"), .text("x"), .end, .start("empty"), .end]
        steps += Array(repeating: .end, count: 40)
        return steps + [.start("tail"), .attribute("k", "v"), .end, .end]
    }()

    @Test("A comment holds any text and stays one well-formed comment: a space follows each - that a - or its end follows", arguments: [
        ("a--b", "a- -b"), ("-", "- "), ("--", "- - "), ("x---y", "x- - -y"), ("-->", "- ->"), ("a-b", "a-b"),
    ])
    func commentDashes(text: String, written: String) throws {
        var writer = try #require(HXMLWriter(indent: false))
        writer.startDocument()
        writer.start("doc")
        writer.comment(text)
        writer.end()
        let finished = writer.finish()
        let document = try parse(try #require(finished))
        #expect(document.comments == [written])
    }

    @Test("It indents exactly where libxml2's own indentation does")
    func indentsAsLibXML2() throws {
        var writer = try #require(HXMLWriter(indent: true))
        writer.startDocument()
        for step in Self.steps {
            switch step {
            case .start(let name): writer.start(name)
            case .end: writer.end()
            case .text(let text): writer.text(text)
            case .comment(let text): writer.comment(text)
            case .attribute(let name, let value): writer.attribute(name, value)
            }
        }
        let finished = writer.finish()
        let ours = try #require(finished)

        let buffer = try #require(xmlBufferCreate())
        defer { xmlBufferFree(buffer) }
        let reference = try #require(xmlNewTextWriterMemory(buffer, 0))
        #expect(xmlTextWriterSetIndent(reference, 1) == 0)
        #expect(xmlTextWriterSetIndentString(reference, "  ") == 0)
        #expect(xmlTextWriterStartDocument(reference, "1.0", "UTF-8", nil) >= 0)
        for step in Self.steps {
            let result: Int32 = switch step {
            case .start(let name): xmlTextWriterStartElement(reference, name.utf8Start)
            case .end: xmlTextWriterEndElement(reference)
            case .text(let text): xmlTextWriterWriteString(reference, text)
            case .comment(let text): xmlTextWriterWriteComment(reference, text)
            case .attribute(let name, let value): xmlTextWriterWriteAttribute(reference, name.utf8Start, value)
            }
            #expect(result >= 0)
        }
        #expect(xmlTextWriterEndDocument(reference) >= 0)
        xmlFreeTextWriter(reference)
        let expected = Array(UnsafeBufferPointer(start: xmlBufferContent(buffer), count: Int(xmlBufferLength(buffer))))
        #expect(String(decoding: ours, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }
}
