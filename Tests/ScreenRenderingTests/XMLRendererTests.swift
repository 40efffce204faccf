import Foundation
import ScreenRegistry
@testable import ScreenRendering
import Screens
import Testing

private struct Badge: Component {
    var label: String
    var count: Int
    var node: Node {
        Node(kind: .component, type: "custom:badge", properties: [
            .init("label", .string(label)), .init("count", .int(count)),
            .init("onPress", .list([.node(Action.popView.node)])),
        ])
    }
}

@Suite("XMLRenderer, XMLReader and the schema")
struct XMLRendererTests {
    static let catalog: [(String, String)] = [
        ("/profile/42", "profile.xml"), ("/text", "text.xml"), ("/home", "home.xml"),
        ("/products", "products.xml"), ("/products/p1", "product.xml"), ("/payment?product=p1", "payment.xml"),
        ("/login/registration", "registration.xml"),
    ]

    @Test("Catalog screens match their golden files, validate, and read back", arguments: catalog)
    func golden(path: String, file: String) async throws {
        let screen = try await Catalog.registry.screen(for: path, context: TrustedContext(session: "s1"))
        let xml = try XMLRenderer().render(screen)
        try GoldenFile.check(xml, file)
        #expect(try XMLValidator().validate(xml) == [])
        let node = try XMLReader().read(xml)
        #expect(try XMLRenderer().render(node) == xml)
        let compact = try XMLRenderer(compact: true).render(screen)
        #expect(compact.filter { $0 == "\n" }.count == 2)
        #expect(try XMLValidator().validate(compact) == [])
        #expect(try XMLRenderer(compact: true).render(XMLReader().read(compact)) == compact)
    }

    @Test("Every route of the catalog renders valid XML")
    func everyRoute() async throws {
        for path in ["/profile/7", "/follow/7", "/retweet/9", "/home", "/home/dashboard", "/cards/3",
                     "/cards/3/detail", "/settings", "/login", "/login/registration", "/products",
                     "/products/p1", "/products/nope", "/payment", "/text"] {
            let xml = try XMLRenderer().render(try await Catalog.registry.screen(for: path))
            #expect(try XMLValidator().validate(xml) == [], "\(path)")
        }
    }

    @Test("The dialect: namespace, short names, custom namespace, character data")
    func dialect() throws {
        let screen = Screen(title: "T") {
            Text("Hello")
            Badge(label: "new", count: 3)
        }
        let xml = try XMLRenderer().render(screen)
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<screenComponent xmlns=\"urn:screenregistry:screen:1\" xmlns:custom=\"urn:screenregistry:custom:1\">\n"))
        #expect(xml.contains("<text>Hello</text>"))
        #expect(xml.contains("<custom:badge label=\"new\" count=\"3\">"))
        #expect(xml.contains("<onPress>\n"))
        #expect(xml.hasSuffix("</screenComponent>\n"))
        #expect(try XMLValidator().validate(xml) == [])
    }

    @Test("Scalar types survive: numbers, Booleans, and strings that look like them")
    func scalarTypes() throws {
        let node = Node(kind: .component, type: "custom:x", properties: [
            .init("a", .string("42")), .init("b", .int(42)), .init("c", .double(42)), .init("d", .string("true")),
            .init("e", .bool(true)), .init("f", .string("")), .init("g", .double(.infinity)), .init("h", .string("1.0")),
        ])
        let xml = try XMLRenderer(compact: true).render(node)
        #expect(xml.contains("a=\"42\" b=\"42\" c=\"42.0\" d=\"true\" e=\"true\" f=\"\" g=\"INF\" h=\"1.0\""))
        #expect(xml.contains("sr:strings=\"a d h\""))
        #expect(try XMLReader().read(xml) == node)
    }

    @Test("Hostile strings in every text and attribute position stay well-formed and valid")
    func hostile() throws {
        for text in XMLHostile.strings + [XMLHostile.all, XMLHostile.big] {
            let screen = Screen(id: text, title: text) {
                Text(text, styleId: text, textColor: text).id(text)
                    .style(Style(backgroundColor: text, borderColor: text))
                    .accessibility(Accessibility(label: text))
                Button(text, action: .navigate(to: text))
                Button(text, action: .alert(title: text, message: text))
                Button(text, action: .openNativeRoute(route: text, data: [text: text, "k": text]))
                Button(text, action: .openExternalURL(text))
                Image(url: text, placeholder: text)
                TextInput(value: text, placeholder: text)
                Badge(label: text, count: 1)
                ListView(dataSource: .bind(text), iteratorName: text) { Text(text) }
                Text("\(text) \(bind: text)")
            }
            let xml = try XMLRenderer().render(screen)
            #expect(!xml.contains("]]>"))
            #expect(!xml.unicodeScalars.contains { !XMLDialect.isAllowed($0) })
            #expect(try XMLValidator().validate(xml) == [], "\(text.prefix(40).debugDescription)")
            let node = try XMLReader().read(xml)
            #expect(try XMLRenderer().render(node) == xml)
        }
    }

    @Test("Forbidden characters become U+FFFD; astral characters, RTL text and combining marks are kept")
    func replacement() throws {
        let xml = try XMLRenderer(compact: true).render(Text("a\u{0}b\u{1}\u{B}\u{C}\u{1F}\u{FFFE}\u{FFFF}\tc\r\n😀שׁe\u{301}").node)
        #expect(xml.contains(">a\u{FFFD}b\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\tc&#13;\n😀שׁe\u{301}</text>"))
        let read = try XMLReader().read(xml)
        #expect(read[property: "text"] == .string("a\u{FFFD}b\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\tc\r\n😀שׁe\u{301}"))
    }

    @Test("A node of many properties is laid out as a small one: a repeated name is an element, markers list every name")
    func manyProperties() throws {
        let names = (0..<40).map { "p\($0)" }
        let node = Node(kind: .component, type: "custom:wide", properties: names.map { .init($0, .string("1")) } + [
            .init("e", .expression(.bind("x"))), .init("p3", .string("again")),
        ])
        let xml = try XMLRenderer(compact: true).render(node)
        #expect(xml.contains(#"sr:strings="\#(names.joined(separator: " "))""#))
        #expect(xml.contains(#"sr:expressions="e""#))
        #expect(xml.contains("<p3>again</p3>"))
        #expect(try XMLReader().read(xml) == node)
    }

    @Test("Round trip over generated trees: render, read, render is byte-identical", arguments: 0..<8)
    func generated(batch: UInt64) throws {
        var generator = XMLTreeGenerator(seed: 0x5EED + batch)
        for index in 0..<60 {
            let node = generator.node()
            for compact in [false, true] {
                let renderer = XMLRenderer(compact: compact)
                let xml = try renderer.render(node)
                let read = try XMLReader().read(xml)
                let again = try renderer.render(read)
                #expect(again == xml, "seed \(0x5EED + batch), tree \(index), compact \(compact)")
            }
        }
    }

    @Test("A tree reads back as the model written out here by hand: character data first, attributes, then elements")
    func readBackModel() throws {
        let tree = Node(kind: .component, type: "beagle:container", properties: [
            .init("children", .list([
                .node(Node(kind: .component, type: "beagle:text", properties: [
                    .init("styleId", .string("title")), .init("text", .string("a\u{1}b")),
                ])),
            ])),
            .init("id", .string("box")),
        ])
        let read = try XMLReader().read(try XMLRenderer(compact: true).render(tree))
        #expect(read == Node(kind: .component, type: "beagle:container", properties: [
            .init("id", .string("box")),
            .init("children", .list([
                .node(Node(kind: .component, type: "beagle:text", properties: [
                    .init("text", .string("a\u{FFFD}b")), .init("styleId", .string("title")),
                ])),
            ])),
        ]))
    }

    @Test("Eight concurrent tasks rendering and validating give identical results")
    func concurrent() async throws {
        let screens = try await withThrowingTaskGroup(of: Screen.self) { group in
            for (path, _) in Self.catalog { group.addTask { try await Catalog.registry.screen(for: path) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let expected = try screens.map { try XMLRenderer().render($0) }.sorted()
        let results = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var outputs: [String] = []
                    for _ in 0..<5 {
                        for screen in screens {
                            let xml = try XMLRenderer().render(screen)
                            let issues = try XMLValidator().validate(xml)
                            let read = try XMLRenderer().render(XMLReader().read(xml))
                            outputs.append(issues.isEmpty && read == xml ? xml : "failed")
                        }
                    }
                    return outputs
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        for outputs in results {
            #expect(Array(outputs.prefix(screens.count)).sorted() == expected)
            #expect(Set(outputs) == Set(expected))
        }
    }
}
