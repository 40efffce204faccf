import ScreenRegistry

extension Platforms {
    /// The platform a `beagle-platform` header names (`IOS`, `ANDROID`, `WEB`, `MOBILE`, in
    /// any case); `nil`, every platform, when the header is absent or names none. Beagle
    /// JSON, DivKit and HXML then leave out the components marked for other platforms,
    /// which is why responses vary by the header.
    init?(header value: String?) {
        guard let value, value.utf8.count <= 16 else { return nil }
        self.init(name: String(value.trimmingSpaces))
    }
}
