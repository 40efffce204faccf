import ScreenRegistry

/// Settings that some formats honour and the others ignore.
public struct RenderOptions: Sendable, Hashable {
    /// XML without indentation.
    public var compact: Bool
    /// JSON indented, one member per line.
    public var pretty: Bool
    /// For one client platform: nodes marked for other platforms are left out, in every format.
    public var platform: Platforms?

    /// HTML: what goes before every in-app path a link names (where the screens are served).
    public var linkBase: String

    /// Creates options; by default XML is indented, JSON compact, for every platform, HTML
    /// links from the site's root.
    public init(compact: Bool = false, pretty: Bool = false, platform: Platforms? = nil, linkBase: String = "") {
        self.compact = compact
        self.pretty = pretty
        self.platform = platform
        self.linkBase = linkBase
    }
}
