import Foundation
import ScreenRegistry
@testable import ScreenRendering
import Screens
import Testing

/// A page of `node`, parsed as XML (the renderer writes well-formed XML too): a test fails
/// on anything not well-formed, and on a missing HTML5 document type.
private func page(_ node: Node, _ renderer: HTMLRenderer = HTMLRenderer()) throws -> Element {
    let html = renderer.render(node)
    let doctype = "<!DOCTYPE html>\n"
    #expect(html.hasPrefix(doctype))
    return try parse(Array(html.utf8.dropFirst(doctype.utf8.count)))
}

/// What the screen's one container holds, or its one component.
private func content(_ page: Element) throws -> [Element] {
    let main = try #require(page.first("body")?.first("main"))
    let last = try #require(main.children.last)
    return last.attributes["class"] == "sr-container" && last.attributes["style"] == nil ? last.children : [last]
}

@Suite("HTML: the mapping")
struct HTMLMappingTests {
    @Test("Nested lists expand at most 10,000 items a screen, and say what they left out")
    func nestedListsBounded() throws {
        let html = HTMLRenderer().render(Screen { nestedLists(20) }.node)
        #expect(html.components(separatedBy: "<li class=\"sr-item\"").count - 1 == HXMLScope.maximumExpandedItems)
        #expect(html.contains("<!-- 1 of 2 items not written: a screen expands at most 10000 -->"))
        #expect(HTMLRenderer().render(Screen { nestedLists(3) }.node).components(separatedBy: "<li class=\"sr-item\"").count - 1 == 14)
    }

    @Test("A page: HTML5, the title in <title> and a header, the stylesheet, the screen in <main>")
    func document() throws {
        let doc = try page(Screen(title: "Shop") { Text("Hi", alignment: .center) }.node)
        #expect(doc.name == "html")
        #expect(doc.attributes["lang"] == "en")
        let head = try #require(doc.first("head"))
        #expect(head.first("title")?.text == "Shop")
        #expect(head.first("meta")?.attributes["charset"] == "utf-8")
        #expect(head.first("style")?.text == HTMLRenderer.stylesheet)
        let main = try #require(doc.first("body")?.first("main"))
        #expect(main.first("header")?.first("h1")?.text == "Shop")
        let text = try #require(try content(doc).first)
        #expect(text.name == "p")
        #expect(text.text == "Hi")
        #expect(text.attributes["style"] == "text-align:center")
    }

    @Test("Buttons that navigate are links to the deep-link path below the link base; others are buttons")
    func links() throws {
        let screen = Screen(title: "Links") {
            Button("Open", action: .navigate(to: "/products/p1?tab=a&b=1"))
            Button("Reset", action: .resetApplication(to: "/home"))
            Button("Docs", action: .openExternalURL("https://docs.example.com/a?b=1&c=2"))
            Button("Alert", action: .alert(message: "Hi"))
            Button("Native", action: .openNativeRoute(route: "/settings"))
            Touchable(action: .navigate(to: "/cards/7")) { Text("Card") }
        }
        let items = try content(try page(screen.node, HTMLRenderer(linkBase: "/preview")))
        #expect(items.map(\.name) == ["a", "a", "a", "button", "button", "a"])
        #expect(items.map { $0.attributes["href"] } == [
            "/preview/products/p1?tab=a&b=1", "/preview/home", "https://docs.example.com/a?b=1&c=2", nil, nil, "/preview/cards/7",
        ])
        #expect(items.map(\.text) == ["Open", "Reset", "Docs", "Alert", "Native", "\n"])
        // Only the link to another site gets rel: it gets neither the opener nor the referrer.
        #expect(items.map { $0.attributes["rel"] } == [nil, nil, "noopener noreferrer", nil, nil, nil])
        #expect(items[3].attributes["type"] == "button")
        #expect(items[5].first("p")?.text == "Card")
        #expect(HTMLRenderer(linkBase: "/preview/").render(screen.node) == HTMLRenderer(linkBase: "/preview").render(screen.node))
    }

    @Test("No link or button inside another: the outer one takes the tap, the inner one is its content")
    func noNestedLinks() throws {
        let screen = Screen {
            Touchable(action: .navigate(to: "/outer")) {
                Button("Inner", action: .navigate(to: "/inner"))
                Button("Alert", action: .alert(message: "Hi"))
                WebView(url: "https://example.com/w")
            }
            Touchable(action: .alert(message: "Hi")) { Button("Inner", action: .navigate(to: "/inner")) }
        }
        let items = try content(try page(screen.node))
        #expect(items.map(\.name) == ["a", "button"])
        #expect(items[0].attributes["href"] == "/outer")
        let inner = try #require(items[0].first("div")?.children)
        #expect(inner.map(\.name) == ["span", "span", "span"])
        #expect(inner.map { $0.attributes["class"] } == ["sr-button", "sr-button", "sr-web"])
        #expect(inner.map(\.text) == ["Inner", "Alert", "https://example.com/w"])
        #expect(items[1].children.map(\.name) == ["span"])
        // Outside a link, each is its own again.
        #expect(try content(try page(Screen { Button("Inner", action: .navigate(to: "/inner")) }.node)).map(\.name) == ["a"])
    }

    @Test("A link never leaves the site or runs script: other schemes, protocol-relative and odd paths are buttons", arguments: [
        "javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)", "data:text/html,<script>x</script>",
        "vbscript:x", "//evil.example.com", "/\\evil.example.com", "https://a.example.com/ x", "http://a\u{0}b", "ftp://files.example.com",
        // Dot segments, which a browser resolves out of the link base.
        "/../routes", "/%2e%2E/health", "/profile/./42", "/a/.%2e/b", "/a/%2E",
    ])
    func hostileLinks(url: String) throws {
        let screen = Screen(title: "L") {
            Button("In", action: .navigate(to: url))
            Button("Out", action: .openExternalURL(url))
            WebView(url: url)
            Image(url: url)
        }
        let doc = try page(screen.node)
        let all = [doc] + doc.descendants
        #expect(all.allSatisfy { $0.attributes["href"] == nil && $0.attributes["src"] == nil }, "\(url)")
        #expect(try content(doc).map(\.name) == ["button", "button", "span"])
    }

    @Test("An in-app path stays below the link base: dot segments are refused, dots elsewhere kept")
    func appPaths() {
        #expect(HTMLEscaping.appPath("/../routes", base: "/preview") == nil)
        #expect(HTMLEscaping.appPath("/cards/%2e%2e/%2E%2e/admin", base: "/preview") == nil)
        #expect(HTMLEscaping.appPath("/cards/.", base: "/preview") == nil)
        #expect(HTMLEscaping.appPath("/profile/..42", base: "/preview") == "/preview/profile/..42")
        #expect(HTMLEscaping.appPath("/profile/v1.2", base: "/preview") == "/preview/profile/v1.2")
        #expect(HTMLEscaping.appPath("/search?q=../x#..", base: "/preview") == "/preview/search?q=../x#..")
        #expect(HTMLEscaping.appPath("/%2e%2e%2e", base: "") == "/%2e%2e%2e")
    }

    @Test("Text and attributes hold any string as text: no element, attribute or script comes from data")
    func hostileText() throws {
        let attack = "</p><script>alert(1)</script><img src=x onerror=alert(2)>\" onmouseover=\"alert(3)' &amp;"
        let screen = Screen(title: attack) {
            Text(attack)
            Button(attack, action: .navigate(to: "/search?q=\"><script>alert(4)</script>"))
            TextInput(value: attack, placeholder: attack)
            Node(kind: .component, type: "custom:\(attack)", properties: [.init(attack, .string(attack))])
            Image(named: attack)
        }
        let doc = try page(screen.node)
        let all = [doc] + doc.descendants
        #expect(!all.contains { $0.name == "script" || $0.name == "img" })
        #expect(!all.contains { $0.attributes.keys.contains { $0.hasPrefix("on") } })
        #expect(doc.first("head")?.first("title")?.text == attack)
        let items = try content(doc)
        #expect(items.map(\.name) == ["p", "a", "input", "div", "span"])
        #expect(items[0].text == attack)
        #expect(items[1].text == attack)
        #expect(items[1].attributes["href"] == "/search?q=\"><script>alert(4)</script>")
        #expect(items[2].attributes["value"] == attack)
        #expect(items[2].attributes["placeholder"] == attack)
        #expect(items[3].first("small")?.text == "custom:\(attack)")
        #expect(items[3].text == " \(attack): \(attack)")
        #expect(items[4].attributes["aria-label"] == attack)
    }

    @Test("Well-formed for any string: characters HTML forbids become U+FFFD, the rest is kept")
    func hostileStrings() throws {
        // HTML's rule: controls (C0 but tab, newline, return; DEL and C1) and noncharacters
        // are errors. An XML parser reads a return as a newline.
        func expected(_ text: String) -> String {
            let kept = text.unicodeScalars.map { scalar -> Unicode.Scalar in
                let value = scalar.value
                let control = (value < 0x20 && ![0x09, 0x0A, 0x0D].contains(value)) || (0x7F...0x9F).contains(value)
                let nonCharacter = (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
                return control || nonCharacter ? "\u{FFFD}" : scalar
            }
            return String(String.UnicodeScalarView(kept)).replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        let nonCharacters = String(String.UnicodeScalarView([0xFDD0, 0x1FFFF, 0x10FFFE].compactMap(Unicode.Scalar.init)))
        for text in XMLHostile.strings + [XMLHostile.all, nonCharacters] {
            let doc = try page(Screen(title: text) { Text(text) }.node)
            #expect(try content(doc).first?.text == expected(text), "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test("Styles are CSS from the model's numbers, enumerations and colours; a colour that is not one is dropped")
    func styles() throws {
        var style = Style(backgroundColor: "#FF0000", cornerRadius: 4.5, size: Size(width: 80, height: .percent(50)),
                          padding: EdgeValue(horizontal: 16, all: 8), flex: Flex(flexDirection: .row, justifyContent: .spaceBetween))
        let good = Container { Text("a") }.style(style)
        style.backgroundColor = "red;}</style><script>alert(1)</script>"
        style.borderColor = "url(javascript:alert(1))"
        style.borderWidth = 1
        let bad = Container { Text("b") }.style(style)
        let items = try content(try page(Screen(title: "S") { good; bad }.node))
        #expect(items.map { $0.attributes["style"] } == [
            "background-color:#FF0000;border-radius:4.5px;width:80px;height:50%;padding:8px;padding-left:16px;"
                + "padding-right:16px;flex-direction:row;justify-content:space-between",
            "border-radius:4.5px;border:1px solid currentColor;width:80px;height:50%;padding:8px;padding-left:16px;"
                + "padding-right:16px;flex-direction:row;justify-content:space-between",
        ])
    }

    @Test("Inputs keep their kind, value and state; lists repeat their template for each item of their context")
    func inputsAndLists() throws {
        let context = Context(id: "people", value: .array([["name": "Ada"], ["name": "Grace"]]))
        let screen = Screen(title: "L", context: context) {
            TextInput(value: "a@b.c", placeholder: "Email", readOnly: true, type: .email)
            ListView(dataSource: .bind("people"), iteratorName: "person") { Text("Hi \(bind: "person.name")") }
            ListView(dataSource: .bind("nobody")) { Text("x") }
        }
        let items = try content(try page(screen.node))
        #expect(items[0].attributes == ["class": "sr-input", "type": "email", "value": "a@b.c", "placeholder": "Email", "readonly": "readonly"])
        #expect(items[1].all("li").map { $0.first("p")?.text } == ["Hi Ada", "Hi Grace"])
        #expect(items[2].name == "ul")
        #expect(items[2].children.isEmpty)
    }

    @Test("Nodes for other platforms are left out; a back stack is one page, root first")
    func platformsAndStacks() throws {
        var ios = Text("iOS only").node
        ios.platforms = .ios
        let screen = Screen(title: "P") { ios; Text("all") }.node
        #expect(try content(try page(screen, HTMLRenderer(platform: .android))).map(\.text) == ["all"])
        #expect(try content(try page(screen, HTMLRenderer(platform: .ios))).map(\.text) == ["iOS only", "all"])
        let html = HTMLRenderer().renderStack([("/a", Screen(title: "A") { Text("a") }.node), ("/b", Screen(title: "B") { Text("b") }.node)])
        let doc = try parse(Array(html.utf8.dropFirst("<!DOCTYPE html>\n".utf8.count)))
        let sections = try #require(doc.first("body")).all("section")
        #expect(sections.map { $0.attributes["data-path"] } == ["/a", "/b"])
        #expect(sections.map { $0.first("main")?.first("header")?.first("h1")?.text } == ["A", "B"])
    }
}

@Suite("HTML: the catalog's pages")
struct HTMLGoldenTests {
    @Test("Catalog screens match their golden pages, read by a person", arguments: [
        ("/profile/42", "profile.html"), ("/home", "home.html"), ("/products", "products.html"),
    ])
    func golden(path: String, file: String) async throws {
        let screen = try await Catalog.registry.screen(for: path, context: TrustedContext(session: "s1"))
        try GoldenFile.check(HTMLRenderer(linkBase: "/screens").render(screen), file)
    }
}
