internal import CLibXML2

/// libxml2's `xmlTextWriter`, writing HXML into a byte array.
///
/// Every string passes through ``XMLDialect/sanitized(_:)`` first, so the output is
/// well-formed whatever the data holds: libxml2 escapes markup, and the characters XML
/// forbids become U+FFFD. Comments also lose `--`, which XML forbids inside them.
struct HXMLWriter {
    private let writer: OpaquePointer
    let sink: ByteSink
    private(set) var failed = false

    /// A writer, or `nil` when libxml2 cannot make one (out of memory).
    init?(indent: Bool) {
        let sink = ByteSink()
        guard let writer = sink.makeTextWriter() else { return nil }
        self.writer = writer
        self.sink = sink
        if indent {
            check(xmlTextWriterSetIndent(writer, 1))
            check(xmlTextWriterSetIndentString(writer, "  "))
        }
    }

    /// Ends the document, frees the writer and returns the bytes, or `nil` when libxml2
    /// failed on the way. The sink stays alive through `self` until then.
    mutating func finish() -> [UInt8]? {
        check(xmlTextWriterEndDocument(writer))
        xmlFreeTextWriter(writer)
        return failed ? nil : sink.bytes
    }

    /// Frees the writer of a piece written without a document around it (`<styles>`)
    /// and returns the bytes, or `nil` when libxml2 failed on the way.
    mutating func finishFragment() -> [UInt8]? {
        check(xmlTextWriterFlush(writer))
        xmlFreeTextWriter(writer)
        return failed ? nil : sink.bytes
    }

    /// Writes what libxml2 holds so far into the sink: the byte count is then exact.
    mutating func flush() -> Int {
        check(xmlTextWriterFlush(writer))
        return sink.count
    }

    mutating func startDocument() {
        check(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil))
    }

    mutating func start(_ name: StaticString) {
        check(xmlTextWriterStartElement(writer, name.utf8Start))
    }

    /// An element whose name the mapping made (a custom component's): `name` must
    /// already be a valid XML name.
    mutating func start(name: String) {
        check(name.withCString { xmlTextWriterStartElement(writer, xmlString($0)) })
    }

    mutating func end() {
        check(xmlTextWriterEndElement(writer))
    }

    mutating func attribute(_ name: StaticString, _ value: String) {
        check(Self.withText(value) { xmlTextWriterWriteAttribute(writer, name.utf8Start, $0) })
    }

    /// An attribute with a value of the mapping's own (a keyword).
    mutating func attribute(_ name: StaticString, _ value: StaticString) {
        check(xmlTextWriterWriteAttribute(writer, name.utf8Start, value.utf8Start))
    }

    /// An attribute whose name the mapping made: `name` must already be a valid XML name.
    mutating func attribute(name: String, _ value: String) {
        let result = name.withCString { name in
            Self.withText(value) { xmlTextWriterWriteAttribute(writer, xmlString(name), $0) }
        }
        check(result)
    }

    mutating func text(_ value: String) {
        check(Self.withText(value) { xmlTextWriterWriteString(writer, $0) })
    }

    /// Calls `write` with `value` as the C string libxml2 takes, sanitized: checked in
    /// the same pass that hands it over, and copied only when it holds a character XML
    /// forbids (rare), so the usual string is read once.
    private static func withText(_ value: String, _ write: (UnsafePointer<xmlChar>) -> Int32) -> Int32 {
        value.withCString { pointer in
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: value.utf8.count)
            guard XMLDialect.isClean(bytes) else {
                return XMLDialect.sanitized(value).withCString { write(xmlString($0)) }
            }
            return write(xmlString(pointer))
        }
    }

    /// A comment; `--` and a final `-`, which would end or break it, get a space.
    mutating func comment(_ value: String) {
        var text = XMLDialect.sanitized(value)
        if text.utf8.contains(UInt8(ascii: "-")) { text = Self.separatingDashes(text) }
        check(text.withCString { xmlTextWriterWriteComment(writer, xmlString($0)) })
    }

    /// `text` with a space after each `-` that another `-` or the end follows.
    private static func separatingDashes(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        for byte in text.utf8 {
            if byte == UInt8(ascii: "-"), bytes.last == UInt8(ascii: "-") { bytes.append(UInt8(ascii: " ")) }
            bytes.append(byte)
        }
        if bytes.last == UInt8(ascii: "-") { bytes.append(UInt8(ascii: " ")) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func check(_ result: Int32) {
        if result < 0 { failed = true }
    }
}
