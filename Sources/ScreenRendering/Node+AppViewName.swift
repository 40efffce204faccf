import ScreenRegistry

extension Node {
    /// The name a format gives the app's own view of a type it has nothing of its own for
    /// (DivKit's `custom_type`, HXML's `sr:` element), one name for each type: `badge` for
    /// `custom:badge` (a type without a namespace is custom too), `webView` for
    /// `beagle:webView`. `nil` when the bare name would stand for another type as well: a
    /// custom type named like one of Beagle's (`custom:webView`) or like one of the
    /// format's own views (`reserved`), a type of another namespace (`acme:badge`), or a
    /// name `isAllowed` refuses. The format then names the type whole.
    static func appViewName(of type: String, reserved: Set<String>, isAllowed: (String) -> Bool) -> String? {
        let parts = type.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let last = parts.last else { return nil }
        let name = String(last)
        guard isAllowed(name), !reserved.contains(name) else { return nil }
        switch parts.count == 1 ? "custom" : parts[0] {
        case "beagle": return name
        case "custom": return beagleTypeNames.contains(name) ? nil : name
        default: return nil
        }
    }

    /// The names of Beagle's types without their namespace: `container`, `webView`…
    private static let beagleTypeNames = Set(ClientCapabilities.beagle.types.compactMap { entry in
        entry.type.hasPrefix("beagle:") ? String(entry.type.dropFirst("beagle:".count)) : nil
    })
}
