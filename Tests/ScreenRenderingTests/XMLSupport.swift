import Foundation
import ScreenRegistry
@testable import ScreenRendering
import Testing

/// A small deterministic generator (SplitMix64), so failures reproduce from the seed.
struct XMLSeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Lists of two entries, each list in the template of the one above, `depth` deep: 2^depth
/// leaves, were every list expanded on the server.
func nestedLists(_ depth: Int) -> any Component {
    guard depth > 0 else { return Text("leaf") }
    return ListView(dataSource: .bind("pair"), context: Context(id: "pair", value: [0, 1])) { nestedLists(depth - 1) }
}

/// Strings that try to break XML: markup, quotes, CDATA ends, every control
/// character, the non-characters U+FFFE and U+FFFF, emoji, right-to-left text,
/// combining marks, and text that looks like another scalar type.
enum XMLHostile {
    static let controls = String(String.UnicodeScalarView((0x00...0x1F).compactMap(Unicode.Scalar.init)))
    static let strings: [String] = [
        "<", "&", "\"", "'", "]]>", "<![CDATA[x]]>", "&amp;", "&#0;", "<!-- -->", "<?pi?>",
        controls, "\u{FFFE}\u{FFFF}", "\u{7F}\u{80}\u{9F}", "\r\n\r", "\t tab ",
        "😀👩‍👩‍👧‍👦𝄞", "שלום עולם مرحبا", "e\u{301}\u{302}\u{303}", "\u{202E}evil\u{202C}",
        "", " ", "42", "-7", "1.5", "1e+20", "NaN", "INF", "true", "false", "007",
        "@{user.name}", "a\u{0}b", "x\u{2028}y",
    ]
    static let all = strings.joined(separator: "|")
    static let big = String(repeating: "<&>\"'😀]]>\u{1}", count: 100_000 / 12)
}

/// Random node trees: every kind, known and unknown types, hostile names and values,
/// duplicates, empty and one-item lists, nested lists, every scalar type.
struct XMLTreeGenerator {
    var random: XMLSeededGenerator
    var allowNaN = true

    init(seed: UInt64) { random = XMLSeededGenerator(seed: seed) }

    static let types: [(Node.Kind, String)] = [
        (.component, "beagle:text"), (.component, "beagle:container"), (.component, "beagle:button"),
        (.component, "beagle:image"), (.component, "custom:badge"), (.component, "custom:my-chip.v2"),
        (.component, "custom:"), (.component, "custom:a b"), (.component, "beagle:pushView"),
        (.component, "acme:thing"), (.component, ""), (.component, "beagle:unknown"),
        (.action, "beagle:pushView"), (.action, "beagle:alert"), (.action, "custom:track"),
        (.action, "beagle:text"), (.imagePath, "local"), (.imagePath, "remote"), (.imagePath, "weird"),
        (.object, ""), (.object, "typed-object"),
    ]
    static let names = [
        "text", "id", "title", "children", "child", "onPress", "style", "items", "value", "type", "name",
        "property", "object", "list", "string", "local", "container", "xmlns", "xml:lang", "a b", "1x",
        "_x", "x.y-z", "ünï", "", "sr:shape", "templates", "navigationBarItems",
    ]

    mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
    mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

    mutating func string() -> String {
        switch random.next() % 4 {
        case 0: pick(XMLHostile.strings)
        case 1: "plain \(random.next() % 1000)"
        case 2: pick(XMLHostile.strings) + pick(XMLHostile.strings)
        default: pick(["Hello", "User 42", "/profile/42", "#FFFFFF", "REAL"])
        }
    }

    mutating func scalar() -> Node.Value {
        switch random.next() % 4 {
        case 0: .string(string())
        case 1: .int(pick([0, 1, -1, 42, Int.max, Int.min, Int(truncatingIfNeeded: random.next())]))
        case 2:
            .double(pick([0.0, -0.0, 1.0, 0.1, 1e20, 1e-7, -2.5, .infinity, -.infinity,
                          allowNaN ? .nan : 3.0, Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF)]))
        default: .bool(chance(50))
        }
    }

    mutating func value(depth: Int) -> Node.Value {
        guard depth < 6 else { return scalar() }
        switch random.next() % 6 {
        case 0, 1: return scalar()
        case 2, 3: return .node(node(depth: depth + 1))
        default:
            let count = pick([0, 1, 1, 2, 3])
            var items: [Node.Value] = []
            for _ in 0..<count { items.append(value(depth: depth + 1)) }
            return .list(items)
        }
    }

    mutating func node(depth: Int = 0) -> Node {
        let (kind, type) = pick(Self.types)
        let count = Int(random.next() % (depth < 4 ? 6 : 3))
        var properties: [Node.Property] = []
        for _ in 0..<count {
            properties.append(.init(pick(Self.names), value(depth: depth)))
        }
        return Node(kind: kind, type: type, properties: properties)
    }
}

/// XML 1.0's `Char` production, written out from the specification (section 2.2), so
/// that what a test expects of a renderer is not computed by the renderer's own code:
/// `#x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]`.
enum XMLChar {
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// `text` with every character XML forbids replaced by U+FFFD.
    static func replacingForbidden(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { isAllowed($0) ? $0 : "\u{FFFD}" }))
    }
}
