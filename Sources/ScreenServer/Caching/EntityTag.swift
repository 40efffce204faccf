/// Strong entity tags over response bodies, and `If-None-Match` matching.
///
/// The tag is the body's length and its 64-bit FNV-1a hash, in hex:
/// `"1a2-9f3c…"`. It depends only on the bytes, so every instance of the service
/// gives the same tag for the same body, and any HTTP cache can revalidate with it.
public enum EntityTag {
    /// The quoted strong tag for `body`, such as `"1a2-cbf29ce484222325"`.
    public static func strong(for body: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return "\"" + String(body.count, radix: 16) + "-" + String(hash, radix: 16) + "\""
    }

    /// Whether an `If-None-Match` value matches `tag`: `*`, or a listed tag equal to it
    /// under the weak comparison RFC 9110 requires for `If-None-Match` (a `W/` prefix
    /// is ignored).
    public static func ifNoneMatch(_ header: String, matches tag: String) -> Bool {
        let wanted = opaque(tag)
        for element in header.split(separator: ",") {
            let candidate = element.trimmingSpaces
            if candidate == "*" { return true }
            if opaque(candidate) == wanted { return true }
        }
        return false
    }

    private static func opaque<S: StringProtocol>(_ tag: S) -> Substring {
        let text = Substring(tag)
        return text.hasPrefix("W/") ? text.dropFirst(2) : text
    }
}
