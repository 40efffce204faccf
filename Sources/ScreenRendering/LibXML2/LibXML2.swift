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
}
