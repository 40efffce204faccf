/// Percent-encoding on UTF-8 bytes: the one decoder of the project, for path segments,
/// query items (the service's own among them) and pattern literals.
enum PercentDecoding {
    /// Why bytes could not be decoded.
    enum Failure: Error {
        case malformedEscape
        case invalidUTF8
    }

    /// Decodes `bytes`; with `plusAsSpace` (the query's rule 3), `+` is a space.
    static func decode(_ bytes: Span<UInt8>, plusAsSpace: Bool) throws(Failure) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
                else { throw .malformedEscape }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        guard let string = String(validating: decoded, as: UTF8.self) else { throw .invalidUTF8 }
        return string
    }

    /// Decodes every well-formed escape of `bytes` and keeps the rest as it is: what a
    /// lenient browser or proxy would make of them, for safety checks.
    static func decodeLeniently(_ bytes: [UInt8]) -> [UInt8] {
        var decoded: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return decoded
    }

    /// Percent-encodes the bytes of `string` that `keep` rejects.
    static func encode(_ string: String, keeping keep: (UInt8) -> Bool) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        for byte in string.utf8 {
            if keep(byte) {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
