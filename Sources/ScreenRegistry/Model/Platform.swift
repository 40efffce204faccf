/// Client platforms: iOS, Android and web, and sets of them.
public struct Platforms: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let ios = Platforms(rawValue: 1)
    public static let android = Platforms(rawValue: 2)
    public static let web = Platforms(rawValue: 4)
    /// iOS and Android.
    public static let mobile: Platforms = [.ios, .android]
    /// Every platform: the default.
    public static let all: Platforms = [.ios, .android, .web]

    /// The platform named `IOS`, `ANDROID`, `WEB` or `MOBILE` (iOS and Android), in any
    /// case; `nil` for any other name. Where the name comes from (a command-line option,
    /// a request header) is the caller's business.
    public init?(name: String) {
        switch name.uppercased() {
        case "IOS": self = .ios
        case "ANDROID": self = .android
        case "WEB": self = .web
        case "MOBILE": self = .mobile
        default: return nil
        }
    }

    /// The names in a fixed order, such as `IOS ANDROID`.
    public var description: String {
        var names: [String] = []
        if contains(.ios) { names.append("IOS") }
        if contains(.android) { names.append("ANDROID") }
        if contains(.web) { names.append("WEB") }
        return names.joined(separator: " ")
    }
}

/// A component shown only on some platforms.
public struct PlatformScoped: Component {
    public var content: any Component
    public var platforms: Platforms

    public var node: Node {
        var node = content.node
        node.platforms = node.platforms.intersection(platforms)
        return node
    }
}

extension Component {
    /// Marks this component for `platforms` only: rendering for another platform
    /// (`--platform`, the `beagle-platform` header) leaves it out.
    public func platforms(_ platforms: Platforms) -> PlatformScoped {
        PlatformScoped(content: self, platforms: platforms)
    }
}
