import ScreenRegistry

extension Node {
    /// The name a format gives the app's own view of a type it has nothing of its own for
    /// (DivKit's `custom_type`, HXML's `sr:` element), when the type's name alone is
    /// enough: `webView` for `beagle:webView`, `badge` for `custom:badge` (and for `badge`,
    /// which Beagle's clients read as `custom:badge`). `nil` when the bare name could stand
    /// for another type: a Beagle name that Beagle has no type of (`beagle:badge`), a custom
    /// type named like one of Beagle's (`custom:webView`) or like one of the format's own
    /// views (`reserved`), a type of another namespace (`acme:badge`), or a name that
    /// `isAllowed` refuses or that holds a `:`. The format then names the type whole, so
    /// that two types never share a name.
    static func appViewName(of type: String, reserved: Set<String>, isAllowed: (String) -> Bool) -> String? {
        let parts = type.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let last = parts.last else { return nil }
        let name = String(last)
        guard isAllowed(name), !name.contains(":"), !reserved.contains(name) else { return nil }
        let isBeagles = beagleTypeNames.contains(name)
        switch parts.count == 1 ? "custom" : parts[0] {
        case "beagle": return isBeagles ? name : nil
        case "custom": return isBeagles ? nil : name
        default: return nil
        }
    }

    /// Beagle's own type names, without their namespace: `container`, `webView`…
    private static let beagleTypeNames = Set(BeagleJSONReader.beagleTypeNames)
}
