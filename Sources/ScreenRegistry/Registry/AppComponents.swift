/// The views an app ships beside its client library, by app version and platform.
///
/// A custom component (`custom:<name>`), or a type a format can only write as a view of
/// the app's own (DivKit's `custom` div), exists only in the app versions that ship its
/// view. A type that this table does not declare is unknown to every client. A form of a
/// type is declared by the name its format's capabilities give it: `beagle:image(local)`
/// for a local image in DivKit and Hyperview, `beagle:webView` for a Hyperview web view of
/// no web address, `beagle:touchable` for an imported touchable without the components its
/// format puts the press on. A type without a namespace is the app's own:
/// `badge` is `custom:badge` (``Node/qualifiedType(_:)``), as the formats for apps write it.
///
/// ```swift
/// registry.appComponents.declare("custom:badge", since: Version("2.0")!, on: .mobile)
/// ```
public struct AppComponents: Sendable, Hashable {
    private var declared: [String: (since: Version?, platforms: Platforms)] = [:]

    /// No view declared.
    public init() {}

    /// Declares that app versions from `since` (every version when `nil`) on `platforms`
    /// ship a view, or a handler, for `type`.
    public mutating func declare(_ type: String, since: Version? = nil, on platforms: Platforms = .all) {
        declared[Node.qualifiedType(type)] = (since, platforms)
    }

    /// Whether an app of `appVersion` on `platform` ships `type`'s view, as the table says.
    /// An app that names no version may be any: a view declared from some version on is
    /// not sent to it; one that names no platform may be on any, so the view must be
    /// declared for all of them.
    public func ships(_ type: String, appVersion: Version?, platform: Platforms?) -> Bool {
        guard let entry = declared[Node.qualifiedType(type)], entry.platforms.isSuperset(of: platform ?? .all) else { return false }
        guard let since = entry.since else { return true }
        return appVersion.map { $0 >= since } ?? false
    }

    /// The declared types, sorted, with the first app version and the platforms of each.
    public var declarations: [(type: String, since: Version?, platforms: Platforms)] {
        declared.sorted { $0.key < $1.key }.map { ($0.key, $0.value.since, $0.value.platforms) }
    }

    public static func == (lhs: AppComponents, rhs: AppComponents) -> Bool {
        lhs.declarations.elementsEqual(rhs.declarations) { $0 == $1 }
    }

    public func hash(into hasher: inout Hasher) {
        for entry in declarations {
            hasher.combine(entry.type)
            hasher.combine(entry.since)
            hasher.combine(entry.platforms)
        }
    }
}
