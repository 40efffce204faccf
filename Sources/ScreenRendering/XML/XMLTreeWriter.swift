internal import CLibXML2
import ScreenRegistry

/// The walk over the node tree, writing each node through an `xmlTextWriter`.
///
/// It is written for speed as well as for the dialect: element names of built-ins are
/// static C strings, each element's properties are classified once (which are
/// attributes, which names are plain), strings are scanned for forbidden characters
/// eight bytes at a time and copied only when one is found, and the custom namespace
/// is declared on the root after the walk instead of by a walk of its own.
struct XMLTreeWriter {
    let writer: OpaquePointer
    let pretty: Bool
    let sink: OutputSink
    private(set) var failed = false
    /// Whether some element was written in the custom namespace.
    private(set) var usesCustomNamespace = false
    /// Where the root's start tag ends its `xmlns` attribute in the output.
    private(set) var rootNamespaceEnd: Int?

    /// ` xmlns:custom="…"`, inserted into the root's start tag when needed.
    static let customNamespaceDeclaration = Array(" xmlns:custom=\"\(XMLDialect.customNamespace)\"".utf8)

    init(writer: OpaquePointer, pretty: Bool, sink: OutputSink) {
        self.writer = writer
        self.pretty = pretty
        self.sink = sink
    }

    // MARK: libxml2 calls

    mutating func check(_ result: Int32) {
        if result < 0 { failed = true }
    }

    mutating func start(_ name: String) {
        let result = name.withCString { xmlTextWriterStartElement(writer, xmlString($0)) }
        check(result)
    }

    mutating func start(_ name: StaticString) {
        check(xmlTextWriterStartElement(writer, name.utf8Start))
    }

    mutating func start(_ name: TypedName) {
        switch name {
        case .builtin(let name), .generic(let name): start(name)
        case .custom(let qualified): start(qualified)
        }
    }

    mutating func end() {
        check(xmlTextWriterEndElement(writer))
    }

    /// Writes an attribute; `value` must already be sanitized.
    mutating func attribute(_ name: String, _ value: String) {
        let result = name.withCString { name in
            value.withCString { xmlTextWriterWriteAttribute(writer, xmlString(name), xmlString($0)) }
        }
        check(result)
    }

    /// Writes character data; `text` must already be sanitized.
    mutating func characters(_ text: String) {
        let result = text.withCString { xmlTextWriterWriteString(writer, xmlString($0)) }
        check(result)
    }

    mutating func indent(_ depth: Int, _ pretty: Bool) {
        guard pretty else { return }
        check(LibXML2.writeIndentation(writer, lineBreak: true, levels: depth))
    }

    mutating func meta(
        shape: String? = nil, type: String? = nil, strings: String? = nil, expressions: String? = nil,
        platforms: String? = nil
    ) {
        guard shape != nil || type != nil || strings != nil || expressions != nil || platforms != nil else { return }
        attribute("xmlns:sr", XMLDialect.metaNamespace)
        if let shape { attribute("sr:shape", shape) }
        if let type { attribute("sr:type", type) }
        if let strings { attribute("sr:strings", strings) }
        if let expressions { attribute("sr:expressions", expressions) }
        if let platforms { attribute("sr:platforms", platforms) }
    }

    // MARK: Element names

    /// How a typed node is written: ``XMLDialect/elementName(for:)`` with the names of
    /// built-ins as static C strings.
    enum TypedName {
        /// A built-in component or action, or an image path: `text`, `pushView`, `remote`.
        case builtin(StaticString)
        /// `custom:<name>`, qualified.
        case custom(String)
        /// `component`, `action`, `imagePath` or `object`, with a `type` attribute.
        case generic(StaticString)
    }

    static func typedName(for node: Node) -> TypedName {
        switch node.kind {
        case .component, .action:
            if let name = XMLDialect.builtinName(for: node) { return .builtin(name) }
            if let name = XMLDialect.customName(for: node) { return .custom("custom:" + name) }
            return .generic(node.kind == .action ? "action" : "component")
        case .imagePath:
            if node.type == "remote" { return .builtin("remote") }
            if node.type == "local" { return .builtin("local") }
            return .generic("imagePath")
        case .object:
            return .generic("object")
        }
    }

    // MARK: Which properties are attributes

    /// What an element's properties are, one byte each, worked out once per element.
    struct Layout {
        static let attribute: UInt8 = 1
        /// Written by its name rather than as `<property name="…">`.
        static let plainName: UInt8 = 2

        let flags: UnsafeMutableBufferPointer<UInt8>

        func isAttribute(_ index: Int) -> Bool { flags[index] & Self.attribute != 0 }
        func hasPlainName(_ index: Int) -> Bool { flags[index] & Self.plainName != 0 }
    }

    /// Calls `body` with the layout of `properties`, kept on the stack.
    ///
    /// A property is an attribute when it is a scalar, not the character data, not
    /// named like the reserved attribute, plainly named, and its name is not already an
    /// attribute of the element (the second one goes to an element).
    static func withLayout<R>(
        _ properties: [Node.Property], reserved: String?, characterData: Int?, _ body: (Layout) -> R
    ) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: properties.count) { flags in
            // The attributes' names so far, when there are too many properties to compare
            // each name with every earlier one (thousands, from an imported document).
            var attributeNames: Set<String>? = properties.count > Self.namesComparedInPlace ? [] : nil
            for index in properties.indices {
                flags[index] = 0
                let name = properties[index].name
                guard XMLDialect.isPlainName(name) else { continue }
                flags[index] = Layout.plainName
                switch properties[index].value {
                case .node, .list: continue
                default: break
                }
                if index == characterData { continue }
                if let reserved, name == reserved { continue }
                var repeated = false
                if attributeNames != nil {
                    repeated = attributeNames?.insert(name).inserted == false
                } else {
                    // Plain names are ASCII: equal strings have equal lengths.
                    for earlier in 0..<index where flags[earlier] & Layout.attribute != 0 {
                        let other = properties[earlier].name
                        if other.utf8.count == name.utf8.count && other == name {
                            repeated = true
                            break
                        }
                    }
                }
                if !repeated { flags[index] |= Layout.attribute }
            }
            return body(Layout(flags: flags))
        }
    }

    /// Up to how many properties a node's names are compared with each other in place.
    private static let namesComparedInPlace = 32

    /// Whether property `index` is written as an attribute of its element.
    static func isAttribute(_ properties: [Node.Property], _ index: Int, reserved: String?, characterData: Int?) -> Bool {
        withLayout(properties, reserved: reserved, characterData: characterData) { $0.isAttribute(index) }
    }

    /// The property a Text writes as character data: its first non-empty string
    /// `text`, unless that is blank and the element has property elements too (blank
    /// text before elements would read as indentation); it is an attribute then.
    static func characterDataIndex(_ node: Node, name: XMLDialect.ElementName) -> Int? {
        guard name == .short("text"), node.kind == .component else { return nil }
        return characterDataIndex(ofText: node.properties)
    }

    static func characterDataIndex(ofText properties: [Node.Property]) -> Int? {
        let candidate = properties.firstIndex {
            if case .string(let text) = $0.value, !text.isEmpty { return $0.name == "text" }
            return false
        }
        guard let candidate, case .string(let text) = properties[candidate].value,
              XMLDialect.isBlank(text) else { return candidate }
        let allAttributes = withLayout(properties, reserved: nil, characterData: candidate) { layout in
            properties.indices.allSatisfy { $0 == candidate || layout.isAttribute($0) }
        }
        return allAttributes ? candidate : nil
    }

    static func isText(_ name: TypedName, _ node: Node) -> Bool {
        guard node.kind == .component, case .builtin(let name) = name, name.utf8CodeUnitCount == 4 else { return false }
        return XMLDialect.hasPrefix(name.utf8Start, "text")
    }

    /// The element name a non-attribute property is written under.
    static func elementName(ofProperty name: String) -> String {
        XMLDialect.isPlainName(name) && name != "property" ? name : "property"
    }

    // MARK: The dialect

    mutating func writeRoot(_ node: Node) {
        let name = Self.typedName(for: node)
        start(name)
        attribute("xmlns", XMLDialect.namespace)
        // Flushed, the output ends where a custom namespace declaration would go.
        check(xmlTextWriterFlush(writer))
        rootNamespaceEnd = sink.count
        writeTyped(node, name: name, depth: 0, pretty: pretty, started: true)
    }

    /// A component, action, image path or typed object, as its own element.
    mutating func writeTyped(_ node: Node, name: TypedName, depth: Int, pretty: Bool, started: Bool = false) {
        if !started { start(name) }
        var reserved: String?
        switch name {
        case .generic:
            reserved = "type"
            if !node.type.isEmpty { attribute("type", XMLDialect.sanitized(node.type)) }
        case .custom:
            usesCustomNamespace = true
        case .builtin:
            break
        }
        let characterData = Self.isText(name, node) ? Self.characterDataIndex(ofText: node.properties) : nil
        writeContent(
            node.properties, reserved: reserved, characterData: characterData, depth: depth, pretty: pretty,
            platforms: node.platforms == .all ? nil : node.platforms.description)
    }

    /// Attributes, the markers, character data, then the property elements. The start
    /// tag is open. An object's property element (`isObject`) is marked as an object
    /// when it would read as a wrapper of values.
    mutating func writeContent(
        _ properties: [Node.Property], reserved: String?, characterData: Int?, depth: Int, pretty: Bool,
        isObject: Bool = false, nameAttribute: String? = nil, platforms: String? = nil
    ) {
        if let nameAttribute { attribute("name", nameAttribute) }
        Self.withLayout(properties, reserved: reserved, characterData: characterData) { layout in
            writeContent(properties, layout: layout, characterData: characterData, depth: depth, pretty: pretty,
                         isObject: isObject, platforms: platforms)
        }
    }

    /// Adds `name` to a space-separated list of names, in place.
    private static func add(_ name: String, to list: inout String?) {
        if list == nil {
            list = name
        } else {
            list?.append(" ")
            list?.append(name)
        }
    }

    /// `platforms`: the `sr:platforms` mark of a node for some platforms only (`IOS ANDROID`).
    mutating func writeContent(
        _ properties: [Node.Property], layout: Layout, characterData: Int?, depth: Int, pretty: Bool, isObject: Bool,
        platforms: String? = nil
    ) {
        var markedStrings: String?
        var markedExpressions: String?
        var hasElements = false
        for index in properties.indices {
            guard layout.isAttribute(index) else {
                if index != characterData { hasElements = true }
                continue
            }
            let name = properties[index].name
            switch properties[index].value {
            case .string(let value):
                let text = XMLDialect.sanitized(value)
                attribute(name, text)
                if XMLDialect.needsStringMarker(text) { Self.add(name, to: &markedStrings) }
            case .expression(let expression):
                attribute(name, XMLDialect.sanitized(expression.source))
                Self.add(name, to: &markedExpressions)
            case let value:
                attribute(name, XMLDialect.text(of: value) ?? "")
            }
        }
        let shape = isObject && Self.readsAsWrapper(properties, layout) ? "object" : nil
        meta(shape: shape, strings: markedStrings, expressions: markedExpressions, platforms: platforms)
        var pretty = pretty
        if let characterData, case .string(let text) = properties[characterData].value {
            characters(XMLDialect.sanitized(text))
            // Indentation inside an element with character data would change the text.
            pretty = false
        }
        guard hasElements else {
            end()
            return
        }
        for index in properties.indices where index != characterData && !layout.isAttribute(index) {
            indent(depth + 1, pretty)
            writeProperty(properties[index], plainName: layout.hasPlainName(index), depth: depth + 1, pretty: pretty)
        }
        indent(depth, pretty)
        end()
    }

    /// One property as an element named after it (or `<property name="…">`).
    mutating func writeProperty(_ property: Node.Property, plainName: Bool, depth: Int, pretty: Bool) {
        let generic = !plainName || (property.name.utf8.count == 8 && property.name == "property")
        let nameAttribute = generic ? XMLDialect.sanitized(property.name) : nil
        if generic { start("property" as StaticString) } else { start(property.name) }
        switch property.value {
        case .node(let node) where node.kind == .object && node.type.isEmpty:
            // An object is the property element itself: attributes and property elements.
            writeContent(node.properties, reserved: generic ? "name" : nil, characterData: nil, depth: depth,
                         pretty: pretty, isObject: true, nameAttribute: nameAttribute)
        case .node(let node):
            if let nameAttribute { attribute("name", nameAttribute) }
            meta(shape: XMLDialect.isListProperty(property.name) ? "node" : nil)
            indent(depth + 1, pretty)
            writeTyped(node, name: Self.typedName(for: node), depth: depth + 1, pretty: pretty)
            indent(depth, pretty)
            end()
        case .list(let items):
            if let nameAttribute { attribute("name", nameAttribute) }
            let isDefault = items.count >= 2 || (items.count == 1 && XMLDialect.isListProperty(property.name))
            meta(shape: isDefault ? nil : "list")
            for item in items {
                indent(depth + 1, pretty)
                writeValue(item, depth: depth + 1, pretty: pretty)
            }
            if !items.isEmpty { indent(depth, pretty) }
            end()
        default:
            if let nameAttribute { attribute("name", nameAttribute) }
            let text = XMLDialect.sanitized(XMLDialect.text(of: property.value) ?? "")
            if case .string = property.value, text.isEmpty || XMLDialect.needsStringMarker(text) {
                meta(type: "string")
            } else if case .expression = property.value {
                meta(type: "expression")
            }
            if !text.isEmpty { characters(text) }
            end()
        }
    }

    /// Whether an object's property element would read as a wrapper of values: no
    /// attributes, and every property element named like a value element.
    static func readsAsWrapper(_ properties: [Node.Property], _ layout: Layout) -> Bool {
        guard !properties.isEmpty else { return false }
        for index in properties.indices {
            if layout.isAttribute(index) || !layout.hasPlainName(index) { return false }
            let name = properties[index].name
            if name == "property" || !XMLDialect.isValueElement(name) { return false }
        }
        return true
    }

    /// An item of a list or the value of a property: a typed node, an object, a scalar, a list.
    mutating func writeValue(_ value: Node.Value, depth: Int, pretty: Bool) {
        switch value {
        case .node(let node):
            writeTyped(node, name: Self.typedName(for: node), depth: depth, pretty: pretty)
        case .list(let items):
            start("list" as StaticString)
            for item in items {
                indent(depth + 1, pretty)
                writeValue(item, depth: depth + 1, pretty: pretty)
            }
            if !items.isEmpty { indent(depth, pretty) }
            end()
        default:
            start(XMLDialect.typeName(of: value))
            let text = XMLDialect.sanitized(XMLDialect.text(of: value) ?? "")
            if !text.isEmpty { characters(text) }
            end()
        }
    }
}
