import ScreenRegistry

/// The rules of the screen XML dialect, shared by ``XMLRenderer`` and ``XMLReader``
/// so that what one writes the other reads back exactly.
///
/// See README.md, section "XML", for the dialect described for people.
public enum XMLDialect {
    /// The namespace of every element; the trailing number is the dialect's version.
    public static let namespace = "urn:screenregistry:screen:1"
    /// The namespace of custom components: `custom:badge` is `<custom:badge>`.
    public static let customNamespace = "urn:screenregistry:custom:1"
    /// The namespace of the few marker attributes (`sr:shape`, `sr:type`, `sr:strings`)
    /// that keep a round trip exact where the plain form would be ambiguous.
    public static let metaNamespace = "urn:screenregistry:meta:1"

    /// Built-in components written by their short name (`beagle:text` is `<text>`).
    static let components: Set<String> = [
        "screenComponent", "container", "text", "image", "button", "textInput",
        "listView", "scrollView", "touchable", "pageView", "tabBar", "webView",
    ]
    /// Built-in actions written by their short name (`beagle:pushView` is `<pushView>`).
    static let actions: Set<String> = [
        "pushView", "popView", "popToView", "pushStack", "popStack", "resetStack",
        "resetApplication", "openExternalURL", "openNativeRoute", "alert", "confirm",
        "sendRequest", "setContext",
    ]
    /// Element names with a fixed meaning in value position.
    static let valueElements: Set<String> = [
        "component", "action", "imagePath", "object", "list", "string", "int", "double", "bool",
        "local", "remote",
    ]
    /// Whether an element named `name` in the dialect's namespace is a value (a node
    /// or a list item) rather than a property element.
    static func isValueElement(_ name: String) -> Bool {
        components.contains(name) || actions.contains(name) || valueElements.contains(name)
    }

    /// Property names that hold lists in the built-in model: a wrapper of one element
    /// with one of these names is read as a list of one.
    static let listProperties: Set<String> = [
        "children", "onPress", "templates", "navigationBarItems", "onInit", "onChange",
        "onFocus", "onBlur", "onPageChange", "onTabSelection", "onPressOk", "onPressCancel",
        "onSuccess", "onError", "onFinish", "items",
    ]

    /// Names written as they are, as attribute or element names: ASCII
    /// `[A-Za-z_][A-Za-z0-9_.-]*`, not starting with `xml` in any case. Any other name
    /// takes the generic `<property name="…">` form.
    static func isPlainName(_ name: String) -> Bool {
        if let result = name.utf8.withContiguousStorageIfAvailable(isPlainName) { return result }
        return Array(name.utf8).withUnsafeBufferPointer(isPlainName)
    }

    private static func isPlainName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, isNameStart(first) else { return false }
        for byte in bytes.dropFirst() {
            guard isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2E || byte == 0x2D else {
                return false
            }
        }
        // Names starting with "xml", in any case, are reserved by XML.
        return !(bytes.count >= 3 && bytes[0] | 0x20 == 0x78 && bytes[1] | 0x20 == 0x6D && bytes[2] | 0x20 == 0x6C)
    }

    @inline(__always)
    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    /// How a typed node (component, action, image path) or a typed object is written.
    enum ElementName: Equatable {
        /// A built-in or image-path short name in the dialect's namespace.
        case short(String)
        /// `custom:<name>` in the custom namespace.
        case custom(String)
        /// `<component type="…">`, `<action type="…">`, `<imagePath type="…">`, `<object type="…">`.
        case generic(String)

        var qualified: String {
            switch self {
            case .short(let name), .generic(let name): name
            case .custom(let name): "custom:" + name
            }
        }
    }

    /// Full type names of the built-ins to their short element names, looked up once.
    private static let componentNames: [String: ElementName] = Dictionary(
        uniqueKeysWithValues: components.map { ("beagle:" + $0, .short($0)) })
    private static let actionNames: [String: ElementName] = Dictionary(
        uniqueKeysWithValues: actions.map { ("beagle:" + $0, .short($0)) })

    static func elementName(for node: Node) -> ElementName {
        switch node.kind {
        case .component:
            if let name = componentNames[node.type] { return name }
            if node.type.utf8.starts(with: "custom:".utf8) {
                let name = String(decoding: node.type.utf8.dropFirst(7), as: UTF8.self)
                if isPlainName(name) { return .custom(name) }
            }
            return .generic("component")
        case .action:
            return actionNames[node.type] ?? .generic("action")
        case .imagePath:
            if node.type == "local" || node.type == "remote" { return .short(node.type) }
            return .generic("imagePath")
        case .object:
            return .generic("object")
        }
    }

    /// The attribute a generic element reserves for its type, or a `property`
    /// element for its name; a property of that name is written as an element.
    static func reservedAttribute(for name: ElementName) -> String? {
        if case .generic = name { return "type" }
        return nil
    }

    // MARK: Scalars

    /// The text of a scalar: integers in decimal, numbers in Swift's shortest
    /// round-trip form (always with `.` or an exponent; `NaN`, `INF`, `-INF`),
    /// Booleans as `true` / `false`.
    static func text(of value: Node.Value) -> String? {
        switch value {
        case .string(let text): text
        case .int(let number): String(number)
        case .double(let number): format(number)
        case .bool(let flag): flag ? "true" : "false"
        case .node, .list: nil
        }
    }

    static func format(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-INF" : "INF" }
        return number.description
    }

    /// Reads a scalar's text the way it was written: the canonical text of a Boolean,
    /// an integer or a number is that scalar; anything else is a string. Strings that
    /// would read as something else carry a marker (`sr:strings`, `sr:type`).
    static func infer(_ text: String) -> Node.Value {
        guard let first = text.utf8.first, text.utf8.count <= 32 else { return .string(text) }
        switch first {
        case UInt8(ascii: "t") where text == "true": return .bool(true)
        case UInt8(ascii: "f") where text == "false": return .bool(false)
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "I"), UInt8(ascii: "N"):
            if let number = Int(text), String(number) == text { return .int(number) }
            if let number = parseDouble(text), format(number) == text { return .double(number) }
            return .string(text)
        default:
            return .string(text)
        }
    }

    static func parseDouble(_ text: String) -> Double? {
        switch text {
        case "NaN": .nan
        case "INF": .infinity
        case "-INF": -.infinity
        default: Double(text)
        }
    }

    /// Whether a string scalar's text reads back as another type.
    static func needsStringMarker(_ text: String) -> Bool {
        if case .string = infer(text) { return false }
        return true
    }

    static func typeName(of value: Node.Value) -> String {
        switch value {
        case .string: "string"
        case .int: "int"
        case .double: "double"
        case .bool: "bool"
        case .node: "node"
        case .list: "list"
        }
    }

    // MARK: Characters

    /// Whether `text` is only spaces, tabs and line breaks (indentation).
    static func isBlank(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }
    }

    /// Replaces the characters XML 1.0 forbids (U+0000–U+0008, U+000B, U+000C,
    /// U+000E–U+001F, U+FFFE, U+FFFF) by U+FFFD; returns `text` itself when it has none.
    static func sanitized(_ text: String) -> String {
        let clean = text.utf8.withContiguousStorageIfAvailable(isClean) ?? Array(text.utf8).withUnsafeBufferPointer(isClean)
        if clean { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
        }
        return String(result)
    }

    private static func isClean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x20 {
                if byte != 0x09 && byte != 0x0A && byte != 0x0D { return false }
            } else if byte == 0xEF && index + 2 < count && bytes[index + 1] == 0xBF
                        && (bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF) {
                return false
            }
            index += 1
        }
        return true
    }

    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x00..<0x20: false
        case 0xFFFE, 0xFFFF: false
        default: true
        }
    }
}
