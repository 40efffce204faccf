extension String {
    /// The path with its spaces and control bytes percent-encoded, the rest as it is (so
    /// that a path encoded already is not encoded twice): a URL parser deletes a tab or a
    /// line break wherever it is, and iOS's `URL(string:)` refuses a space.
    var encodingSpacesAndControls: String {
        // Read in place: most paths have nothing to encode, and every link is checked.
        guard withUTF8Bytes({ $0.contains(where: Self.needsEncoding) }) else { return self }
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(utf8.count + 8)
        for byte in utf8 {
            if Self.needsEncoding(byte) {
                encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            } else {
                encoded.append(byte)
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    private static func needsEncoding(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte == 0x7F
    }
}
