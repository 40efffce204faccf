import ScreenRegistry

/// An output format, by the name the CLI and the server use for it.
public enum ScreenFormat: String, CaseIterable, Sendable {
    /// The indented tree of ``TextRenderer``.
    case text

    /// The media type of the output.
    public var contentType: String {
        switch self {
        case .text: TextRenderer().contentType
        }
    }

    /// Renders `screen` in this format.
    public func render(_ screen: Screen) throws -> String {
        switch self {
        case .text: try TextRenderer().render(screen)
        }
    }
}
