/// Text, attribute values and URLs made safe for HTML, whatever the string holds: what
/// ``HTMLRenderer`` writes with, for pages that embed its output.
public enum HTMLEscaping {
    /// Character data: `&`, `<` and `>` escaped, and characters HTML forbids (controls
    /// other than tab, newline and return; noncharacters) replaced by U+FFFD.
    public static func text(_ text: String) -> String {
        escape(text, quotes: false)
    }

    /// A quoted attribute value: as ``text(_:)``, quotes too.
    public static func attribute(_ text: String) -> String {
        escape(text, quotes: true)
    }

    private static func escape(_ text: String, quotes: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            case "'" where quotes: result += "&#39;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                let forbidden = value < 0x20 || (0x7F...0x9F).contains(value) || (0xFDD0...0xFDEF).contains(value)
                    || value & 0xFFFE == 0xFFFE
                result.unicodeScalars.append(forbidden ? "\u{FFFD}" : scalar)
            }
        }
        return result
    }

    /// A web address from data, or `nil` unless it is `http` or `https` and holds no space
    /// or control character: never `javascript:`, `data:` or another scheme.
    public static func webAddress(_ url: String) -> String? {
        url.isWebAddress ? url : nil
    }

    /// An in-app path from a route, below `base`, or `nil` unless it is a relative path
    /// that starts with one `/` and holds no backslash, space or control character, and
    /// no `.` or `..` segment: a browser resolves those (`%2e` too), so `/../routes`
    /// below `/preview` would leave it, and the app refuses such a path anyway.
    public static func appPath(_ path: String, base: String) -> String? {
        let bytes = Array(path.utf8)
        guard bytes.first == UInt8(ascii: "/"), bytes.count < 2 || bytes[1] != UInt8(ascii: "/"),
            !bytes.contains(where: { $0 == UInt8(ascii: "\\") || $0 <= 0x20 || $0 == 0x7F })
        else { return nil }
        // Segment by segment, in place: every link of a page is checked.
        let pathPart = bytes.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        var start = pathPart.startIndex
        while start < pathPart.endIndex {
            let end = pathPart[start...].firstIndex(of: UInt8(ascii: "/")) ?? pathPart.endIndex
            if isDotSegment(pathPart[start..<end]) { return nil }
            start = end + 1
        }
        return base + path
    }

    /// Whether a segment is one a URL parser reads as `.` or `..`: dots, each written as
    /// it is or as `%2e` (either case).
    private static func isDotSegment(_ segment: ArraySlice<UInt8>) -> Bool {
        var rest = segment[...]
        var dots = 0
        while let first = rest.first {
            if first == UInt8(ascii: ".") {
                rest = rest.dropFirst()
            } else if rest.count >= 3, first == UInt8(ascii: "%"), rest.dropFirst().first == UInt8(ascii: "2"),
                      rest.dropFirst(2).first.map({ $0 | 0x20 == UInt8(ascii: "e") }) == true {
                rest = rest.dropFirst(3)
            } else {
                return false
            }
            dots += 1
        }
        return dots == 1 || dots == 2
    }
}
