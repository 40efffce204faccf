internal import CLibXML2
import Foundation

/// One schema violation: where it is and what libxml2 says about it.
public struct XMLValidationIssue: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }
}

/// Validates documents against the dialect's XSD (`screen-1.xsd`, bundled with
/// `ScreenRendering`) with libxml2's `xmlSchema` API.
///
/// The schema is compiled once for the process and shared; each validation gets its
/// own validation context, so any number of tasks may validate at once. Documents are
/// parsed with the same safe settings as ``XMLReader``.
public struct XMLValidator: Sendable {
    /// The largest document accepted, in bytes.
    public var maxBytes: Int

    /// Creates a validator.
    public init(maxBytes: Int = 16 * 1024 * 1024) {
        self.maxBytes = maxBytes
    }

    /// Where the bundled schema is, for `xmllint --schema` and other tools.
    public static var schemaURL: URL? {
        Bundle.module.url(forResource: "screen-1", withExtension: "xsd")
    }

    /// Every violation in `xml`, in document order; empty when the document is valid.
    /// Throws when the document is not well-formed (or too large, or has a DTD).
    public func validate(_ xml: String) throws(XMLReadError) -> [XMLValidationIssue] {
        var xml = xml
        let result: Result<[XMLValidationIssue], XMLReadError> = xml.withUTF8 { buffer in
            Result { () throws(XMLReadError) -> [XMLValidationIssue] in
                try validate(bytes: UnsafeRawBufferPointer(buffer))
            }
        }
        return try result.get()
    }

    /// Validates the file at `path`. At most one byte past ``maxBytes`` is read, enough to
    /// refuse a larger file without holding all of it.
    public func validate(fileAt path: String) throws(XMLReadError) -> [XMLValidationIssue] {
        guard let file = FileHandle(forReadingAtPath: path) else {
            throw XMLReadError(.unavailable, message: "cannot read \(path)")
        }
        defer { try? file.close() }
        var data = Data()
        do {
            while data.count <= maxBytes, let chunk = try file.read(upToCount: min(1 << 16, maxBytes + 1 - data.count)), !chunk.isEmpty {
                data.append(chunk)
            }
        } catch {
            throw XMLReadError(.unavailable, message: "cannot read \(path): \(error.localizedDescription)")
        }
        return try validate(data: data)
    }

    /// Validates raw bytes.
    public func validate(data: Data) throws(XMLReadError) -> [XMLValidationIssue] {
        let result: Result<[XMLValidationIssue], XMLReadError> = data.withUnsafeBytes { buffer in
            Result { () throws(XMLReadError) -> [XMLValidationIssue] in try validate(bytes: buffer) }
        }
        return try result.get()
    }

    /// Validates raw bytes.
    public func validate(bytes: UnsafeRawBufferPointer) throws(XMLReadError) -> [XMLValidationIssue] {
        let schema = try CompiledSchema.shared.get()
        let document = try SafeParser.parse(bytes, maxBytes: maxBytes)
        defer { xmlFreeDoc(document) }
        guard let context = xmlSchemaNewValidCtxt(schema.pointer) else {
            throw XMLReadError(.unavailable, message: "libxml2 could not create a validation context")
        }
        defer { xmlSchemaFreeValidCtxt(context) }
        let collector = IssueCollector()
        let result: Int32 = withExtendedLifetime(collector) {
            xmlSchemaSetValidStructuredErrors(context, { userData, error in
                guard let userData, let error else { return }
                let collector = Unmanaged<IssueCollector>.fromOpaque(userData).takeUnretainedValue()
                collector.issues.append(XMLValidationIssue(
                    line: Int(error.pointee.line), column: Int(error.pointee.int2),
                    message: SafeParser.message(error.pointee.message)
                ))
            }, Unmanaged.passUnretained(collector).toOpaque())
            return xmlSchemaValidateDoc(context, document)
        }
        if result < 0 {
            throw XMLReadError(.unavailable, message: "libxml2 could not validate the document")
        }
        if result > 0 && collector.issues.isEmpty {
            collector.issues.append(XMLValidationIssue(line: 0, column: 0, message: "the document is not valid"))
        }
        return collector.issues
    }
}

/// Collects the errors of one validation; used by one thread at a time.
private final class IssueCollector {
    var issues: [XMLValidationIssue] = []
}

/// The bundled XSD, compiled once. libxml2 only reads a compiled schema while
/// validating, so it is shared by every validation context.
private final class CompiledSchema: @unchecked Sendable {
    let pointer: xmlSchemaPtr

    private init(pointer: xmlSchemaPtr) {
        self.pointer = pointer
    }

    static let shared: Result<CompiledSchema, XMLReadError> = load()

    private static func load() -> Result<CompiledSchema, XMLReadError> {
        LibXML2.initialize()
        guard let url = XMLValidator.schemaURL else {
            return .failure(XMLReadError(.unavailable, message: "the bundled schema screen-1.xsd is missing"))
        }
        guard let parser = xmlSchemaNewParserCtxt(url.path) else {
            return .failure(XMLReadError(.unavailable, message: "cannot open the schema at \(url.path)"))
        }
        defer { xmlSchemaFreeParserCtxt(parser) }
        xmlSchemaSetParserStructuredErrors(parser, { _, _ in }, nil)
        guard let schema = xmlSchemaParse(parser) else {
            return .failure(XMLReadError(.unavailable, message: "the schema at \(url.path) does not compile"))
        }
        return .success(CompiledSchema(pointer: schema))
    }
}
