/// A screen type that a registry builds for a deep link, as in Beagle's
/// `DeeplinkScreen`.
///
/// ```swift
/// struct ProfileScreen: DeeplinkScreen {
///     let userId: String
///     init(path: String, data: [String: String]) throws {
///         userId = try data.required("userId", path: path)
///     }
///     func screen() async throws -> Screen {
///         Screen(title: "Profile") { Text("User \(userId)") }
///     }
/// }
/// ```
public protocol DeeplinkScreen: Sendable {
    /// Creates the screen for a matched path. `path` is the normalised path; `data` holds
    /// the query items, then the caller's data, then the path parameters (highest wins).
    init(path: String, data: [String: String]) throws

    /// Creates the screen with the trusted request context beside the data: what the
    /// host application vouched for (the signed-in user, roles, locale). The registry
    /// calls this one; the default forwards to ``init(path:data:)``, so a screen that
    /// needs no context implements only that.
    init(path: String, data: [String: String], context: TrustedContext) throws

    /// Creates the screen for `match` with the registry building it, for a screen that
    /// links to other screen types by type (``Action/navigate(to:_:in:)``) or checks a
    /// path against the registry (``ScreenRegistry/inAppPath(_:context:)``). The registry calls
    /// this one; the default forwards to ``init(path:data:context:)`` with the match's
    /// path, data and context.
    init(match: RouteMatch, in registry: ScreenRegistry) throws

    /// Builds the screen tree.
    func screen() async throws -> Screen

    /// Chain of responsibility: return `false` to decline a matched path, so the next
    /// candidate route is tried. The default is `true`.
    static func canHandle(path: String, data: [String: String]) -> Bool

    /// ``canHandle(path:data:)`` with the trusted request context; the registry asks this
    /// one, and the default forwards to ``canHandle(path:data:)``.
    static func canHandle(path: String, data: [String: String], context: TrustedContext) -> Bool
}

extension DeeplinkScreen {
    public init(path: String, data: [String: String], context: TrustedContext) throws {
        try self.init(path: path, data: data)
    }

    public init(match: RouteMatch, in registry: ScreenRegistry) throws {
        try self.init(path: match.path, data: match.data, context: match.context)
    }

    public static func canHandle(path: String, data: [String: String]) -> Bool { true }

    public static func canHandle(path: String, data: [String: String], context: TrustedContext) -> Bool {
        canHandle(path: path, data: data)
    }


}

extension Dictionary where Key == String, Value == String {
    /// The value for `name`, or `.missingParameter` naming it and the path.
    public func required(_ name: String, path: String) throws(ScreenRegistryError) -> String {
        guard let value = self[name] else { throw .missingParameter(name: name, path: path) }
        return value
    }

    /// The value for `name` as an integer, or a typed error when it is absent or not one.
    public func requiredInt(_ name: String, path: String) throws(ScreenRegistryError) -> Int {
        let value = try required(name, path: path)
        guard ParameterType.int.accepts(value), let number = Int(value) else {
            throw .invalidParameter(name: name, value: value, path: path)
        }
        return number
    }
}
