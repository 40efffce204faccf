internal import CLibXML2
import ScreenRegistry

/// Reads a document of the screen dialect (what ``XMLRenderer`` writes) back into
/// the uniform `Node` tree, with libxml2.
///
/// `XMLRenderer().render(try XMLReader().read(xml))` gives back `xml` byte for byte
/// whenever `xml` came from `XMLRenderer` with the same settings. Scalar types come
/// back from their text: the canonical text of a Boolean, an integer or a number is
/// that scalar, and strings that look like one carry the `sr:strings` / `sr:type`
/// marker. Scalar properties read back before structured ones (XML keeps attributes
/// apart from elements), and a Text's character data is its first property.
///
/// Untrusted input is safe: no network, no DTD, no entity expansion (any
/// `<!DOCTYPE` is refused), a byte limit and a depth limit. Every failure is an
/// ``XMLReadError`` with a line and a column; the reader never traps.
public struct XMLReader: Sendable {
    /// The largest document accepted, in bytes.
    public var maxBytes: Int
    /// The deepest element nesting accepted (libxml2 itself stops at 256).
    public var maxDepth: Int

    /// Creates a reader with these limits.
    public init(maxBytes: Int = 16 * 1024 * 1024, maxDepth: Int = 256) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
    }

    /// Reads a document held in a string.
    public func read(_ xml: String) throws(XMLReadError) -> Node {
        var xml = xml
        let result: Result<Node, XMLReadError> = xml.withUTF8 { buffer in
            Result { () throws(XMLReadError) -> Node in try read(bytes: UnsafeRawBufferPointer(buffer)) }
        }
        return try result.get()
    }

    /// Reads a document from raw bytes (any encoding the XML declaration names).
    public func read(bytes: UnsafeRawBufferPointer) throws(XMLReadError) -> Node {
        let document = try SafeParser.parse(bytes, maxBytes: maxBytes)
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document) else {
            throw XMLReadError(.notInDialect, line: 1, column: 1, message: "the document has no root element")
        }
        let walker = TreeWalker(document: document, maxDepth: maxDepth)
        let value = try walker.value(root, depth: 1)
        guard case .node(let node) = value else {
            throw walker.error(root, "the root element must be a node, not a list or a scalar")
        }
        return node
    }
}

/// The walk from libxml2's tree to nodes.
private struct TreeWalker {
    let document: xmlDocPtr
    let maxDepth: Int

    typealias Element = xmlNodePtr

    func error(_ element: Element, _ message: String) -> XMLReadError {
        XMLReadError(.notInDialect, line: max(Int(xmlGetLineNo(element)), 0), column: 0, message: message)
    }

    func localName(_ element: Element) -> String {
        element.pointee.name.map { String(cString: $0) } ?? ""
    }

    func namespace(_ element: Element) -> String? {
        element.pointee.ns?.pointee.href.map { String(cString: $0) }
    }

    /// The attributes in document order: (namespace, name, value).
    func attributes(_ element: Element) -> [(namespace: String?, name: String, value: String)] {
        var result: [(String?, String, String)] = []
        var attribute = element.pointee.properties
        while let current = attribute {
            let name = current.pointee.name.map { String(cString: $0) } ?? ""
            let namespace = current.pointee.ns?.pointee.href.map { String(cString: $0) }
            var value = ""
            if let child = current.pointee.children, child.pointee.next == nil,
               child.pointee.type == XML_TEXT_NODE, let content = child.pointee.content {
                value = String(cString: content)
            } else if let text = xmlNodeListGetString(document, current.pointee.children, 1) {
                value = String(cString: text)
                sr_xmlFree(text)
            }
            result.append((namespace, name, value))
            attribute = current.pointee.next
        }
        return result
    }

    /// Child elements, and the text that stands before the first of them.
    func children(_ element: Element) throws(XMLReadError) -> (elements: [Element], leadingText: String, trailingText: Bool) {
        var elements: [Element] = []
        var leading = ""
        var trailing = false
        var child = element.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                elements.append(current)
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                let text = current.pointee.content.map { String(cString: $0) } ?? ""
                if elements.isEmpty {
                    leading += text
                } else if !Self.isBlank(text) {
                    trailing = true
                }
            case XML_COMMENT_NODE, XML_PI_NODE:
                break
            default:
                throw error(current, "unexpected node (entity references are not supported)")
            }
            child = current.pointee.next
        }
        return (elements, leading, trailing)
    }

    static func isBlank(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }
    }

    struct Meta {
        var shape: String?
        var type: String?
        var strings: Set<String> = []
        var expressions: Set<String> = []
        var platforms: Platforms = .all
        var plain: [(name: String, value: String)] = []
    }

    func meta(_ element: Element) throws(XMLReadError) -> Meta {
        var meta = Meta()
        for attribute in attributes(element) {
            switch attribute.namespace {
            case nil:
                meta.plain.append((attribute.name, attribute.value))
            case XMLDialect.metaNamespace?:
                switch attribute.name {
                case "shape": meta.shape = attribute.value
                case "type": meta.type = attribute.value
                case "strings": meta.strings = Set(attribute.value.split(separator: " ").map(String.init))
                case "expressions": meta.expressions = Set(attribute.value.split(separator: " ").map(String.init))
                case "platforms":
                    var platforms: Platforms = []
                    for name in attribute.value.split(separator: " ") {
                        guard let platform = Platforms(name: String(name)) else {
                            throw error(element, "unknown platform '\(name)' in sr:platforms")
                        }
                        platforms.formUnion(platform)
                    }
                    meta.platforms = platforms
                default: throw error(element, "unknown marker attribute 'sr:\(attribute.name)'")
                }
            default:
                throw error(element, "unexpected attribute '\(attribute.name)' in namespace '\(attribute.namespace ?? "")'")
            }
        }
        return meta
    }

    func checkDepth(_ element: Element, _ depth: Int) throws(XMLReadError) {
        if depth > maxDepth {
            throw XMLReadError(.tooDeep, line: Int(xmlGetLineNo(element)), column: 0,
                               message: "elements nest deeper than \(maxDepth)")
        }
    }

    // MARK: Values

    /// A node element, an `<object>`, a typed scalar element or a `<list>`.
    func value(_ element: Element, depth: Int) throws(XMLReadError) -> Node.Value {
        try checkDepth(element, depth)
        let name = localName(element)
        switch namespace(element) {
        case XMLDialect.customNamespace?:
            return .node(try typed(element, kind: .component, type: "custom:" + name, reserved: nil, depth: depth))
        case XMLDialect.namespace?:
            break
        default:
            throw error(element, "element '\(name)' is not in the namespace \(XMLDialect.namespace)")
        }
        if XMLDialect.components.contains(name) {
            return .node(try typed(element, kind: .component, type: "beagle:" + name, reserved: nil,
                                   characterData: name == "text", depth: depth))
        }
        if XMLDialect.actions.contains(name) {
            return .node(try typed(element, kind: .action, type: "beagle:" + name, reserved: nil, depth: depth))
        }
        switch name {
        case "local", "remote":
            return .node(try typed(element, kind: .imagePath, type: name, reserved: nil, depth: depth))
        case "component", "action", "imagePath", "object":
            let kind: Node.Kind = switch name {
            case "component": .component
            case "action": .action
            case "imagePath": .imagePath
            default: .object
            }
            let type = attributes(element).first { $0.namespace == nil && $0.name == "type" }?.value ?? ""
            return .node(try typed(element, kind: kind, type: type, reserved: "type", depth: depth))
        case "list":
            let content = try children(element)
            guard Self.isBlank(content.leadingText), !content.trailingText else {
                throw error(element, "a list holds elements, not text")
            }
            var items: [Node.Value] = []
            for item in content.elements { items.append(try value(item, depth: depth + 1)) }
            return .list(items)
        case "string", "int", "double", "bool", "expression":
            let content = try children(element)
            guard content.elements.isEmpty else { throw error(element, "<\(name)> holds text only") }
            let text = content.leadingText
            switch name {
            case "string":
                return .string(text)
            case "expression":
                return Self.expression(text)
            case "int":
                guard let number = Int(text) else { throw error(element, "'\(text)' is not an integer") }
                return .int(number)
            case "double":
                guard let number = XMLDialect.parseDouble(text) else { throw error(element, "'\(text)' is not a number") }
                return .double(number)
            default:
                guard text == "true" || text == "false" else { throw error(element, "'\(text)' is not true or false") }
                return .bool(text == "true")
            }
        default:
            throw error(element, "unknown element '\(name)'")
        }
    }

    func typed(
        _ element: Element, kind: Node.Kind, type: String, reserved: String?, characterData: Bool = false, depth: Int
    ) throws(XMLReadError) -> Node {
        var node = Node(kind: kind, type: type,
                        properties: try content(element, reserved: reserved, characterData: characterData, depth: depth))
        node.platforms = try meta(element).platforms
        return node
    }

    /// Character data (Text only), attributes, then property elements.
    func content(_ element: Element, reserved: String?, characterData: Bool, depth: Int) throws(XMLReadError) -> [Node.Property] {
        let meta = try meta(element)
        let content = try children(element)
        var properties: [Node.Property] = []
        if characterData {
            // Blank text before property elements is indentation, not the Text's text.
            let indentation = !content.elements.isEmpty && Self.isBlank(content.leadingText)
            if !content.leadingText.isEmpty && !indentation {
                properties.append(.init("text", .string(content.leadingText)))
            }
        } else if !Self.isBlank(content.leadingText) {
            throw error(element, "unexpected text in <\(localName(element))>")
        }
        if content.trailingText { throw error(element, "unexpected text in <\(localName(element))>") }
        for attribute in meta.plain where attribute.name != reserved {
            let value: Node.Value = if meta.expressions.contains(attribute.name) {
                Self.expression(attribute.value)
            } else if meta.strings.contains(attribute.name) {
                .string(attribute.value)
            } else {
                XMLDialect.infer(attribute.value)
            }
            properties.append(.init(attribute.name, value))
        }
        for child in content.elements {
            properties.append(try property(child, depth: depth + 1))
        }
        return properties
    }

    /// An expression written in Beagle's syntax (`sr:expressions`, `sr:type="expression"`,
    /// `<expression>`), read by the clients' rule.
    static func expression(_ source: String) -> Node.Value {
        let expression = BeagleExpression(source: source)
        return expression.literalText.map(Node.Value.string) ?? .expression(expression)
    }

    // MARK: Properties

    func property(_ element: Element, depth: Int) throws(XMLReadError) -> Node.Property {
        try checkDepth(element, depth)
        guard namespace(element) == XMLDialect.namespace else {
            throw error(element, "property element '\(localName(element))' is not in the namespace \(XMLDialect.namespace)")
        }
        var name = localName(element)
        var reserved: String?
        let meta = try meta(element)
        if name == "property" {
            guard let given = meta.plain.first(where: { $0.name == "name" })?.value else {
                throw error(element, "<property> needs a name attribute")
            }
            name = given
            reserved = "name"
        }
        let attributeCount = meta.plain.count { $0.name != reserved }
        let content = try children(element)
        let shape: String
        if let marked = meta.shape {
            shape = marked
        } else if attributeCount > 0 {
            shape = "object"
        } else if !content.elements.isEmpty {
            let values = content.elements.allSatisfy { child in
                switch namespace(child) {
                case XMLDialect.customNamespace?: true
                case XMLDialect.namespace?: XMLDialect.isValueElement(localName(child))
                default: false
                }
            }
            if values {
                shape = content.elements.count == 1 && !XMLDialect.listProperties.contains(name) ? "node" : "list"
            } else {
                shape = "object"
            }
        } else if !content.leadingText.isEmpty || meta.type != nil {
            shape = "scalar"
        } else {
            shape = "object"
        }
        switch shape {
        case "object":
            let properties = try self.content(element, reserved: reserved, characterData: false, depth: depth)
            return .init(name, .node(.object(properties)))
        case "node", "list":
            guard Self.isBlank(content.leadingText), !content.trailingText, attributeCount == 0 else {
                throw error(element, "<\(localName(element))> holds values, not text or attributes")
            }
            var items: [Node.Value] = []
            for child in content.elements { items.append(try value(child, depth: depth + 1)) }
            if shape == "list" { return .init(name, .list(items)) }
            guard items.count == 1, let item = items.first else {
                throw error(element, "<\(localName(element))> holds exactly one value")
            }
            return .init(name, item)
        case "scalar":
            guard content.elements.isEmpty else { throw error(element, "a scalar property holds text only") }
            let text = content.leadingText
            let value: Node.Value = switch meta.type {
            case "string": .string(text)
            case "expression": Self.expression(text)
            default: XMLDialect.infer(text)
            }
            return .init(name, value)
        default:
            throw error(element, "unknown sr:shape '\(shape)'")
        }
    }
}
