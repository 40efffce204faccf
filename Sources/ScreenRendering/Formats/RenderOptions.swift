import ScreenRegistry

/// Settings that some formats honour and the others ignore.
public struct RenderOptions: Sendable, Hashable {
    /// XML without indentation.
    public var compact: Bool
    /// JSON indented, one member per line.
    public var pretty: Bool
    /// For one client platform: nodes marked for other platforms are left out, in every format.
    public var platform: Platforms?

    /// Creates options; by default XML is indented, JSON compact, for every platform.
    public init(compact: Bool = false, pretty: Bool = false, platform: Platforms? = nil) {
        self.compact = compact
        self.pretty = pretty
        self.platform = platform
    }
}
