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

/// 20,000 texts of up to `count` pieces each, drawn from `pieces` by a fixed sequence.
private func randomTexts(of pieces: [String], upTo count: Int, seed: UInt64) -> [String] {
    var state = seed
    func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }
    return (0..<20_000).map { _ in (0..<next(count + 1)).map { _ in pieces[next(pieces.count)] }.joined() }
}

/// The reader's rule the slow way, for comparison: from every `@{` after an even run of
/// backslashes, a search to the `}` that closes it (quoted strings `'…'` skipped, a
/// backslash in them escaping the next byte); an `@{` that nothing closes is text.
private func partsReadSlowly(_ source: String) -> [BeagleExpression.Part] {
    let bytes = Array(source.utf8)
    func close(from start: Int) -> Int? {
        var index = start
        var quoted = false
        while index < bytes.count {
            switch (bytes[index], quoted) {
            case (UInt8(ascii: "}"), false): return index
            case (UInt8(ascii: "'"), _): quoted.toggle()
            case (UInt8(ascii: "\\"), true): index += 1
            default: break
            }
            index += 1
        }
        return nil
    }
    var parts: [BeagleExpression.Part] = []
    var text: [UInt8] = []
    var index = 0
    while index < bytes.count {
        var end = index
        while end < bytes.count, bytes[end] == UInt8(ascii: "\\") { end += 1 }
        guard end + 1 < bytes.count, bytes[end] == UInt8(ascii: "@"), bytes[end + 1] == UInt8(ascii: "{") else {
            text += bytes[index..<min(end + 1, bytes.count)]
            index = end + 1
            continue
        }
        text += Array(repeating: UInt8(ascii: "\\"), count: (end - index) / 2)
        if (end - index) % 2 == 0, let close = close(from: end + 2) {
            parts += [.text(String(decoding: text, as: UTF8.self)), .binding(String(decoding: bytes[(end + 2)..<close], as: UTF8.self))]
            text = []
            index = close + 1
        } else {
            text += Array("@{".utf8)
            index = end + 2
        }
    }
    return parts + [.text(String(decoding: text, as: UTF8.self))]
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
        for input in randomTexts(of: pieces, upTo: 15, seed: 2026) {
            let escaped = BeagleExpression.escaped(input)
            #expect(clientReading(escaped) == input, "\(input.debugDescription)")
            #expect(!webClientEvaluates(escaped), "\(input.debugDescription)")
            #expect(BeagleExpression(source: escaped).literalText == input, "\(input.debugDescription)")
        }
    }

    @Test("Reading a source gives the parts a search from every @{ to its end gives, with many @{ that nothing closes")
    func readingUnclosed() {
        // Few closing braces and many quotes: most searches fail, which the reader
        // remembers instead of repeating.
        let pieces = ["@{", "@{", "@{", "'", "\\", "}", "a", "x'", "\\'"]
        for source in randomTexts(of: pieces, upTo: 23, seed: 27) {
            #expect(BeagleExpression(source: source) == BeagleExpression(parts: partsReadSlowly(source)), "\(source.debugDescription)")
        }
        let unclosed = String(repeating: "@{", count: 5_000) + "'}" + "@{a}"
        #expect(BeagleExpression(source: unclosed) == BeagleExpression(parts: partsReadSlowly(unclosed)))
        #expect(BeagleExpression(source: unclosed).parts.last == .binding("a"))
        // A quote that nothing closes after every @{: each search went to the end, in
        // quoted text a failed search did not remember (minutes at this size).
        let quoted = String(repeating: #"@{\'"#, count: 100_000)
        #expect(BeagleExpression(source: quoted).literalText == quoted)
        for closing in ["}", "'}", "''}", "\\'}"] {
            let source = String(repeating: #"@{'\'"#, count: 3) + closing + String(repeating: #"@{\'"#, count: 3) + closing
            #expect(BeagleExpression(source: source) == BeagleExpression(parts: partsReadSlowly(source)), "\(source)")
        }
        // Many empty bindings, each text: joined in place, not copied once for each.
        let empty = String(repeating: "@{}", count: 100_000)
        #expect(BeagleExpression(source: empty).literalText == empty)
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

    @Test("An expression is the same however it is built: parts joined, text alone held as text")
    func builtAlike() {
        let texts: [BeagleExpression] = [
            "ab", BeagleExpression("ab"), BeagleExpression(parts: [.text("a"), .text(""), .text("b")]), "a\("b")",
        ]
        for expression in texts {
            #expect(expression == BeagleExpression("ab") && expression.hashValue == BeagleExpression("ab").hashValue)
            #expect(expression.parts == [.text("ab")] && expression.literalText == "ab")
        }
        for empty in [BeagleExpression(""), BeagleExpression(parts: []), BeagleExpression(parts: [.text("")]), "\("")"] {
            #expect(empty == "" && empty.parts.isEmpty && empty.literalText == "")
        }
        let bound: BeagleExpression = "a\(bind: "x")b\("c")"
        #expect(bound == BeagleExpression(parts: [.text("a"), .binding("x"), .text("b"), .text("c")]))
        #expect(bound.parts == [.text("a"), .binding("x"), .text("bc")] && bound.literalText == nil)
        let nested: BeagleExpression = "<\(BeagleExpression.bind("x"))\(BeagleExpression("y"))>"
        #expect(nested.parts == [.text("<"), .binding("x"), .text("y>")])
        // A binding that cannot be one joins the text around it.
        let broken = BeagleExpression(parts: [.text("a"), .binding("}"), .text("b")])
        #expect(broken == BeagleExpression("a@{}}b") && broken.parts == [.text("a@{}}b")])
        // Text after a binding is joined as it comes, however many pieces it comes in.
        let long = BeagleExpression(source: "@{a}" + String(repeating: "@{}", count: 100_000))
        #expect(long.parts == [.binding("a"), .text(String(repeating: "@{}", count: 100_000))])
    }
}
