import ScreenRegistry
import Testing

/// The clients' rule, written here apart from the library's own reader: in a run of
/// backslashes before `@{`, each pair is one backslash; an odd run makes the `@{` text,
/// an even one (zero included) opens an expression. Returns the text a client shows,
/// or `nil` when it would evaluate something.
private func clientReading(_ source: String) -> String? {
    let bytes = Array(source.utf8)
    var shown: [UInt8] = []
    var index = 0
    while index < bytes.count {
        var end = index
        while end < bytes.count, bytes[end] == UInt8(ascii: "\\") { end += 1 }
        if end + 1 < bytes.count, bytes[end] == UInt8(ascii: "@"), bytes[end + 1] == UInt8(ascii: "{") {
            let run = end - index
            guard run % 2 == 1 else { return nil }
            shown += Array(repeating: UInt8(ascii: "\\"), count: run / 2) + Array("@{".utf8)
            index = end + 2
        } else {
            shown += bytes[index..<min(end + 1, bytes.count)]
            index = end + 1
        }
    }
    return String(decoding: shown, as: UTF8.self)
}

/// Beagle's web client: expressions are the matches of its published pattern, and a
/// match with an even run of backslashes before it is evaluated.
private func webClientEvaluates(_ source: String) -> Bool {
    let pattern = /(\\*)@\{(([^'\}]|('([^'\\]|\\.)*'))*)\}/
    return source.matches(of: pattern).contains { $0.output.1.count % 2 == 0 }
}

@Suite("Beagle expressions: data stays text")
struct ExpressionEscapingTests {
    @Test(
        "0 to 5 backslashes before @{, unterminated and nested @{: escaped exactly",
        arguments: [
            (#"@{x}"#, #"\@{x}"#),
            (#"\@{x}"#, #"\\\@{x}"#),
            (#"\\@{x}"#, #"\\\\\@{x}"#),
            (#"\\\@{x}"#, #"\\\\\\\@{x}"#),
            (#"\\\\@{x}"#, #"\\\\\\\\\@{x}"#),
            (#"\\\\\@{x}"#, #"\\\\\\\\\\\@{x}"#),
            (#"@{x"#, #"\@{x"#),
            (#"a @{ b"#, #"a \@{ b"#),
            (#"@{a@{b}}"#, #"\@{a\@{b}}"#),
            (#"@{'}'}"#, #"\@{'}'}"#),
            (#"@@{x}"#, #"@\@{x}"#),
            (#"a\b @ { } \"#, #"a\b @ { } \"#),
            ("", ""),
        ])
    func table(input: String, escaped: String) {
        #expect(BeagleExpression.escaped(input) == escaped)
        #expect(clientReading(escaped) == input)
        #expect(!webClientEvaluates(escaped))
        #expect(BeagleExpression(source: escaped).literalText == input)
    }

    @Test("Random strings: the client shows them exactly and evaluates nothing")
    func randomStrings() {
        let pieces = ["\\", "\\\\", "@", "{", "}", "@{", "'", "a", " ", "é", "\u{0}"]
        var state: UInt64 = 2026
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<20_000 {
            let input = (0..<next(16)).map { _ in pieces[next(pieces.count)] }.joined()
            let escaped = BeagleExpression.escaped(input)
            #expect(clientReading(escaped) == input, "\(input.debugDescription)")
            #expect(!webClientEvaluates(escaped), "\(input.debugDescription)")
            #expect(BeagleExpression(source: escaped).literalText == input, "\(input.debugDescription)")
        }
    }

    @Test("Bindings are explicit, and text beside them stays text")
    func bindings() {
        #expect(BeagleExpression.bind("user.name").source == "@{user.name}")
        let mixed: BeagleExpression = "Hi \(bind: "user.name"), \(#"\@{x}"#)"
        #expect(mixed.source == #"Hi @{user.name}, \\\@{x}"#)
        #expect(BeagleExpression(source: mixed.source) == mixed)
        // Backslashes right before a binding are doubled, so the binding stays live.
        let slash = BeagleExpression(parts: [.text(#"a\"#), .binding("x")])
        #expect(slash.source == #"a\\@{x}"#)
        #expect(BeagleExpression(source: slash.source) == slash)
        // A body that would not read back as itself stays text: nothing else is evaluated.
        let broken = BeagleExpression.bind("x} @{secret")
        #expect(broken.literalText == "@{x} @{secret}")
        #expect(!webClientEvaluates(broken.source) && clientReading(broken.source) == "@{x} @{secret}")
        #expect(BeagleExpression.bind("").literalText == "@{}")
        #expect(BeagleExpression.bind("eq(a, '}')").source == "@{eq(a, '}')}")
    }
}
