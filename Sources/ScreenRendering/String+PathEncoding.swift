extension String {
    /// The path with every byte that a URL may not hold as it is percent-encoded: spaces
    /// and control bytes, `"<>\^{|}` and a backtick, and the bytes of non-ASCII characters.
    /// The rest stays as it is, `%` included, so that a path encoded already is not
    /// encoded twice. A URL parser deletes a tab or a line break wherever it is, and iOS's
    /// `URL(string:)` before iOS 17 refuses the rest (the action that carries it is lost).
    var percentEncodingURLUnsafeBytes: String {
        // Read in place: most paths have nothing to encode, and every link is checked.
        guard withUTF8Bytes({ $0.contains(where: Self.isURLUnsafe) }) else { return self }
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(utf8.count + 8)
        for byte in utf8 {
            if Self.isURLUnsafe(byte) {
                encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            } else {
                encoded.append(byte)
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// Whether `byte` is one that RFC 3986 allows nowhere in a URL.
    private static func isURLUnsafe(_ byte: UInt8) -> Bool {
        switch byte {
        case 0...0x20, 0x7F...0xFF: true
        case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), UInt8(ascii: "^"),
            UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"):
            true
        default: false
        }
    }
}
