import ScreenRegistry
import Testing

/// A component the library does not know.
struct Badge: Component {
    var count: Int
    var node: Node {
        Node(kind: .component, type: "custom:badge", properties: [.init("count", .int(count))])
    }
}

@Suite("The screen model and its result builder")
struct ModelTests {
    func texts(_ node: Node) -> [String] {
        var found: [String] = []
        func walk(_ value: Node.Value) {
            switch value {
            case .node(let child): visit(child)
            case .list(let items): items.forEach(walk)
            default: break
            }
        }
        func visit(_ node: Node) {
            if node.type == "beagle:text", case .string(let text)? = node[property: "text"] { found.append(text) }
            node.properties.forEach { walk($0.value) }
        }
        visit(node)
        return found
    }

    @Test("The builder handles if, if/else, for and optionals")
    func builder() {
        let flag = true
        let missing: Text? = nil
        let present: Text? = Text("present")
        let screen = Screen(title: "T") {
            Text("first")
            if flag { Text("if") }
            if !flag { Text("never") }
            if flag { Text("then") } else { Text("else") }
            for index in 0..<3 { Text("row \(index)") }
            missing
            present
            Container {
                for index in 0..<2 { Text("nested \(index)") }
            }
        }
        #expect(texts(screen.node) == [
            "first", "if", "then", "row 0", "row 1", "row 2", "present", "nested 0", "nested 1",
        ])
    }

    @Test("A block that starts with an if, an array or an optional, or runs past eight statements, keeps every component in order")
    func longBlock() {
        let flag = true
        let rows: [any Component] = [Text("array 0"), Text("array 1")]
        let screen = Screen {
            if flag { Text("if") }
            Text("1"); Text("2"); Text("3"); Text("4")
            rows
            Text("5"); Text("6"); Text("7"); Text("8"); Text("9")
        }
        #expect(texts(screen.node) == ["if", "1", "2", "3", "4", "array 0", "array 1", "5", "6", "7", "8", "9"])
        let built = Container { Text("a"); Text("b"); Text("c"); Text("d"); Text("e"); Text("f"); Text("g"); Text("h"); Text("i") }
        #expect(texts(built.node) == ["a", "b", "c", "d", "e", "f", "g", "h", "i"])
        // A block may also start with an array or an optional, and an if may follow one.
        let present: Text? = Text("optional")
        let startingWithArray = Container { rows; Text("after"); if flag { Text("if") } }
        #expect(texts(startingWithArray.node) == ["array 0", "array 1", "after", "if"])
        let startingWithOptional = Container { present; rows }
        #expect(texts(startingWithOptional.node) == ["optional", "array 0", "array 1"])
    }

    @Test("A screen with one component holds it as its child; several are wrapped in a container")
    func screenChild() {
        let one = Screen { Text("only") }.node
        guard case .node(let child)? = one[property: "child"] else {
            Issue.record("no child")
            return
        }
        #expect(child.type == "beagle:text")
        let many = Screen { Text("a"); Text("b") }.node
        guard case .node(let wrapper)? = many[property: "child"] else {
            Issue.record("no child")
            return
        }
        #expect(wrapper.type == "beagle:container")
        #expect(Screen {}.node[property: "child"] == nil)
    }

    @Test(
        "A node and a property value stay 34 bytes on a 64-bit machine: no field's padding is copied with every tree",
        .enabled(if: MemoryLayout<Int>.size == 8)
    )
    func nodeLayout() {
        // 16 (type) + 8 (properties) + 8 (fallback) + 1 (kind) + 1 (platforms); a one-byte
        // field declared before a pointer-aligned one would add seven bytes of padding.
        #expect(MemoryLayout<Node>.size == 34)
        #expect(MemoryLayout<Node.Value>.size == 34)
        #expect(MemoryLayout<Node.Property>.stride == 56)
    }

    @Test("Properties follow declaration order and absent values are left out")
    func propertyOrder() {
        let node = Text("Hi", styleId: "s", textColor: "#FF0000", alignment: .center).id("t1").node
        #expect(node.properties.map(\.name) == ["text", "styleId", "textColor", "alignment", "id"])
        #expect(Text("Hi").node.properties.map(\.name) == ["text"])
    }

    @Test("Actions map onto Beagle's")
    func actions() {
        #expect(Action.navigate(to: "/follow/42").node == Node(kind: .action, type: "beagle:pushView", properties: [
            .init("route", .node(.object([.init("url", .string("/follow/42"))]))),
        ]))
        #expect(Action.popView.node.type == "beagle:popView")
        let native = Action.openNativeRoute(route: "settings", data: ["b": "2", "a": "1"]).node
        #expect(native[property: "data"] == .node(.object([.init("a", .string("1")), .init("b", .string("2"))])))
        #expect(Action.alert(message: "Hi").node.properties.map(\.name) == ["message"])
        #expect(Action.openExternalURL("https://x.example").node[property: "url"] == .string("https://x.example"))
    }

    @Test("Custom components appear in the tree as they describe themselves")
    func customComponent() {
        let node = Screen { Badge(count: 3) }.node
        #expect(node[property: "child"] == .node(Badge(count: 3).node))
    }

    @Test("Style writes lengths as value and type, enumerations in UPPER_SNAKE")
    func style() {
        let style = Style(
            backgroundColor: "#FFFFFF", cornerRadius: 8, size: Size(width: .percent(50)),
            margin: .all(10), flex: Flex(flexDirection: .row, justifyContent: .spaceEvenly)
        )
        let node = style.node
        #expect(node.properties.map(\.name) == ["backgroundColor", "cornerRadius", "size", "margin", "flex"])
        #expect(node[property: "size"] == .node(.object([
            .init("width", .node(.object([.init("value", .double(50)), .init("type", .string("PERCENT"))]))),
        ])))
        #expect(Flex(justifyContent: .spaceEvenly).node[property: "justifyContent"] == .string("SPACE_EVENLY"))
    }

    @Test("A style's node follows every change to its fields, nested ones included")
    func styleNodeFollowsChanges() {
        var style = Style(flex: Flex(flexDirection: .row))
        style.backgroundColor = "#000000"
        style.flex?.grow = 2
        style.margin = .all(4)
        style.margin = nil
        let built = Style(backgroundColor: "#000000", flex: Flex(flexDirection: .row, grow: 2))
        #expect(style.node == built.node)
        #expect(style == built)
        #expect(style.node[property: "flex"] == .node(Flex(flexDirection: .row, grow: 2).node))
    }

    @Test("The same screen always gives the same tree")
    func deterministic() {
        func make() -> Node {
            Screen(title: "P") {
                Button("Go", action: .openNativeRoute(route: "r", data: Dictionary(uniqueKeysWithValues: (0..<20).map { ("k\($0)", "\($0)") })))
            }.node
        }
        #expect(make() == make())
    }
}
