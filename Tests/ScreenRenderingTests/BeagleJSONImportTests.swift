import Foundation
import ScreenRegistry
import ScreenRendering
import Testing

/// Random trees of the uniform tree, from a seed, for round-trip tests.
private struct JSONTreeGenerator {
    var state: UInt64

    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }

    static let componentTypes = [
        "beagle:text", "beagle:container", "beagle:button", "beagle:image", "beagle:listView", "beagle:tabBar",
        "beagle:pageView", "custom:badge", "acme:chart",
    ]
    static let actionTypes = ["beagle:pushView", "beagle:alert", "beagle:setContext", "custom:track"]
    static let names = ["text", "value", "url", "styleId", "enabled", "count", "ratio", "children", "onPress", "style", "données", "a b"]
    static let strings = ["", "plain", "quote\"", "back\\slash", "new\nline", "\u{1}", "🙂", "\u{2028}", "@{x}", "ü", "</a>"]

    mutating func string() -> String {
        Self.strings[next(Self.strings.count)] + (next(3) == 0 ? Self.strings[next(Self.strings.count)] : "")
    }

    /// A property's value; `isBeagles` when its node is of one of Beagle's own types.
    mutating func value(depth: Int, isBeagles: Bool = false) -> Node.Value {
        switch next(depth > 3 ? 4 : 7) {
        case 0: return .string(string())
        case 1: return .int(next(2_000_001) - 1_000_000)
        case 2: return .double(Double(next(100_000)) / 64 - 500)
        case 3: return .bool(next(2) == 0)
        case 4:
            // A lone action is read as a list of one under Beagle's own types: there it is
            // generated in a list, as Beagle writes it, and elsewhere left alone.
            let child = node(depth: depth + 1)
            return isBeagles && child.kind == .action ? .list([.node(child)]) : .node(child)
        case 5: return .list((0..<next(4)).map { _ in .node(node(depth: depth + 1)) })
        default: return .list((0..<next(3)).map { _ in value(depth: depth + 1) })
        }
    }

    /// A node of a random kind and type, or a component of `component`.
    mutating func node(depth: Int, component: String? = nil) -> Node {
        let kind: Node.Kind
        let type: String
        switch component != nil ? 0 : next(4) {
        case 0: (kind, type) = (.component, component ?? Self.componentTypes[next(Self.componentTypes.count)])
        case 1: (kind, type) = (.action, Self.actionTypes[next(Self.actionTypes.count)])
        case 2: (kind, type) = (.imagePath, next(2) == 0 ? "local" : "remote")
        default: (kind, type) = (.object, "")
        }
        var used: Set<String> = []
        var properties: [Node.Property] = []
        for _ in 0..<next(5) {
            let name = Self.names[next(Self.names.count)]
            guard used.insert(name).inserted else { continue }
            properties.append(.init(name, value(depth: depth, isBeagles: type.hasPrefix("beagle:"))))
        }
        return Node(kind: kind, type: type, properties: properties)
    }
}

@Suite("Beagle JSON: importing")
struct BeagleJSONImportTests {
    @Test("Round trip JSON → model → JSON over generated trees is byte-identical", arguments: 0..<200)
    func roundTrip(_ seed: Int) throws {
        var generator = JSONTreeGenerator(state: UInt64(seed) &+ 1)
        let root = generator.node(depth: 0, component: "beagle:screenComponent")
        for pretty in [false, true] {
            let renderer = BeagleJSONRenderer(pretty: pretty)
            let first = renderer.render(root)
            let read = try BeagleJSONReader().read(first)
            #expect(read == root)
            #expect(renderer.render(read) == first)
            // Foundation agrees that the output is JSON.
            _ = try JSONSerialization.jsonObject(with: Data(first.utf8))
        }
    }

    @Test("A namespace in any case and a name without one are read as Beagle's clients read them: one spelling for the fit and every format")
    func namespaces() throws {
        let node = try BeagleJSONReader().read("""
            {"_beagleComponent_": "beagle:container", "children": [
             {"_beagleComponent_": "Beagle:simpleForm"}, {"_beagleComponent_": "CUSTOM:Badge"}, {"_beagleComponent_": "badge"},
             {"_beagleComponent_": "acme:Chart"}, {"_beagleComponent_": "beagle:button", "text": "Back",
              "onPress": [{"_beagleAction_": "BEAGLE:popView"}, {"_beagleAction_": "popView"}, {"_beagleAction_": "Custom:track"}]}]}
            """)
        guard case .list(let children)? = node[property: "children"], case .node(let button)? = children.last,
            case .list(let actions)? = button[property: "onPress"]
        else {
            Issue.record("unexpected shape")
            return
        }
        let nodes = children.compactMap { if case .node(let child) = $0 { child } else { nil } }
        #expect(nodes.map(\.type) == ["beagle:simpleForm", "custom:Badge", "custom:badge", "acme:Chart", "beagle:button"])
        #expect(actions.compactMap { if case .node(let action) = $0 { action.type } else { nil } } == ["beagle:popView", "custom:popView", "custom:track"])
        // The app's own badge, declared once, is the badge a name without a namespace means.
        var app = AppComponents()
        app.declare("custom:badge", since: Version("2.0"), on: .all)
        let fit = ClientFit(ClientProfile(format: .json, appVersion: Version("2.0")), appComponents: app)
        #expect(fit.reason(cannotRender: nodes[2]) == nil)
        // DivKit hands both pops to the app under names of their own.
        let divkit = DivKitRenderer().render(button)
        #expect(divkit.contains(#""log_id":"popView""#))
        #expect(divkit.contains(#""log_id":"custom:popView""#))
    }

    @Test("Type names compare case-insensitively and come back canonical")
    func mixedCase() throws {
        let node = try BeagleJSONReader().read("""
            {"_beagleComponent_": "BEAGLE:SCREENCOMPONENT", "child": {"_beagleComponent_": "Beagle:TextInput", "placeholder": "x",
             "onChange": [{"_beagleAction_": "beagle:PUSHVIEW", "route": {"url": "/a"}}]},
             "image": {"_beagleImagePath_": "LOCAL", "mobileId": "m"}}
            """)
        #expect(node.type == "beagle:screenComponent")
        guard case .node(let child)? = node[property: "child"], case .list(let actions)? = child[property: "onChange"],
            case .node(let action)? = actions.first, case .node(let image)? = node[property: "image"]
        else {
            Issue.record("unexpected shape")
            return
        }
        #expect(child.type == "beagle:textInput")
        #expect(action.kind == .action && action.type == "beagle:pushView")
        #expect(image.kind == .imagePath && image.type == "local")
    }

    @Test("Unknown types are kept as custom nodes and render back as they were")
    func unknownTypes() throws {
        let json = #"{"_beagleComponent_":"beagle:screenComponent","child":{"_beagleComponent_":"acme:carousel","speed":2,"items":[{"_beagleComponent_":"custom:slide","n":1}],"onEnd":[{"_beagleAction_":"acme:confetti"}]}}"#
        let node = try BeagleJSONReader().read(json)
        #expect(BeagleJSONRenderer().render(node) == json)
        let text = TextRenderer().render(node)
        #expect(text.contains("child: acme:carousel speed=2"))
        #expect(text.contains("onEnd: acme:confetti"))
    }

    @Test("A lone action where Beagle's own types hold a list is read as a list of one, as Beagle's web client reads it")
    func loneActions() throws {
        let json = #"{"_beagleComponent_":"beagle:screenComponent","child":{"_beagleComponent_":"beagle:button","text":"Back","onPress":{"_beagleAction_":"beagle:alert","message":"m","onPressOk":{"_beagleAction_":"beagle:popView"}}}}"#
        let node = try BeagleJSONReader().read(json)
        // Beagle's Android and iOS clients read only the list.
        #expect(BeagleJSONRenderer().render(node) == #"{"_beagleComponent_":"beagle:screenComponent","child":{"_beagleComponent_":"beagle:button","text":"Back","onPress":[{"_beagleAction_":"beagle:alert","message":"m","onPressOk":[{"_beagleAction_":"beagle:popView"}]}]}}"#)
        // Hyperview gets the alert and its option's behavior, not a comment.
        let hxml = String(decoding: try ScreenFormat.hxml.renderBytes(node), as: UTF8.self)
        #expect(hxml.contains(#"<behavior trigger="press" action="alert" alert:message="m">"#))
        #expect(hxml.contains(##"<behavior action="back" href="#"/>"##))
        #expect(!hxml.contains("no Hyperview equivalent"))
        // A custom type's property is the app's own, and a structured value's is no
        // Beagle type's: kept as they are.
        let custom = #"{"_beagleComponent_":"custom:card","tap":{"_beagleAction_":"custom:track"},"info":{"on":{"_beagleAction_":"beagle:popView"}}}"#
        #expect(BeagleJSONRenderer().render(try BeagleJSONReader().read(custom)) == custom)
        // Beagle's clients compare type names case-insensitively: so does the reading.
        let unknown = try BeagleJSONReader().read(#"{"_beagleComponent_":"Beagle:simpleForm","onSubmit":{"_beagleAction_":"beagle:popView"}}"#)
        guard case .list(let actions)? = unknown[property: "onSubmit"] else {
            Issue.record("a lone action under Beagle:simpleForm is not a list")
            return
        }
        #expect(actions.count == 1)
    }

    @Test("null members are left out; whitespace and a byte order mark are accepted")
    func nulls() throws {
        let node = try BeagleJSONReader().read("\u{FEFF} {\"_beagleComponent_\" : \"beagle:text\" , \"text\":\"a\", \"styleId\": null }\n")
        #expect(node == Text("a").node)
    }

    @Test(
        "Malformed JSON is a typed error with its line and column",
        arguments: [
            ("{", 1, 2), ("{\"a\":}", 1, 6), ("{\"a\" 1}", 1, 6), ("{\n  \"a\": tru\n}", 2, 8), ("[1]", 1, 1),
            ("{\"a\":1,}", 1, 8), ("{\"a\":\"\\x\"}", 1, 7), ("{\"a\":\"\u{1}\"}", 1, 7), ("{\"a\":01}", 1, 7),
            ("{\"a\":\"\\ud800\"}", 1, 13), ("{} x", 1, 4), ("", 1, 1), ("{\"a\":1e999}", 1, 6), ("{\"a\":-}", 1, 6),
        ] as [(String, Int, Int)]
    )
    func malformed(_ json: String, _ line: Int, _ column: Int) {
        #expect {
            try BeagleJSONReader().read(json)
        } throws: { error in
            guard let error = error as? BeagleJSONError else { return false }
            return error.line == line && error.column == column
        }
    }

    @Test("An object that names a member twice is a typed error at the second name, at any depth")
    func repeatedNames() {
        let error = #expect(throws: BeagleJSONError.self) {
            try BeagleJSONReader().read(#"{"_beagleComponent_":"beagle:text","text":"a","style":{"flex":{},"flex":{}}}"#)
        }
        #expect(error?.description == #"1:66: the member name "flex" again in one object"#)
        // The same name in two objects is no repeat.
        #expect(throws: Never.self) { try BeagleJSONReader().read(#"{"a":{"x":1},"b":{"x":1}}"#) }
    }

    @Test("Invalid UTF-8 is a typed error")
    func invalidUTF8() {
        let error = #expect(throws: BeagleJSONError.self) {
            try BeagleJSONReader().read([UInt8(ascii: "{"), UInt8(ascii: "\""), 0xC3, 0x28, UInt8(ascii: "\""), UInt8(ascii: ":"), UInt8(ascii: "1"), UInt8(ascii: "}")])
        }
        #expect(error?.description == "1:2: invalid UTF-8 in a string")
    }

    @Test("Deep nesting is a typed error, not a stack overflow")
    func deepNesting() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect {
            try BeagleJSONReader().read("{\"a\":" + deep + "}")
        } throws: { error in
            (error as? BeagleJSONError)?.reason.contains("deeper") == true
        }
        let nested = String(repeating: "{\"a\":", count: 200) + "1" + String(repeating: "}", count: 200)
        #expect(throws: Never.self) { try BeagleJSONReader().read(nested) }
    }

    @Test("An imported screen renders in every format")
    func anyFormat() throws {
        let node = try BeagleJSONReader().read(#"{"_beagleComponent_":"beagle:screenComponent","navigationBar":{"title":"Imported"},"child":{"_beagleComponent_":"beagle:text","text":"Beagle"}}"#)
        for format in ScreenFormat.allCases {
            let output = try format.render(node)
            #expect(output.contains("Imported") && output.contains("Beagle"), "\(format)")
        }
    }
}
