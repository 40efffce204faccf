internal import CLibXML2

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

    /// Writes a line break (when asked) and two spaces a level through `writer`, raw and
    /// in one write: libxml2's own indentation writes one level at a time, each through
    /// its output buffer. Levels past 256 get the indentation of 256.
    static func writeIndentation(_ writer: OpaquePointer, lineBreak: Bool, levels: Int) -> Int32 {
        let start = lineBreak ? 0 : 1
        let end = 1 + 2 * min(levels, indentationLevels)
        guard end > start else { return 0 }
        return indentation.withUnsafeBufferPointer { bytes in
            bytes.baseAddress.map { xmlTextWriterWriteRawLen(writer, $0 + start, Int32(end - start)) } ?? -1
        }
    }

    /// A line break and the indentation of ``indentationLevels`` levels.
    private static let indentation: [xmlChar] = [0x0A] + [xmlChar](repeating: 0x20, count: 2 * indentationLevels)
    private static let indentationLevels = 256
}
