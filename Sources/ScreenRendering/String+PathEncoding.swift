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
            guard let first = bytes.indices.first(where: { Self.mustEncode(bytes, at: $0, &hasFragment) }) else { return self }
            let hex = Array("0123456789ABCDEF".utf8)
            var encoded: [UInt8] = []
            encoded.reserveCapacity(bytes.count + 8)
            encoded.append(contentsOf: bytes[..<first])
            hasFragment = bytes[..<first].contains(UInt8(ascii: "#"))
            for index in first..<bytes.count {
                let byte = bytes[index]
                if Self.mustEncode(bytes, at: index, &hasFragment) {
                    encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                } else {
                    encoded.append(byte)
                }
            }
            return String(decoding: encoded, as: UTF8.self)
        }
    }

    /// Whether the byte at `index` may not stand as it is in a URL; `hasFragment` says
    /// whether a `#` came before, and becomes true at the first.
    private static func mustEncode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ hasFragment: inout Bool) -> Bool {
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
