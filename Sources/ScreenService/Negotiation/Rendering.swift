import ScreenRegistry
import ScreenRendering

/// The one place where a screen meets a renderer, with the client's platform.
///
/// Beagle clients send `beagle-platform: IOS | ANDROID | WEB`; the Beagle JSON
/// renderer then leaves out the components marked for other platforms (formats
/// without a platform notion ignore it). Responses therefore carry
/// `Vary: Accept, beagle-platform`.
enum FormatRendering {
    /// Whether the rendered bytes may depend on the `beagle-platform` header.
    static let variesByPlatform = true

    /// The platform a `beagle-platform` header names (`IOS`, `ANDROID`, `WEB`,
    /// `MOBILE`, in any case); `nil` (every platform) when the header is absent or
    /// names no known platform.
    static func platform(fromHeader value: String?) -> Platforms? {
        guard let value, value.utf8.count <= 16 else { return nil }
        return Platforms(name: String(value.trimmingSpaces))
    }

    /// Renders `screen` in `format` for `platform` (`nil`: every platform).
    static func render(_ screen: Screen, as format: ScreenFormat, platform: Platforms?) throws -> String {
        try format.render(screen, options: RenderOptions(platform: platform))
    }

    /// The same bytes as ``render(_:as:platform:)``, written straight to UTF-8 bytes
    /// without an intermediate `String`: what a response body needs.
    static func renderBytes(_ screen: Screen, as format: ScreenFormat, platform: Platforms?) throws -> [UInt8] {
        try format.renderBytes(screen, options: RenderOptions(platform: platform))
    }
}
