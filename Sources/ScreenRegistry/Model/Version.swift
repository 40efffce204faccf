/// A version number such as `2.0` or `30.4.1`: an app's, or a client library's.
///
/// Compared part by part, missing parts as zeros (`2` equals `2.0`). Versions come from
/// requests, so reading one never fails loudly: anything but one to four dot-separated
/// numbers of at most nine digits is no version (`nil`).
public struct Version: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The numbers, most significant first, without trailing zeros.
    public let parts: [Int]

    /// Reads `text` such as `2.0` or `30.4.1`; `nil` for anything else.
    public init?(_ text: String) {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(pieces.count) else { return nil }
        var parts: [Int] = []
        for piece in pieces {
            guard (1...9).contains(piece.utf8.count), piece.utf8.allSatisfy({ (48...57).contains($0) }),
                let number = Int(piece)
            else { return nil }
            parts.append(number)
        }
        while parts.count > 1, parts.last == 0 { parts.removeLast() }
        self.parts = parts
    }

    public static func < (lhs: Version, rhs: Version) -> Bool {
        for index in 0..<max(lhs.parts.count, rhs.parts.count) {
            let left = index < lhs.parts.count ? lhs.parts[index] : 0
            let right = index < rhs.parts.count ? rhs.parts[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    /// The version written with at least two parts: `2.0`, `30.4.1`.
    public var description: String {
        (parts.count == 1 ? parts + [0] : parts).map(String.init).joined(separator: ".")
    }
}
