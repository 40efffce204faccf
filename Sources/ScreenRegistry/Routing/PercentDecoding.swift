/// Percent-decoding on raw UTF-8, without Foundation: the hot path of every lookup.
enum PercentDecoding {
    /// Why a component could not be decoded.
    enum Failure: Error {
        case malformedEscape
        case invalidUTF8
    }

    /// Decodes `bytes`; with `plusAsSpace`, `+` becomes a space (query rules).
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>.SubSequence, plusAsSpace: Bool
    ) throws(Failure) -> String {
        var needsWork = false
        for byte in bytes where byte == UInt8(ascii: "%") || (plusAsSpace && byte == UInt8(ascii: "+")) {
            needsWork = true
            break
        }
        // The input came from a Swift string cut at ASCII bytes, so it is valid UTF-8.
        guard needsWork else { return String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self) }

        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard bytes.endIndex - index >= 3,
                    let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
                else { throw .malformedEscape }
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        guard let string = String(validating: out, as: UTF8.self) else { throw .invalidUTF8 }
        return string
    }

    /// Decodes every well-formed escape of `bytes` and keeps the rest as it is: what a
    /// lenient browser or proxy would make of them, for safety checks.
    static func decodeLeniently(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }

    /// Percent-encodes the bytes of `string` that `keep` rejects.
    static func encode(_ string: String, keeping keep: (UInt8) -> Bool) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(string.utf8.count)
        for byte in string.utf8 {
            if keep(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
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
