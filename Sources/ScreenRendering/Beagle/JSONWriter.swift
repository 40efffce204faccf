/// Writes JSON tokens straight into a byte buffer, compact or indented.
struct JSONWriter: ~Copyable {
    /// What is written so far.
    var output = OutputBuffer(capacity: 4096)
    let pretty: Bool
    private var depth = 0
    /// Whether the container being written has no member yet.
    private var isFirst = true

    init(pretty: Bool) {
        self.pretty = pretty
    }

    /// A writer of its own in the same state, with the same bytes. Every stored property is
    /// copied: one added here must be added to the copy.
    func copy() -> JSONWriter {
        var copy = JSONWriter(pretty: pretty)
        copy.output = output.copy()
        copy.depth = depth
        copy.isFirst = isFirst
        return copy
    }

    mutating func beginObject() {
        output.append(UInt8(ascii: "{"))
        depth += 1
        isFirst = true
    }

    mutating func endObject() {
        close(UInt8(ascii: "}"))
    }

    mutating func beginArray() {
        output.append(UInt8(ascii: "["))
        depth += 1
        isFirst = true
    }

    mutating func endArray() {
        close(UInt8(ascii: "]"))
    }

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if pretty && !isFirst { newline() }
        output.append(bracket)
        isFirst = false
    }

    /// Starts an object member: separator, indentation, `"key":`.
    mutating func key(escaping name: String) {
        separate()
        string(name)
        output.append(UInt8(ascii: ":"))
        if pretty { output.append(UInt8(ascii: " ")) }
    }

    /// Starts an object member whose key is a plain word of the writer's caller (ASCII
    /// letters, digits, `_`): written as it is, with nothing to look for.
    mutating func key(_ name: StaticString) {
        if pretty {
            separate()
            output.append(UInt8(ascii: "\""))
            output.append(name)
            output.append(UInt8(ascii: "\""))
            output.append(UInt8(ascii: ":"))
            output.append(UInt8(ascii: " "))
        } else {
            let comma = !isFirst
            name.withBytes { output.appendKey($0, comma: comma) }
        }
        isFirst = false
    }

    /// Starts an array element.
    mutating func element() {
        separate()
    }

    private mutating func separate() {
        if !isFirst { output.append(UInt8(ascii: ",")) }
        if pretty { newline() }
        isFirst = false
    }

    private mutating func newline() {
        output.append(UInt8(ascii: "\n"))
        for _ in 0..<depth {
            output.append(UInt8(ascii: " "))
            output.append(UInt8(ascii: " "))
        }
    }

    mutating func raw(_ text: StaticString) {
        output.append(text)
        isFirst = false
    }

    /// A string of the writer's caller with nothing to escape (a word such as `vertical`),
    /// written as it is.
    mutating func word(_ text: StaticString) {
        output.append(UInt8(ascii: "\""))
        output.append(text)
        output.append(UInt8(ascii: "\""))
        isFirst = false
    }

    /// An integer in decimal, its digits written straight into the output.
    mutating func int(_ number: Int) {
        if number < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var divisor: UInt = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            output.append(UInt8(ascii: "0") + UInt8(magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        }
        isFirst = false
    }

    /// A double always carries a `.` or an exponent, so it reads back as a double.
    /// JSON has no infinities or NaN: those are written as `null`.
    mutating func double(_ number: Double) {
        guard number.isFinite else {
            raw("null")
            return
        }
        if let whole = number.wholeValue {
            int(whole)
            raw(".0")
            return
        }
        var text = number.description
        text.withUTF8 { output.append($0) }
        isFirst = false
    }

    private static let hex: StaticString = "0123456789abcdef"

    /// The bytes ``string(_:)`` writes for `text`, quotes included, without writing them.
    static func quotedSize(_ text: String) -> Int {
        text.withUTF8Bytes { bytes in
            var size = bytes.count + 2
            var index = 0
            while true {
                index = firstCandidate(in: bytes, from: index)
                guard index < bytes.count else { return size }
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): size += 1
                case 0..<0x20: size += 5
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    size += 3
                    index += 2
                case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF:
                    size += 3
                    index += 2
                default: break
                }
                index += 1
            }
        }
    }

    /// The index of the first byte from `start` on that may start something to escape: a
    /// control byte, `"`, `\`, or any byte of a non-ASCII character (among which U+2028,
    /// U+2029 and U+FEFF start); `bytes.count` when there is none.
    ///
    /// Most text has nothing to escape, so it is read eight bytes at a time: a word has a
    /// candidate exactly when one of these bit tests sets a byte's high bit (a byte below
    /// 0x20, a byte equal to `"` or `\`, a byte with its own high bit set).
    static func firstCandidate(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = bytes.count
        var index = start
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            let ones: UInt64 = 0x0101_0101_0101_0101
            while index + 8 <= count {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let quote = word ^ (ones &* 0x22)
                let backslash = word ^ (ones &* 0x5C)
                let below20 = (word &- ones &* 0x20) & ~word
                let isQuote = (quote &- ones) & ~quote
                let isBackslash = (backslash &- ones) & ~backslash
                if (below20 | isQuote | isBackslash | word) & (ones &* 0x80) != 0 { break }
                index += 8
            }
        }
        while index < count {
            let byte = bytes[index]
            // Below 0x20 or from 0x80 on, in one comparison: below 0x20 wraps around.
            if byte &- 0x20 >= 0x60 || byte == 0x22 || byte == 0x5C { return index }
            index += 1
        }
        return count
    }

    /// A quoted string; `"`, `\`, control characters, U+2028, U+2029 and U+FEFF are escaped.
    mutating func string(_ text: String) {
        output.append(UInt8(ascii: "\""))
        text.withUTF8Bytes { bytes in
            var runStart = 0
            var index = 0
            let count = bytes.count
            while true {
                index = Self.firstCandidate(in: bytes, from: index)
                guard index < count else { break }
                let byte = bytes[index]
                var length = 1
                let escaped: StaticString
                switch byte {
                case UInt8(ascii: "\""): escaped = #"\""#
                case UInt8(ascii: "\\"): escaped = #"\\"#
                case UInt8(ascii: "\n"): escaped = #"\n"#
                case UInt8(ascii: "\r"): escaped = #"\r"#
                case UInt8(ascii: "\t"): escaped = #"\t"#
                case 0..<0x20: escaped = #"\u00"#
                case 0xE2 where index + 2 < count && bytes[index + 1] == 0x80
                    && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    // U+2028 and U+2029 end lines in JavaScript.
                    escaped = bytes[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#
                    length = 3
                case 0xEF where index + 2 < count && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF:
                    // U+FEFF, which some decoders strip as a byte order mark.
                    escaped = #"\ufeff"#
                    length = 3
                default:
                    index += 1
                    continue
                }
                output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                output.append(escaped)
                if byte < 0x20 && escaped.utf8CodeUnitCount == 4 {
                    Self.hex.withUTF8Buffer { hex in
                        output.append(hex[Int(byte >> 4)])
                        output.append(hex[Int(byte & 0xF)])
                    }
                }
                index += length
                runStart = index
            }
            output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
        }
        output.append(UInt8(ascii: "\""))
        isFirst = false
    }

    /// The URL `scheme://path`, quoted, percent-encoded as it is written
    /// (``OutputBuffer/appendPercentEncoded(_:hasFragment:)``): what that encoding leaves
    /// holds no `"`, `\` or control byte, so nothing is left to escape for JSON.
    mutating func percentEncodedURL(scheme: UnsafeBufferPointer<UInt8>, path: UnsafeBufferPointer<UInt8>) {
        output.append(UInt8(ascii: "\""))
        var hasFragment = false
        output.appendPercentEncoded(scheme, hasFragment: &hasFragment)
        output.append("://")
        output.appendPercentEncoded(path, hasFragment: &hasFragment)
        output.append(UInt8(ascii: "\""))
        isFirst = false
    }
}
