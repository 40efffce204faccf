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

    /// A line break and the indentation of ``indentationLevels`` levels, two spaces each,
    /// for the writers to write raw: libxml2's own indentation writes one level at a time.
    /// Deeper elements get the deepest indentation.
    static let indentation: [xmlChar] = [0x0A] + [xmlChar](repeating: 0x20, count: 2 * indentationLevels)
    static let indentationLevels = 256
}
