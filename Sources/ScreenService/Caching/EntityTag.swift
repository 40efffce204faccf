/// Strong entity tags over response bodies, and `If-None-Match` matching.
///
/// The tag is the body's length and its 64-bit FNV-1a hash, in hex:
/// `"1a2-9f3c…"`. It depends only on the bytes, so every instance of the service
/// gives the same tag for the same body, and any HTTP cache can revalidate with it.
public enum EntityTag {
    /// The quoted strong tag for `body`, such as `"1a2-cbf29ce484222325"`.
    public static func strong(for body: [UInt8]) -> String {
        let hash = body.withUnsafeBufferPointer { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            return hash
        }
        // `"<length in hex>-<hash in hex>"`, lower case, no leading zeros, written in one
        // go: at most 2 + 16 + 1 + 16 bytes.
        return String(unsafeUninitializedCapacity: 35) { buffer in
            var count = 0
            func append(_ byte: UInt8) {
                buffer[count] = byte
                count += 1
            }
            func appendHex(_ value: UInt64) {
                var shift = max(0, (63 - value.leadingZeroBitCount) / 4 * 4)
                while shift >= 0 {
                    let digit = UInt8(truncatingIfNeeded: (value >> UInt64(shift)) & 0xF)
                    append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
                    shift -= 4
                }
            }
            append(UInt8(ascii: "\""))
            appendHex(UInt64(body.count))
            append(UInt8(ascii: "-"))
            appendHex(hash)
            append(UInt8(ascii: "\""))
            return count
        }
    }

    /// Whether an `If-None-Match` value matches `tag`: `*` alone, or a listed tag equal to
    /// it under the weak comparison RFC 9110 requires for `If-None-Match` (a `W/` prefix
    /// is ignored). A `*` in a list is not the field's grammar (`"*" / #entity-tag`) and
    /// matches nothing, so a malformed field never turns a `200` into a `304`.
    public static func ifNoneMatch(_ header: String, matches tag: String) -> Bool {
        if header.trimmingSpaces == "*" { return true }
        let wanted = opaque(tag)
        for element in header.split(separator: ",") where opaque(element.trimmingSpaces) == wanted {
            return true
        }
        return false
    }

    private static func opaque<S: StringProtocol>(_ tag: S) -> Substring {
        let text = Substring(tag)
        return text.hasPrefix("W/") ? text.dropFirst(2) : text
    }
}
