import ScreenRegistry
import ScreenRendering

/// The one place where a screen meets a renderer, with the client's platform.
///
/// Beagle clients send `beagle-platform: IOS | ANDROID | WEB`, and the backend may
/// prune components marked for other platforms. `ScreenFormat.render(_:)` has no
/// platform parameter yet: when the Beagle JSON renderer brings one, pass `platform`
/// here and set ``variesByPlatform`` to `true` (so responses carry
/// `Vary: beagle-platform`). Nothing else in the service changes.
enum FormatRendering {
    /// Whether the rendered bytes depend on the `beagle-platform` header.
    static let variesByPlatform = false

    /// The platform a `beagle-platform` header names, trimmed and in upper case
    /// (`IOS`, `ANDROID`, `WEB`); `nil` (every platform) when the header is absent, empty
    /// or not a short word of letters.
    static func platform(fromHeader value: String?) -> String? {
        guard let value else { return nil }
        let name = value.trimmingSpaces.uppercased()
        guard !name.isEmpty, name.count <= 16, name.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return name
    }

    /// Renders `screen` in `format` for `platform` (`nil`: every platform).
    static func render(_ screen: Screen, as format: ScreenFormat, platform: String?) throws -> String {
        // Platform hook: `platform` is not passed on until ScreenFormat accepts it.
        _ = platform
        return try format.render(screen)
    }
}
