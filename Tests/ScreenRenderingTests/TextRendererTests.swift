import Foundation
import ScreenRegistry
import ScreenRendering
import Screens
import Testing

private struct Chip: Component {
    var label: String
    var node: Node {
        Node(kind: .component, type: "custom:chip", properties: [
            .init("label", .string(label)),
            .init("onPress", .list([.node(Action.popView.node)])),
        ])
    }
}

@Suite("TextRenderer")
struct TextRendererTests {
    @Test(
        "Catalog screens match their golden files",
        arguments: [
            ("/profile/42?tab=likes", "profile.txt"), ("/text", "text.txt"), ("/home", "home.txt"),
            ("/home/dashboard", "dashboard.txt"), ("/products", "products.txt"),
            ("/payment?product=p1", "payment.txt"), ("/login", "login.txt"),
        ]
    )
    func golden(_ path: String, _ file: String) async throws {
        let screen = try await Catalog.registry.screen(for: path, context: TrustedContext(session: "s1"))
        try GoldenFile.check(try TextRenderer().render(screen), file)
    }

    @Test("Beagle's documentation example renders as a title over a text")
    func textScreen() async throws {
        let output = try TextRenderer().render(try await Catalog.registry.screen(for: "/text"))
        #expect(output == """
            screenComponent
            ├─ navigationBar: title="Text Screen"
            └─ child: text text="Beagle"

            """)
    }

    @Test("Every property and action is shown, nested with box drawing")
    func structure() throws {
        let screen = Screen(title: "T", showBackButton: true) {
            Button("Go", enabled: false, onPress: [.navigate(to: "/a"), .alert(title: "Hi", message: "there")])
            Image(named: "logo")
        }
        #expect(try TextRenderer().render(screen) == """
            screenComponent
            ├─ navigationBar: title="T" showBackButton=true
            └─ child: container
               ├─ button text="Go" enabled=false
               │  ├─ onPress: pushView
               │  │  └─ route: url="/a"
               │  └─ onPress: alert title="Hi" message="there"
               └─ image
                  └─ path: local mobileId="logo"

            """)
    }

    @Test("Custom components are written without the renderer knowing them")
    func custom() throws {
        let output = try TextRenderer().render(Screen { Chip(label: "new") })
        #expect(output.contains("└─ child: custom:chip label=\"new\""))
        #expect(output.contains("   └─ onPress: popView"))
    }

    @Test("Hostile strings stay on one line, quoted and escaped")
    func hostileStrings() throws {
        let hostile = "a\"b\\c\nd\re\tf\u{0}g\u{1F}h\u{7F}i\u{2028}j</x>&🙂"
        let output = try TextRenderer().render(Screen(title: hostile) { Text(hostile) })
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4)
        let escaped = #""a\"b\\c\nd\re\tf\u{0}g\u{1F}h\u{7F}i\u{2028}j</x>&🙂""#
        #expect(lines[1] == "├─ navigationBar: title=\(escaped)")
        #expect(lines[2] == "└─ child: text text=\(escaped)")
    }

    @Test("A character to escape is escaped when the text holds no other; other text stays as it is", arguments: zip(
        ["\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\u{2028}", "\u{2029}", "©", "€"],
        [#"\""#, #"\\"#, #"\n"#, #"\r"#, #"\t"#, #"\u{0}"#, #"\u{1B}"#, #"\u{7F}"#, #"\u{85}"#, #"\u{9B}"#, #"\u{2028}"#, #"\u{2029}"#, "©", "€"]
    ))
    func loneCharacter(character: String, written: String) {
        // `©` and `€` share their lead bytes with the C1 controls and the line separators.
        let node = Node(kind: .component, type: "beagle:text", properties: [.init("text", .string("a" + character + "é"))])
        #expect(TextRenderer().render(node) == #"text text="a\#(written)é""# + "\n")
    }

    @Test("Hostile types, property names and labels stay on one line too, escaped as values are")
    func hostileNames() {
        let hostile = "x\u{1B}[2Jy\nfake: line\u{9B}z"
        let node = Node(kind: .component, type: "custom:" + hostile, properties: [
            .init(hostile, .string("v")), .init("k" + hostile, .node(.object([.init("a", .int(1))]))),
            .init("items", .list([.string("s")])),
        ])
        let lines = TextRenderer().render(node).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4)
        let escaped = #"x\u{1B}[2Jy\nfake: line\u{9B}z"#
        #expect(lines[0] == #"custom:\#(escaped) \#(escaped)="v""#)
        #expect(lines[1] == "├─ k\(escaped): a=1")
        #expect(lines[2] == #"└─ items: "s""#)
    }

    @Test("Rendering is deterministic")
    func deterministic() async throws {
        let first = try TextRenderer().render(try await Catalog.registry.screen(for: "/products"))
        for _ in 0..<5 {
            #expect(try TextRenderer().render(try await Catalog.registry.screen(for: "/products")) == first)
        }
    }
}
