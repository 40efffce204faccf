extension Node {
    /// `type` with its namespace: a type without one is the app's own, `custom:<type>`, as
    /// Beagle's clients read it; `beagle:text` and `acme:chart` stay as they are. The
    /// formats for apps (Beagle JSON, DivKit, HXML) write a bare type this way, and
    /// ``AppComponents`` declares and looks it up this way, so that what the fit checks is
    /// what is written.
    public static func qualifiedType(_ type: String) -> String {
        let hasNamespace = type.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: ":")) }
            ?? type.utf8.contains(UInt8(ascii: ":"))
        return hasNamespace ? type : "custom:" + type
    }
}
