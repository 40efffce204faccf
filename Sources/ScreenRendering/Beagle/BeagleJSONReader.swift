import ScreenRegistry

/// Why a Beagle JSON document could not be read.
public struct BeagleJSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line of the problem.
    public var line: Int
    /// 1-based column (in bytes) of the problem.
    public var column: Int
    /// What is wrong.
    public var reason: String

    public var description: String {
        "\(line):\(column): \(reason)"
    }
}

/// Reads Beagle JSON into the uniform tree, so existing Beagle screens can be
/// brought in and rendered in any format.
///
/// Type names are read as Beagle's clients read them: Beagle's
/// own in any case in their canonical spelling (`BEAGLE:TEXT` reads as `beagle:text`),
/// the `beagle:` and `custom:` namespaces in any case, a name without one as `custom:`;
/// types this library does not know are kept, as the app's own. `null` members are left out. Malformed JSON, an
/// object that names a member twice, and nesting deeper than ``maximumDepth`` are typed
/// errors with a position, never a crash or a stack overflow.
public struct BeagleJSONReader: Sendable {
    /// The deepest nesting of objects and arrays accepted.
    public var maximumDepth: Int
    /// The largest document accepted, in bytes.
    public var maximumSize: Int

    /// Creates a reader.
    public init(maximumDepth: Int = 256, maximumSize: Int = 16 << 20) {
        self.maximumDepth = maximumDepth
        self.maximumSize = maximumSize
    }

    /// Reads a document whose top level is a component (usually `beagle:screenComponent`).
    public func read(_ text: String) throws(BeagleJSONError) -> Node {
        try read(Array(text.utf8))
    }

    /// Reads a document from UTF-8 bytes.
    public func read(_ bytes: [UInt8]) throws(BeagleJSONError) -> Node {
        guard bytes.count <= maximumSize else {
            throw BeagleJSONError(line: 1, column: 1, reason: "the document is larger than \(maximumSize) bytes")
        }
        var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
        let value = try parser.parseDocument()
        guard case .object(let members) = value else {
            throw BeagleJSONError(line: 1, column: 1, reason: "the document is not a JSON object")
        }
        return node(from: members)
    }

    private func node(from members: [(String, JSONValue)]) -> Node {
        // Beagle's Kotlin backend marks a component for a platform by wrapping it,
        // `{"beaglePlatform": "IOS", "child": {…}}`, before it prunes for a client
        // (beagle-backend, BeaglePlatformUtil): read back as the child with its mark.
        if members.count == 2, case .string(let name)? = members.first(where: { $0.0 == "beaglePlatform" })?.1,
            case .object(let child)? = members.first(where: { $0.0 == "child" })?.1
        {
            var node = node(from: child)
            node.platforms = name.uppercased() == "ALL" ? .all : Platforms(name: name) ?? .all
            return node
        }
        var kind = Node.Kind.object
        var type = ""
        var properties: [Node.Property] = []
        for (key, value) in members {
            if case .string(let name) = value, let typeKind = Self.typeKeys[key], kind == .object, type.isEmpty {
                kind = typeKind
                type = typeKind == .imagePath ? name.lowercased() : Self.canonicalType(name)
                continue
            }
            if let converted = convert(value) { properties.append(.init(key, converted)) }
        }
        if type.hasPrefix("beagle:") { Self.listLoneActions(in: &properties) }
        return Node(kind: kind, type: type, properties: properties)
    }

    /// Beagle's own types hold actions in lists only (`onPress`, `onInit`, `onPressOk`, …):
    /// a lone action there is read as a list of one, as Beagle's web client reads it
    /// (beagle-web-core, `render/action.ts`), so that every format gets it. Beagle's
    /// Android and iOS clients fail the whole screen on an object there (a `List<Action>`
    /// through Moshi's list adapter; `[Action]` from an unkeyed container). A custom
    /// type's properties are the app's own, and stay as they are.
    private static func listLoneActions(in properties: inout [Node.Property]) {
        for index in properties.indices {
            if case .node(let value) = properties[index].value, value.kind == .action {
                properties[index].value = .list([properties[index].value])
            }
        }
    }

    private func convert(_ value: JSONValue) -> Node.Value? {
        switch value {
        // A string is read as Beagle's clients read it: escaped `@{` is text, a live one a binding.
        case .string(let text):
            Self.value(of: BeagleExpression(source: text))
        case .expression(let expression): .expression(expression)
        case .int(let number): .int(number)
        case .double(let number): .double(number)
        case .bool(let flag): .bool(flag)
        case .null: nil
        case .array(let items): .list(items.compactMap(convert))
        case .object(let members): .node(node(from: members))
        }
    }

    /// Text as it is when it binds nothing, else the expression.
    private static func value(of expression: BeagleExpression) -> Node.Value {
        expression.literalText.map(Node.Value.string) ?? .expression(expression)
    }

    private static let typeKeys: [String: Node.Kind] = [
        "_beagleComponent_": .component, "_beagleAction_": .action, "_beagleImagePath_": .imagePath,
    ]

    /// Beagle's own type names, without their `beagle:` namespace.
    static let beagleTypeNames = [
        "screenComponent", "container", "text", "button", "image", "textInput", "listView", "scrollView",
        "touchable", "pageView", "tabBar", "webView", "lazyComponent", "pageIndicator", "gridView",
        "pushView", "pushStack", "popView", "popStack", "popToView", "resetApplication", "resetStack",
        "openExternalURL", "openNativeRoute", "alert", "confirm", "setContext", "sendRequest", "condition",
        "addChildren", "submitForm",
    ]

    /// Beagle's own type names, by their lowercased form.
    private static let knownTypes = Dictionary(uniqueKeysWithValues: beagleTypeNames.map { ("beagle:" + $0.lowercased(), "beagle:" + $0) })

    /// `name` as the rest of the library compares types, exactly: Beagle's own types as
    /// Beagle spells them; Beagle's clients compare a namespace in any case and read a name
    /// without one as the app's own, so `Beagle:simpleForm` is `beagle:simpleForm`, and
    /// `CUSTOM:badge` and `badge` are `custom:badge`, for the fit and every renderer alike
    /// (so that no two types share a DivKit action's `log_id` or a text line). Another
    /// namespace (`acme:chart`) keeps its spelling.
    static func canonicalType(_ name: String) -> String {
        let lowercased = name.lowercased()
        if let known = knownTypes[lowercased] { return known }
        guard !name.isEmpty else { return name }
        guard let colon = name.firstIndex(of: ":") else { return Node.qualifiedType(name) }
        let namespace = name[..<colon].lowercased()
        guard namespace == "beagle" || namespace == "custom" else { return name }
        return namespace + name[colon...]
    }
}

/// A strict JSON parser (RFC 8259) over bytes, with positions and a depth limit.
struct JSONParser {
    let bytes: [UInt8]
    let maximumDepth: Int
    var index = 0
    var depth = 0

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    mutating func parseDocument() throws(BeagleJSONError) -> JSONValue {
        // A UTF-8 byte order mark is tolerated.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw failure("unexpected content after the document") }
        return value
    }

    func failure(_ reason: String, at position: Int? = nil) -> BeagleJSONError {
        let position = min(position ?? index, bytes.count)
        var line = 1, lineStart = 0
        for offset in 0..<position where bytes[offset] == UInt8(ascii: "\n") {
            line += 1
            lineStart = offset + 1
        }
        return BeagleJSONError(line: line, column: position - lineStart + 1, reason: reason)
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(BeagleJSONError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw failure("unexpected end of the document") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("unexpected character")
        }
    }

    private mutating func literal(_ word: StaticString) throws(BeagleJSONError) {
        let expected = word.withUTF8Buffer { Array($0) }
        guard bytes.count - index >= expected.count, Array(bytes[index..<(index + expected.count)]) == expected else {
            throw failure("unexpected character")
        }
        index += expected.count
    }

    private mutating func enter() throws(BeagleJSONError) {
        depth += 1
        guard depth <= maximumDepth else { throw failure("nesting deeper than \(maximumDepth) levels") }
    }

    private mutating func parseObject() throws(BeagleJSONError) -> JSONValue {
        try enter()
        index += 1
        var members: [(String, JSONValue)] = []
        // Each name once: JSON leaves a repeated one to each reader (the first, the last,
        // an error), so one document would be a different screen from client to client.
        var names: Set<String> = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a member name") }
            let keyStart = index
            let key = try parseString()
            guard names.insert(key).inserted else { throw failure("the member name \"\(key)\" again in one object", at: keyStart) }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            members.append((key, try parseValue()))
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of the document") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return .object(members)
            } else {
                throw failure("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray() throws(BeagleJSONError) -> JSONValue {
        try enter()
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(items)
        }
        while true {
            items.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of the document") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return .array(items)
            } else {
                throw failure("expected ',' or ']'")
            }
        }
    }

    private mutating func parseNumber() throws(BeagleJSONError) -> JSONValue {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, Self.isDigit(bytes[index]) else { throw failure("invalid number", at: start) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw failure("invalid number", at: start) }
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw failure("invalid number", at: start) }
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let number = Int(text) { return .int(number) }
        guard let number = Double(text), number.isFinite else { throw failure("number out of range", at: start) }
        return .double(number)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private mutating func parseString() throws(BeagleJSONError) -> String {
        let start = index
        index += 1
        var buffer: [UInt8] = []
        var runStart = index
        while true {
            guard index < bytes.count else { throw failure("unterminated string", at: start) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                buffer.append(contentsOf: bytes[runStart..<index])
                index += 1
                break
            }
            if byte < 0x20 { throw failure("control character in a string") }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            buffer.append(contentsOf: bytes[runStart..<index])
            index += 1
            guard index < bytes.count else { throw failure("unterminated string", at: start) }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): buffer.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hexQuad()
                if (0xD800..<0xDC00).contains(scalar) {
                    // A high surrogate must be followed by an escaped low surrogate.
                    guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else { throw failure("unpaired surrogate in a string") }
                    index += 2
                    let low = try hexQuad()
                    guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate in a string") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw failure("unpaired surrogate in a string")
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw failure("invalid escape") }
                buffer.append(contentsOf: String(Character(unicode)).utf8)
            default:
                throw failure("invalid escape", at: index - 2)
            }
            runStart = index
        }
        guard let string = String(validating: buffer, as: UTF8.self) else {
            throw failure("invalid UTF-8 in a string", at: start)
        }
        return string
    }

    private mutating func hexQuad() throws(BeagleJSONError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw failure("invalid \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("invalid \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
