extension String {
    /// The path with every byte that a URL may not hold as it is percent-encoded: spaces
    /// and control bytes, `"<>\^{|}[]` and a backtick, the bytes of non-ASCII characters,
    /// a `%` that starts no escape (two hex digits) and a `#` after the first. The rest
    /// stays as it is, escapes included, so that a path encoded already is not encoded
    /// twice. A URL parser deletes a tab or a line break wherever it is, and iOS's
    /// `URL(string:)` before iOS 17 refuses the rest (the action that carries it is lost).
    var percentEncodingURLUnsafeBytes: String {
        withUTF8Bytes { bytes in
            // Read in place: most paths have nothing to encode, and every link is checked.
            var hasFragment = false
            guard bytes.indices.contains(where: { Self.mustEncode(bytes, at: $0, &hasFragment) }) else { return self }
            var encoded = OutputBuffer(capacity: bytes.count + 8)
            hasFragment = false
            encoded.appendPercentEncoded(bytes, hasFragment: &hasFragment)
            return encoded.text(in: 0..<encoded.count)
        }
    }

    /// Whether the byte at `index` may not stand as it is in a URL; `hasFragment` says
    /// whether a `#` came before, and becomes true at the first.
    fileprivate static func mustEncode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ hasFragment: inout Bool) -> Bool {
        switch bytes[index] {
        case 0...0x20, 0x7F...0xFF: return true
        case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), UInt8(ascii: "^"),
            UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"):
            return true
        case UInt8(ascii: "%"):
            return !(index + 2 < bytes.count && isHexDigit(bytes[index + 1]) && isHexDigit(bytes[index + 2]))
        case UInt8(ascii: "#"):
            defer { hasFragment = true }
            return hasFragment
        default: return false
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }
}

extension OutputBuffer {
    /// Appends `bytes` with what a URL may not hold as it is percent-encoded, by the rules
    /// of ``Swift/String/percentEncodingURLUnsafeBytes``. `hasFragment` says whether a `#`
    /// came before, so that a URL can be written in parts (a scheme, then a path).
    mutating func appendPercentEncoded(_ bytes: UnsafeBufferPointer<UInt8>, hasFragment: inout Bool) {
        let hex: StaticString = "0123456789ABCDEF"
        var runStart = 0
        for index in bytes.indices where String.mustEncode(bytes, at: index, &hasFragment) {
            append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            let byte = bytes[index]
            append(UInt8(ascii: "%"))
            hex.withUTF8Buffer { hex in
                append(hex[Int(byte >> 4)])
                append(hex[Int(byte & 0xF)])
            }
            runStart = index + 1
        }
        append(UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
}
