import CLibXML2
import ScreenRegistry

/// Writes a screen as XML through libxml2's `xmlTextWriter`, in the dialect that
/// ``XMLReader`` reads back and `screen-1.xsd` describes (README.md, section "XML").
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <screenComponent xmlns="urn:screenregistry:screen:1">
///   <navigationBar title="Profile"/>
///   <child>
///     <container>
///       <children>
///         <text>Hello</text>
///         <button text="Follow">
///           <onPress>
///             <pushView>
///               <route url="/follow/42"/>
///             </pushView>
///           </onPress>
///         </button>
///       </children>
///     </container>
///   </child>
/// </screenComponent>
/// ```
///
/// The output is always well-formed: characters XML 1.0 forbids (U+0000–U+0008,
/// U+000B, U+000C, U+000E–U+001F, U+FFFE, U+FFFF) become U+FFFD; everything else,
/// including characters outside the Basic Multilingual Plane, is kept.
public struct XMLRenderer: Sendable {
    /// The media type of the output.
    public let contentType = "application/xml; charset=utf-8"
    /// Whether to leave out the line breaks and indentation.
    public var compact: Bool

    /// Creates an XML renderer; the output is indented unless `compact`.
    public init(compact: Bool = false) {
        self.compact = compact
    }

    /// Renders `screen`; ends with a newline.
    public func render(_ screen: Screen) throws(XMLRenderError) -> String {
        try render(screen.node)
    }

    /// Renders any node of the uniform tree as the document's root element.
    public func render(_ node: Node) throws(XMLRenderError) -> String {
        LibXML2.initialize()
        let sink = OutputSink()
        let context = Unmanaged.passUnretained(sink).toOpaque()
        let written: Bool = withExtendedLifetime(sink) {
            guard let output = xmlOutputBufferCreateIO(
                { context, buffer, length in
                    guard let context, let buffer, length > 0 else { return max(length, 0) }
                    let sink = Unmanaged<OutputSink>.fromOpaque(context).takeUnretainedValue()
                    sink.append(UnsafeRawBufferPointer(start: buffer, count: Int(length)))
                    return length
                },
                nil, context, nil
            ) else { return false }
            // The writer owns `output` from here and closes it when freed.
            guard let textWriter = xmlNewTextWriter(output) else {
                _ = xmlOutputBufferClose(output)
                return false
            }
            var writer = XMLTreeWriter(writer: textWriter, pretty: !compact)
            writer.check(xmlTextWriterStartDocument(textWriter, "1.0", "UTF-8", nil))
            writer.writeRoot(node)
            writer.check(xmlTextWriterEndDocument(textWriter))
            xmlFreeTextWriter(textWriter)
            return !writer.failed
        }
        guard written else { throw XMLRenderError(message: "libxml2 could not write the document") }
        return sink.finish()
    }
}

/// libxml2 failed while writing (in practice: out of memory).
public struct XMLRenderError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// Collects libxml2's output chunks into one string, carrying a UTF-8 sequence that a
/// chunk boundary splits over to the next chunk.
final class OutputSink {
    private var string = ""
    private var carry: [UInt8] = []

    func append(_ bytes: UnsafeRawBufferPointer) {
        if carry.isEmpty {
            let cut = Self.completePrefix(bytes)
            string.append(String(decoding: bytes[..<cut], as: UTF8.self))
            carry.append(contentsOf: bytes[cut...])
        } else {
            var joined = carry
            joined.append(contentsOf: bytes)
            carry.removeAll()
            joined.withUnsafeBytes { append($0) }
        }
    }

    func finish() -> String {
        if !carry.isEmpty { string.append(String(decoding: carry, as: UTF8.self)) }
        carry.removeAll()
        return string
    }

    /// The length of the longest prefix that ends on a UTF-8 sequence boundary.
    static func completePrefix(_ bytes: UnsafeRawBufferPointer) -> Int {
        let count = bytes.count
        var index = count - 1
        var seen = 0
        while index >= 0 && seen < 4 {
            let byte = bytes[index]
            if byte & 0xC0 != 0x80 {
                let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                return index + length <= count ? count : index
            }
            index -= 1
            seen += 1
        }
        return count
    }
}

/// Line breaks and indentation, written raw: two spaces a level.
private let indentation: [UInt8] = [0x0A] + [UInt8](repeating: 0x20, count: 2 * 256)

/// The walk over the node tree, writing each node through an `xmlTextWriter`.
struct XMLTreeWriter {
    let writer: OpaquePointer
    let pretty: Bool
    private(set) var failed = false

    init(writer: OpaquePointer, pretty: Bool) {
        self.writer = writer
        self.pretty = pretty
    }

    // MARK: libxml2 calls

    mutating func check(_ result: Int32) {
        if result < 0 { failed = true }
    }

    mutating func start(_ name: String) {
        let result = name.withCString { xmlTextWriterStartElement(writer, xmlString($0)) }
        check(result)
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
        let length = 1 + 2 * min(depth, 256)
        let result = indentation.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { xmlTextWriterWriteRawLen(writer, $0, Int32(length)) } ?? -1
        }
        check(result)
    }

    mutating func meta(shape: String? = nil, type: String? = nil, strings: String? = nil) {
        guard shape != nil || type != nil || strings != nil else { return }
        attribute("xmlns:sr", XMLDialect.metaNamespace)
        if let shape { attribute("sr:shape", shape) }
        if let type { attribute("sr:type", type) }
        if let strings { attribute("sr:strings", strings) }
    }

    // MARK: The dialect

    mutating func writeRoot(_ node: Node) {
        let name = XMLDialect.elementName(for: node)
        start(name.qualified)
        attribute("xmlns", XMLDialect.namespace)
        if Self.usesCustomNamespace(node) { attribute("xmlns:custom", XMLDialect.customNamespace) }
        writeTyped(node, name: name, depth: 0, pretty: pretty, started: true)
    }

    static func usesCustomNamespace(_ node: Node) -> Bool {
        if node.kind == .component, node.type.utf8.starts(with: "custom:".utf8),
           case .custom = XMLDialect.elementName(for: node) { return true }
        return node.properties.contains { usesCustomNamespace($0.value) }
    }

    static func usesCustomNamespace(_ value: Node.Value) -> Bool {
        switch value {
        case .node(let node): usesCustomNamespace(node)
        case .list(let items): items.contains { usesCustomNamespace($0) }
        default: false
        }
    }

    /// A component, action, image path or typed object, as its own element.
    mutating func writeTyped(_ node: Node, name: XMLDialect.ElementName, depth: Int, pretty: Bool, started: Bool = false) {
        if !started { start(name.qualified) }
        var reserved: String?
        if case .generic = name {
            reserved = "type"
            if !node.type.isEmpty { attribute("type", XMLDialect.sanitized(node.type)) }
        }
        let characterData = Self.characterDataIndex(node, name: name)
        writeContent(node.properties, reserved: reserved, characterData: characterData, depth: depth, pretty: pretty)
    }

    /// The property a Text writes as character data: its first non-empty string
    /// `text`, unless that is blank and the element has property elements too (blank
    /// text before elements would read as indentation); it is an attribute then.
    static func characterDataIndex(_ node: Node, name: XMLDialect.ElementName) -> Int? {
        guard name == .short("text"), node.kind == .component else { return nil }
        let candidate = node.properties.firstIndex {
            if $0.name == "text", case .string(let text) = $0.value { return !text.isEmpty }
            return false
        }
        guard let candidate, case .string(let text) = node.properties[candidate].value,
              XMLDialect.isBlank(text) else { return candidate }
        for index in node.properties.indices where index != candidate {
            if !isAttribute(node.properties, index, reserved: nil, characterData: candidate) { return nil }
        }
        return candidate
    }

    /// Whether property `index` is written as an attribute of its element.
    static func isAttribute(_ properties: [Node.Property], _ index: Int, reserved: String?, characterData: Int?) -> Bool {
        let property = properties[index]
        switch property.value {
        case .node, .list: return false
        default: break
        }
        if index == characterData || property.name == reserved || !XMLDialect.isPlainName(property.name) {
            return false
        }
        // A name already written as an attribute goes to an element the second time.
        for earlier in 0..<index where properties[earlier].name == property.name {
            if isAttribute(properties, earlier, reserved: reserved, characterData: characterData) { return false }
        }
        return true
    }

    /// The element name a non-attribute property is written under.
    static func elementName(ofProperty name: String) -> String {
        XMLDialect.isPlainName(name) && name != "property" ? name : "property"
    }

    /// Attributes, the markers, character data, then the property elements. The start
    /// tag is open; `shape` is the marker of the element itself, if any.
    mutating func writeContent(
        _ properties: [Node.Property], reserved: String?, characterData: Int?, depth: Int, pretty: Bool,
        shape: String? = nil, nameAttribute: String? = nil
    ) {
        if let nameAttribute { attribute("name", nameAttribute) }
        var markedStrings: String?
        var hasElements = false
        for index in properties.indices {
            guard Self.isAttribute(properties, index, reserved: reserved, characterData: characterData) else {
                if index != characterData { hasElements = true }
                continue
            }
            let property = properties[index]
            let text = XMLDialect.sanitized(XMLDialect.text(of: property.value) ?? "")
            attribute(property.name, text)
            if case .string = property.value, XMLDialect.needsStringMarker(text) {
                markedStrings = markedStrings.map { $0 + " " + property.name } ?? property.name
            }
        }
        meta(shape: shape, strings: markedStrings)
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
        for index in properties.indices
        where index != characterData
            && !Self.isAttribute(properties, index, reserved: reserved, characterData: characterData)
        {
            indent(depth + 1, pretty)
            writeProperty(properties[index], depth: depth + 1, pretty: pretty)
        }
        indent(depth, pretty)
        end()
    }

    /// One property as an element named after it (or `<property name="…">`).
    mutating func writeProperty(_ property: Node.Property, depth: Int, pretty: Bool) {
        let elementName = Self.elementName(ofProperty: property.name)
        let nameAttribute = elementName == "property" ? XMLDialect.sanitized(property.name) : nil
        start(elementName)
        switch property.value {
        case .node(let node) where node.kind == .object && node.type.isEmpty:
            // An object is the property element itself: attributes and property elements.
            let reserved = nameAttribute == nil ? nil : "name"
            let shape = Self.readsAsWrapper(node.properties, reserved: reserved) ? "object" : nil
            writeContent(node.properties, reserved: reserved, characterData: nil, depth: depth, pretty: pretty,
                         shape: shape, nameAttribute: nameAttribute)
        case .node(let node):
            if let nameAttribute { attribute("name", nameAttribute) }
            meta(shape: XMLDialect.listProperties.contains(property.name) ? "node" : nil)
            indent(depth + 1, pretty)
            writeValue(.node(node), depth: depth + 1, pretty: pretty)
            indent(depth, pretty)
            end()
        case .list(let items):
            if let nameAttribute { attribute("name", nameAttribute) }
            let isDefault = items.count >= 2 || (items.count == 1 && XMLDialect.listProperties.contains(property.name))
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
            }
            if !text.isEmpty { characters(text) }
            end()
        }
    }

    /// Whether an object's property element would read as a wrapper of values: no
    /// attributes, and every property element named like a value element.
    static func readsAsWrapper(_ properties: [Node.Property], reserved: String?) -> Bool {
        guard !properties.isEmpty else { return false }
        for index in properties.indices {
            if isAttribute(properties, index, reserved: reserved, characterData: nil) { return false }
            if !XMLDialect.isValueElement(elementName(ofProperty: properties[index].name)) { return false }
        }
        return true
    }

    /// An item of a list or the value of a property: a typed node, an object, a scalar, a list.
    mutating func writeValue(_ value: Node.Value, depth: Int, pretty: Bool) {
        switch value {
        case .node(let node):
            writeTyped(node, name: XMLDialect.elementName(for: node), depth: depth, pretty: pretty)
        case .list(let items):
            start("list")
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

@inline(__always)
func xmlString(_ pointer: UnsafePointer<CChar>) -> UnsafePointer<xmlChar> {
    UnsafeRawPointer(pointer).assumingMemoryBound(to: xmlChar.self)
}

/// Process-wide libxml2 set-up.
enum LibXML2 {
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Calls `xmlInitParser()` once, before any concurrent use.
    static func initialize() {
        _ = initialized
    }
}
