/// Strong entity tags over response bodies, and `If-None-Match` matching.
///
/// The tag is the body's length and a 64-bit hash of its bytes, in hex: `"1a2-9f3c…"`.
/// It depends only on the bytes, so every instance of the service gives the same tag for
/// the same body, and any HTTP cache can revalidate with it.
public enum EntityTag {
    /// The quoted strong tag for `body`: for a body of 1,699 bytes, `"6a3-"` and 16 hex
    /// digits at most.
    public static func strong(for body: [UInt8]) -> String {
        let hash = body.withUnsafeBufferPointer(Self.hash)
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

    /// The bytes' hash, read eight at a time: a body is hashed on every rendered request,
    /// and a byte at a time (FNV-1a) cost a JSON request 2.3 k instructions more
    /// (BENCHMARKS.md, "HTTP service"). Each step (add the word times a prime, rotate, multiply by another) is
    /// one-to-one in the state and in the word, as is the final mix, so two bodies of the
    /// same length that differ in one byte never get the same hash. The primes and the
    /// mix are xxHash64's.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
        let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        func mixed(_ state: UInt64, _ word: UInt64) -> UInt64 {
            let sum = state &+ word &* prime2
            return ((sum << 31) | (sum >> 33)) &* prime1
        }
        var state: UInt64 = 0x2732_0D9C_3E1F_5A4B
        var index = 0
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            while index + 8 <= bytes.count {
                state = mixed(state, base.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian)
                index += 8
            }
        }
        while index < bytes.count {
            state = mixed(state, UInt64(bytes[index]))
            index += 1
        }
        state ^= state >> 33
        state = state &* prime2
        state ^= state >> 29
        state = state &* 0x1656_67B1_9E37_79F9
        state ^= state >> 32
        return state
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
