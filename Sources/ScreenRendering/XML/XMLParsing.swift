internal import CLibXML2

/// Why a document could not be read or validated, with where: a 1-based line and
/// column (column 0 when libxml2 does not know it, as for errors found after parsing).
public struct XMLReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// Not well-formed XML (libxml2's parser refused it).
        case notWellFormed
        /// The document has a document type declaration; DTDs and entities are refused.
        case doctypeNotAllowed
        /// Larger than the reader's byte limit.
        case tooLarge
        /// Nested deeper than the reader's depth limit.
        case tooDeep
        /// Well-formed XML, but not the screen dialect.
        case notInDialect
        /// The file could not be read, or the bundled schema could not be loaded.
        case unavailable
    }

    public var reason: Reason
    public var line: Int
    public var column: Int
    public var message: String

    public init(_ reason: Reason, line: Int = 0, column: Int = 0, message: String) {
        self.reason = reason
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }
}

/// libxml2's parser with the settings every untrusted document gets: no network
/// (`XML_PARSE_NONET`), no entity substitution and no DTD loading (neither
/// `XML_PARSE_NOENT` nor `XML_PARSE_DTDLOAD`), libxml2's own size and depth limits
/// (no `XML_PARSE_HUGE`), a byte limit of our own, and any `<!DOCTYPE` refused as
/// soon as it is seen, before its internal subset (and any entity) is read.
enum SafeParser {
    static let defaultMaxBytes = 16 * 1024 * 1024

    static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)

    /// Parses `bytes`; the caller frees the document with `xmlFreeDoc`.
    static func parse(_ bytes: UnsafeRawBufferPointer, maxBytes: Int) throws(XMLReadError) -> xmlDocPtr {
        LibXML2.initialize()
        guard bytes.count <= maxBytes, bytes.count < Int(Int32.max) else {
            throw XMLReadError(.tooLarge, message: "the document is \(bytes.count) bytes; the limit is \(maxBytes)")
        }
        let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
        let empty: CChar = 0
        let parsed: Result<xmlDocPtr, XMLReadError> = withUnsafePointer(to: empty) { emptyPointer in
            guard let context = xmlCreateMemoryParserCtxt(base ?? emptyPointer, Int32(bytes.count)) else {
                return .failure(XMLReadError(.notWellFormed, line: 1, column: 1, message: "the document is empty"))
            }
            defer { xmlFreeParserCtxt(context) }
            _ = xmlCtxtUseOptions(context, options)
            // Stop at `<!DOCTYPE name`: no internal subset, no entity declaration is read.
            context.pointee.sax.pointee.internalSubset = { userData, _, _, _ in
                guard let userData else { return }
                let parser = userData.assumingMemoryBound(to: xmlParserCtxt.self)
                let line = max(Int(xmlSAX2GetLineNumber(userData)), 1)
                parser.pointee._private = UnsafeMutableRawPointer(bitPattern: line)
                xmlStopParser(parser)
            }
            _ = xmlParseDocument(context)
            let document = context.pointee.myDoc
            context.pointee.myDoc = nil
            if let doctypeLine = context.pointee._private.map({ Int(bitPattern: $0) }) {
                if let document { xmlFreeDoc(document) }
                return .failure(XMLReadError(
                    .doctypeNotAllowed, line: doctypeLine, column: 1,
                    message: "document type declarations (DTDs, entities) are not allowed"
                ))
            }
            guard context.pointee.wellFormed != 0, let document else {
                if let document { xmlFreeDoc(document) }
                return .failure(lastError(context))
            }
            return .success(document)
        }
        return try parsed.get()
    }

    static func lastError(_ context: xmlParserCtxtPtr) -> XMLReadError {
        guard let error = xmlCtxtGetLastError(context) else {
            return XMLReadError(.notWellFormed, line: 1, column: 1, message: "not well-formed")
        }
        let tooDeep = error.pointee.code == Int32(XML_ERR_INTERNAL_ERROR.rawValue)
            && message(error.pointee.message).contains("depth")
        return XMLReadError(
            tooDeep ? .tooDeep : .notWellFormed,
            line: Int(error.pointee.line), column: Int(error.pointee.int2),
            message: message(error.pointee.message)
        )
    }

    static func message(_ text: UnsafeMutablePointer<CChar>?) -> String {
        guard let text else { return "unknown error" }
        var message = String(cString: text)
        while message.last?.isWhitespace == true { message.removeLast() }
        return message
    }
}
