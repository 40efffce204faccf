/// Targets taken from data, made safe to navigate to.
extension ScreenRegistry {
    /// `candidate` as an in-app path to navigate to, or `nil` when it could leave the app
    /// or leads nowhere.
    ///
    /// For a `next` or redirect target that came from data (a query item, a guard's
    /// `next`): a client must never be sent elsewhere by a link someone else wrote.
    /// Accepted is only a relative path that starts with one `/`, stays inside the app
    /// and resolves in this registry (not to the fallback). Refused, also when
    /// percent-encoded: `//` and `/\` at the start (browsers and the WHATWG URL parser
    /// read both as another host), any backslash, schemes (`https:`, `javascript:`),
    /// control characters. The answer is the normalised path with its query, such as
    /// `/payment?product=p1`.
    public func inAppPath(_ candidate: String?, context: TrustedContext = .anonymous) -> String? {
        guard let candidate, Self.staysInApp(candidate),
            let link = try? DeepLink(candidate),
            let match = try? resolve(link, context: context), !match.isFallback
        else { return nil }
        return Self.pathWithQuery(link.path, link.query)
    }

    /// Whether `candidate`, as written and once percent-decoded (twice, for a proxy that
    /// decodes once more), starts with a single `/` and holds no backslash or control
    /// character.
    static func staysInApp(_ candidate: String) -> Bool {
        var text = Array(candidate.utf8)
        for _ in 0..<3 {
            guard text.first == UInt8(ascii: "/"), text.count < 2 || text[1] != UInt8(ascii: "/"),
                !text.contains(where: { $0 == UInt8(ascii: "\\") || $0 < 0x20 || $0 == 0x7F })
            else { return false }
            guard text.contains(UInt8(ascii: "%")) else { return true }
            text = PercentDecoding.decodeLeniently(text)
        }
        return true
    }
}
