/// Beagle's expression syntax: escaping literal text, and reading a string the way a
/// client does.
///
/// The clients' rule (ARCHITECTURE.md, "Trust"): `@{` after an odd number of
/// backslashes is text, after an even number (zero included) it opens an expression;
/// in the run of backslashes before `@{`, each pair is one literal backslash.
/// Backslashes anywhere else are text. Beagle's web client finds expressions with the
/// pattern `(\\*)@\{(([^'\}]|('([^'\\]|\\.)*'))*)\}`; Android and iOS decide by the
/// same parity.
extension BeagleExpression {
    /// `text` escaped so that a Beagle client shows it exactly and evaluates nothing:
    /// every `@{` with `k` backslashes before it gets `2k + 1`.
    ///
    /// Every `@{` is escaped, also one that no `}` closes: iOS and DivKit's tokenizers
    /// decide by parity alone, so an `@{` left bare inside another could open an
    /// expression there.
    public static func escaped(_ text: String) -> String {
        guard containsExpressionStart(text.utf8) else { return text }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 8)
        var run = 0  // backslashes at the end of `output`
        for index in bytes.indices {
            if isExpressionStart(bytes, at: index) {
                output.append(contentsOf: repeatElement(UInt8(ascii: "\\"), count: run + 1))
                run = 0
            } else {
                run = bytes[index] == UInt8(ascii: "\\") ? run + 1 : 0
            }
            output.append(bytes[index])
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Reads `source` by the clients' rule: text, escaped `@{` made text, and the
    /// expressions a client would evaluate as bindings. An `@{` that no `}` closes is
    /// text. `BeagleExpression(source: escaped(text))` gives `text` back, for any text.
    public init(source: String) {
        let bytes = Array(source.utf8)
        var parts: [Part] = []
        var text: [UInt8] = []
        var unclosed = UnclosedPlaces()
        var index = 0
        while index < bytes.count {
            var end = index
            while end < bytes.count, bytes[end] == UInt8(ascii: "\\") { end += 1 }
            guard Self.isExpressionStart(bytes, at: end) else {
                // Backslashes not before `@{` are text, as is everything else.
                text.append(contentsOf: bytes[index...min(end, bytes.count - 1)])
                index = end + 1
                continue
            }
            let run = end - index
            text.append(contentsOf: repeatElement(UInt8(ascii: "\\"), count: run / 2))
            if run % 2 == 0, let close = Self.expressionEnd(bytes, from: end + 2, unclosed: &unclosed) {
                parts.append(.text(String(decoding: text, as: UTF8.self)))
                text.removeAll()
                parts.append(.binding(String(decoding: bytes[(end + 2)..<close], as: UTF8.self)))
                index = close + 1
            } else {
                text.append(contentsOf: [UInt8(ascii: "@"), UInt8(ascii: "{")])
                index = end + 2
            }
        }
        parts.append(.text(String(decoding: text, as: UTF8.self)))
        self.init(parts: parts)
    }

    /// Whether `body` written as `@{body}` reads back as one expression with this body.
    static func isBindingBody(_ body: String) -> Bool {
        let bytes = Array(body.utf8) + [UInt8(ascii: "}")]
        var unclosed = UnclosedPlaces()
        return !body.isEmpty && expressionEnd(bytes, from: 0, unclosed: &unclosed) == bytes.count - 1
    }

    /// Where searches for an expression's end have failed: each place with whether the
    /// search was inside a quoted string there. A search that gets to a place in the same
    /// state fails too, since it goes on from there as the failed one did. So a text of
    /// many `@{` that nothing closes, or whose quotes nothing closes, is read in linear
    /// time, not searched to its end once for each. Nothing is allocated until a search
    /// fails.
    private struct UnclosedPlaces {
        /// One bit a state: 1 outside a quoted string, 2 inside one.
        private var marked: [UInt8] = []

        func contains(_ index: Int, quoted: Bool) -> Bool {
            index < marked.count && marked[index] & Self.bit(quoted) != 0
        }

        /// Marks `index` in that state; returns `false` when it was marked already.
        mutating func mark(_ index: Int, quoted: Bool, of count: Int) -> Bool {
            if marked.isEmpty { marked = Array(repeating: 0, count: count) }
            guard index < marked.count, marked[index] & Self.bit(quoted) == 0 else { return false }
            marked[index] |= Self.bit(quoted)
            return true
        }

        private static func bit(_ quoted: Bool) -> UInt8 {
            quoted ? 2 : 1
        }
    }

    /// Whether `@{` starts at `index`.
    private static func isExpressionStart(_ bytes: [UInt8], at index: Int) -> Bool {
        index + 1 < bytes.count && bytes[index] == UInt8(ascii: "@") && bytes[index + 1] == UInt8(ascii: "{")
    }

    /// The index of the `}` that closes an expression whose body starts at `start`: the
    /// body is any bytes but `'` and `}`, and quoted strings `'…'` in which a backslash
    /// escapes the next byte. `nil` when nothing closes it; then the places the search
    /// went through are added to `unclosed`.
    private static func expressionEnd(_ bytes: [UInt8], from start: Int, unclosed: inout UnclosedPlaces) -> Int? {
        if let close = searchEnd(bytes, from: start, stoppingAt: { unclosed.contains($0, quoted: $1) }) { return close }
        // The same search again, marking: it stops where an earlier failed one went.
        _ = searchEnd(bytes, from: start, stoppingAt: { !unclosed.mark($0, quoted: $1, of: bytes.count) })
        return nil
    }

    /// The search of ``expressionEnd(_:from:unclosed:)``, which gives up at the first
    /// place, inside a quoted string or not, for which `stop` is true.
    private static func searchEnd(_ bytes: [UInt8], from start: Int, stoppingAt stop: (_ index: Int, _ quoted: Bool) -> Bool) -> Int? {
        var index = start
        var quoted = false
        while index < bytes.count, !stop(index, quoted) {
            switch (quoted, bytes[index]) {
            case (false, UInt8(ascii: "}")):
                return index
            case (_, UInt8(ascii: "'")):
                quoted.toggle()
                index += 1
            case (true, UInt8(ascii: "\\")):
                index += 2
            default:
                index += 1
            }
        }
        return nil
    }

    /// Whether the bytes `@{` occur: most texts have none, and a byte scan says so
    /// without building anything.
    public static func containsExpressionStart(_ utf8: String.UTF8View) -> Bool {
        // A native string's bytes are contiguous: scanned as a buffer, not byte by byte
        // through the view.
        utf8.withContiguousStorageIfAvailable(containsExpressionStart) ?? Array(utf8).withUnsafeBufferPointer(containsExpressionStart)
    }

    private static func containsExpressionStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Every string written is checked, and almost none has a `{`: looked for alone.
        var index = 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "{"), bytes[index - 1] == UInt8(ascii: "@") { return true }
            index += 1
        }
        return false
    }
}
