internal import CLibXML2

/// libxml2's `xmlTextWriter`, writing HXML into a byte array.
///
/// Every string passes through ``XMLDialect/sanitized(_:)`` first, so the output is
/// well-formed whatever the data holds: libxml2 escapes markup, and the characters XML
/// forbids become U+FFFD. Comments also lose `--`, which XML forbids inside them.
///
/// Indentation is written here, in the places libxml2's own indentation puts it (two
/// spaces a level), because libxml2 writes its indentation one level at a time, each
/// through its output buffer: about a tenth of a request's instructions. Each run of
/// line break and spaces is one write here.
struct HXMLWriter {
    private let writer: OpaquePointer
    let sink: ByteSink
    private(set) var failed = false
    private let indents: Bool
    /// The open elements.
    private var level = 0
    /// Whether the innermost open element has nothing in it yet (its start tag is open).
    private var isEmpty = false
    /// Whether an end tag gets indentation: not right after text or a comment (libxml2's
    /// `doindent`).
    private var indentsEndTag = true
    /// Whether a line break is owed after an end tag or a comment: written with what
    /// comes next, in the same write as its indentation.
    private var owesLineBreak = false

    /// A writer, or `nil` when libxml2 cannot make one (out of memory).
    init?(indent: Bool) {
        let sink = ByteSink()
        guard let writer = sink.makeTextWriter() else { return nil }
        self.writer = writer
        self.sink = sink
        indents = indent
    }

    /// Ends the document, frees the writer and returns the bytes, or `nil` when libxml2
    /// failed on the way. The sink stays alive through `self` until then.
    mutating func finish() -> [UInt8]? {
        payLineBreak()
        check(xmlTextWriterEndDocument(writer))
        xmlFreeTextWriter(writer)
        return failed ? nil : sink.bytes
    }

    /// Writes what libxml2 holds so far into the sink: the byte count is then exact. A
    /// line break owed after an end tag is not written yet (it goes with what follows).
    mutating func flush() -> Int {
        check(xmlTextWriterFlush(writer))
        return sink.count
    }

    /// Moves what was written from `start` on to `offset`, before what was written
    /// between them.
    mutating func moveWritten(from start: Int, to offset: Int) {
        check(xmlTextWriterFlush(writer))
        sink.moveTail(from: start, to: offset)
    }

    mutating func startDocument() {
        check(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil))
    }

    mutating func start(_ name: StaticString) {
        beginChild()
        check(xmlTextWriterStartElement(writer, name.utf8Start))
        opened()
    }

    /// An element whose name the mapping made (a custom component's): `name` must
    /// already be a valid XML name.
    mutating func start(name: String) {
        beginChild()
        check(name.withCString { xmlTextWriterStartElement(writer, xmlString($0)) })
        opened()
    }

    /// Ends the innermost element: `/>` when it is empty, else its end tag, indented
    /// unless text or a comment came last; then a line break, except after the outermost
    /// element (a document's last one comes from libxml2).
    mutating func end() {
        if indents && !isEmpty && indentsEndTag {
            whitespace(lineBreak: false, levels: level - 1)
        } else {
            payLineBreak()
        }
        indentsEndTag = true
        check(xmlTextWriterEndElement(writer))
        level -= 1
        isEmpty = false
        owesLineBreak = indents && level > 0
    }

    /// Before a child element or comment: a line break when the parent's start tag is
    /// still open, and the child's indentation.
    private mutating func beginChild() {
        if indents { whitespace(lineBreak: isEmpty, levels: level) }
        isEmpty = false
    }

    private mutating func opened() {
        level += 1
        isEmpty = true
    }

    private mutating func payLineBreak() {
        if owesLineBreak { whitespace(lineBreak: false, levels: 0) }
    }

    /// A line break (also when one is owed) and two spaces a level, in one write.
    private mutating func whitespace(lineBreak: Bool, levels: Int) {
        check(LibXML2.writeIndentation(writer, lineBreak: lineBreak || owesLineBreak, levels: levels))
        owesLineBreak = false
    }

    mutating func attribute(_ name: StaticString, _ value: String) {
        check(Self.withText(value) { xmlTextWriterWriteAttribute(writer, name.utf8Start, $0) })
    }

    /// An attribute with a value of the mapping's own (a keyword).
    mutating func attribute(_ name: StaticString, keyword value: StaticString) {
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
        payLineBreak()
        isEmpty = false
        indentsEndTag = false
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
        if text.withUTF8Bytes({ $0.contains(UInt8(ascii: "-")) }) { text = Self.separatingDashes(text) }
        beginChild()
        check(text.withCString { xmlTextWriterWriteComment(writer, xmlString($0)) })
        indentsEndTag = false
        owesLineBreak = indents
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
