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
    /// Static strings: the renderer hands them to libxml2 as they are.
    static let componentNames: [StaticString] = [
        "screenComponent", "container", "text", "image", "button", "textInput",
        "listView", "scrollView", "touchable", "pageView", "tabBar", "webView",
    ]
    /// Built-in actions written by their short name (`beagle:pushView` is `<pushView>`).
    static let actionNames: [StaticString] = [
        "pushView", "popView", "popToView", "pushStack", "popStack", "resetStack",
        "resetApplication", "openExternalURL", "openNativeRoute", "alert", "confirm",
        "sendRequest", "setContext",
    ]
    static let components: Set<String> = {
        assert(componentNames.allSatisfy { name in name.description.withUTF8Bytes { componentName($0)?.description == name.description } })
        return Set(componentNames.map(\.description))
    }()
    static let actions: Set<String> = {
        assert(actionNames.allSatisfy { name in name.description.withUTF8Bytes { actionName($0)?.description == name.description } })
        return Set(actionNames.map(\.description))
    }()

    // The renderer's lookups: a switch on the length, then a byte comparison with each
    // name of that length; no hashing, no array (the lists above stay the reference,
    // and the sets check in debug builds that these agree with them).

    /// The component among ``componentNames`` spelled by `name`.
    static func componentName(_ name: UnsafeBufferPointer<UInt8>) -> StaticString? {
        guard let bytes = name.baseAddress else { return nil }
        switch name.count {
        case 4: return either(bytes, "text")
        case 5: return either(bytes, "image")
        case 6: return either(bytes, "button", "tabBar")
        case 7: return either(bytes, "webView")
        case 8: return either(bytes, "listView", "pageView")
        case 9: return either(bytes, "container", "textInput", "touchable")
        case 10: return either(bytes, "scrollView")
        case 15: return either(bytes, "screenComponent")
        default: return nil
        }
    }

    /// The action among ``actionNames`` spelled by `name`.
    static func actionName(_ name: UnsafeBufferPointer<UInt8>) -> StaticString? {
        guard let bytes = name.baseAddress else { return nil }
        switch name.count {
        case 5: return either(bytes, "alert")
        case 7: return either(bytes, "popView", "confirm")
        case 8: return either(bytes, "pushView", "popStack")
        case 9: return either(bytes, "popToView", "pushStack")
        case 10: return either(bytes, "resetStack", "setContext")
        case 11: return either(bytes, "sendRequest")
        case 15: return either(bytes, "openExternalURL", "openNativeRoute")
        case 16: return either(bytes, "resetApplication")
        default: return nil
        }
    }

    /// The property among ``listPropertyNames`` spelled by `name`.
    static func listPropertyName(_ name: UnsafeBufferPointer<UInt8>) -> StaticString? {
        guard let bytes = name.baseAddress else { return nil }
        switch name.count {
        case 5: return either(bytes, "items")
        case 6: return either(bytes, "onInit", "onBlur")
        case 7: return either(bytes, "onPress", "onFocus", "onError")
        case 8: return either(bytes, "children", "onChange", "onFinish")
        case 9: return either(bytes, "templates", "onPressOk", "onSuccess")
        case 12: return either(bytes, "onPageChange")
        case 13: return either(bytes, "onPressCancel")
        case 14: return either(bytes, "onTabSelection")
        case 18: return either(bytes, "navigationBarItems")
        default: return nil
        }
    }

    /// The first of the names (all as long as the bytes at `bytes`) that the bytes spell.
    @inline(__always)
    private static func either(
        _ bytes: UnsafePointer<UInt8>, _ first: StaticString, _ second: StaticString? = nil, _ third: StaticString? = nil
    ) -> StaticString? {
        if sameBytes(first.utf8Start, bytes, first.utf8CodeUnitCount) { return first }
        if let second, sameBytes(second.utf8Start, bytes, second.utf8CodeUnitCount) { return second }
        if let third, sameBytes(third.utf8Start, bytes, third.utf8CodeUnitCount) { return third }
        return nil
    }
    /// Element names with a fixed meaning in value position.
    static let valueElements: Set<String> = [
        "component", "action", "imagePath", "object", "list", "string", "expression", "int", "double", "bool",
        "local", "remote",
    ]
    /// Whether an element named `name` in the dialect's namespace is a value (a node
    /// or a list item) rather than a property element.
    static func isValueElement(_ name: String) -> Bool {
        components.contains(name) || actions.contains(name) || valueElements.contains(name)
    }

    /// Property names that hold lists in the built-in model: a wrapper of one element
    /// with one of these names is read as a list of one.
    static let listPropertyNames: [StaticString] = [
        "children", "onPress", "templates", "navigationBarItems", "onInit", "onChange",
        "onFocus", "onBlur", "onPageChange", "onTabSelection", "onPressOk", "onPressCancel",
        "onSuccess", "onError", "onFinish", "items",
    ]
    static let listProperties: Set<String> = {
        assert(listPropertyNames.allSatisfy { name in
            name.description.withUTF8Bytes { listPropertyName($0)?.description == name.description }
        })
        return Set(listPropertyNames.map(\.description))
    }()

    /// Whether `name` is one of ``listPropertyNames`` (the renderer asks once per
    /// node-valued property).
    static func isListProperty(_ name: String) -> Bool {
        name.withUTF8Bytes { listPropertyName($0) != nil }
    }

    @inline(__always)
    static func sameBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        for index in 0..<count where a[index] != b[index] { return false }
        return true
    }

    /// Whether the bytes at `base` (at least `prefix.utf8CodeUnitCount` of them) start with `prefix`.
    @inline(__always)
    static func hasPrefix(_ base: UnsafePointer<UInt8>, _ prefix: StaticString) -> Bool {
        sameBytes(prefix.utf8Start, base, prefix.utf8CodeUnitCount)
    }

    /// Names written as they are, as attribute or element names: ASCII
    /// `[A-Za-z_][A-Za-z0-9_.-]*`, not starting with `xml` in any case. Any other name
    /// takes the generic `<property name="…">` form.
    static func isPlainName(_ name: String) -> Bool {
        name.withUTF8Bytes(isPlainName)
    }

    static func isPlainName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard count > 0, let base = bytes.baseAddress, isNameByte(base[0], Self.nameStartMask) else { return false }
        var index = 1
        while index < count {
            guard isNameByte(base[index], Self.nameMask) else { return false }
            index += 1
        }
        // Names starting with "xml", in any case, are reserved by XML.
        return !(count >= 3 && base[0] | 0x20 == 0x78 && base[1] | 0x20 == 0x6D && base[2] | 0x20 == 0x6C)
    }

    /// Bytes allowed in a plain name, as two 64-bit masks (bytes 0–63, bytes 64–127):
    /// `[A-Za-z_]` to start, `[A-Za-z0-9_.-]` after.
    private static var nameStartMask: (UInt64, UInt64) { (0, 0x07FF_FFFE_87FF_FFFE) }
    private static var nameMask: (UInt64, UInt64) { (0x03FF_6000_0000_0000, 0x07FF_FFFE_87FF_FFFE) }

    @inline(__always)
    private static func isNameByte(_ byte: UInt8, _ mask: (UInt64, UInt64)) -> Bool {
        byte < 64 ? (mask.0 >> UInt64(byte)) & 1 != 0 : byte < 128 && (mask.1 >> UInt64(byte - 64)) & 1 != 0
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

    static func elementName(for node: Node) -> ElementName {
        switch node.kind {
        case .component, .action:
            if let name = builtinName(for: node) { return .short(name.description) }
            if let name = customName(for: node) { return .custom(name) }
            return .generic(node.kind == .action ? "action" : "component")
        case .imagePath:
            if node.type == "local" || node.type == "remote" { return .short(node.type) }
            return .generic("imagePath")
        case .object:
            return .generic("object")
        }
    }

    /// The short name of a built-in component or action (`beagle:text` → `text`).
    static func builtinName(for node: Node) -> StaticString? {
        let isComponent: Bool
        switch node.kind {
        case .component: isComponent = true
        case .action: isComponent = false
        case .object, .imagePath: return nil
        }
        return node.type.withUTF8Bytes { bytes in
            guard bytes.count > 7, let base = bytes.baseAddress, hasPrefix(base, "beagle:") else { return nil }
            let name = UnsafeBufferPointer(rebasing: bytes[7...])
            return isComponent ? componentName(name) : actionName(name)
        }
    }

    /// The local name of a custom component written in the custom namespace
    /// (`custom:badge` → `badge`), if it is a plain name.
    static func customName(for node: Node) -> String? {
        guard node.kind == .component else { return nil }
        return node.type.withUTF8Bytes { bytes in
            guard bytes.count > 7, let base = bytes.baseAddress, hasPrefix(base, "custom:") else { return nil }
            let name = UnsafeBufferPointer(rebasing: bytes[7...])
            return isPlainName(name) ? String(decoding: name, as: UTF8.self) : nil
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
        case .expression(let expression): expression.source
        case .int(let number): String(number)
        case .double(let number): format(number)
        case .bool(let flag): flag ? "true" : "false"
        case .node, .list: nil
        }
    }

    static func format(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-INF" : "INF" }
        if let whole = number.wholeValue { return String(whole) + ".0" }
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

    /// Whether a string scalar's text reads back as another type: `infer(text)` is not
    /// `.string`, decided without building the value (the renderer asks for every
    /// string attribute).
    static func needsStringMarker(_ text: String) -> Bool {
        guard let first = text.utf8.first, text.utf8.count <= 32 else { return false }
        switch first {
        case UInt8(ascii: "t"): return text == "true"
        case UInt8(ascii: "f"): return text == "false"
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "I"), UInt8(ascii: "N"):
            if let number = Int(text), String(number) == text { return true }
            if let number = parseDouble(text), format(number) == text { return true }
            return false
        default:
            return false
        }
    }

    static func typeName(of value: Node.Value) -> String {
        switch value {
        case .string: "string"
        case .expression: "expression"
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
        if text.withUTF8Bytes(isClean) { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
        }
        return String(result)
    }

    /// Whether `bytes` hold no character XML 1.0 forbids. Eight bytes at a time while
    /// none is below U+0020 or is 0xEF (the lead byte of U+FFFE and U+FFFF); byte by
    /// byte from the first word that has one.
    static func isClean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let control = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
            let lead = word ^ 0xEFEF_EFEF_EFEF_EFEF
            let ef = (lead &- 0x0101_0101_0101_0101) & ~lead & 0x8080_8080_8080_8080
            if control | ef != 0 { break }
            index += 8
        }
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
