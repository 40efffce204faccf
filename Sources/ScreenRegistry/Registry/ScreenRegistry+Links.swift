/// Reverse routing and typed links: paths built from patterns and parameters.
extension ScreenRegistry {
    /// Builds the path for `pattern` with `parameters`, percent-encoding each value,
    /// so that ``resolve(_:data:context:)-(String,_,_)`` gives the parameters back.
    ///
    /// `*` takes `parameters["*"]`; `**` takes `parameters["**"]` (several segments,
    /// separated by `/`), or nothing. Throws `.missingParameter` for a value not given
    /// and `.invalidParameter` for one the pattern cannot carry (a typed parameter that
    /// does not convert, an empty value, `.`, `..`, a control character).
    public func path(for pattern: String, parameters: [String: String] = [:]) throws(ScreenRegistryError) -> String {
        try Self.fill(pattern, with: parameters, from: pattern)
    }

    /// Builds the path for the first route (in precedence order) registered for `screen`.
    public func path(
        for screen: any DeeplinkScreen.Type, parameters: [String: String] = [:]
    ) throws(ScreenRegistryError) -> String {
        // The most specific of the type's routes, without sorting every route: typed
        // links run while screens are built, on the request path.
        let candidates = entries.indices.filter { entries[$0].screenType == screen && entries[$0].redirect == nil }
        guard let id = candidates.min(by: precedes) else {
            throw .screenFailed(path: String(describing: screen), underlying: UnregisteredScreen(screen: "\(screen)"))
        }
        return try Self.fill(entries[id].pattern, with: parameters, from: entries[id].pattern)
    }

    /// Fills `template` with `parameters`; errors name `source`, the pattern being built.
    static func fill(
        _ template: String, with parameters: [String: String], from source: String
    ) throws(ScreenRegistryError) -> String {
        let pattern = try RoutePattern(template)
        var segments: [String] = []
        func value(_ name: String) throws(ScreenRegistryError) -> String {
            guard let value = parameters[name] else { throw .missingParameter(name: name, path: source) }
            guard !value.isEmpty, value != ".", value != "..",
                !value.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F })
            else { throw .invalidParameter(name: name, value: value, path: source) }
            return value
        }
        for segment in pattern.segments {
            switch segment {
            case .literal(let text):
                segments.append(text)
            case .parameter(let name):
                segments.append(try value(name))
            case .typed(let name, let type):
                let text = try value(name)
                guard type.accepts(text) else { throw .invalidParameter(name: name, value: text, path: source) }
                segments.append(text)
            case .wildcard:
                segments.append(try value("*"))
            case .catchAll:
                for part in (parameters["**"] ?? "").split(separator: "/") {
                    guard part != ".", part != "..", !part.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
                        throw .invalidParameter(name: "**", value: parameters["**"] ?? "", path: source)
                    }
                    segments.append(String(part))
                }
            }
        }
        let path = DeepLink.path(of: segments)
        guard path.utf8.count <= DeepLink.maximumLength, segments.count <= DeepLink.maximumSegments else {
            throw .invalidParameter(name: pattern.parameterNames.first ?? "**", value: "…", path: source)
        }
        return path
    }
}

/// A typed link or reverse route named a screen type that is not registered.
public struct UnregisteredScreen: Error, Sendable, CustomStringConvertible {
    /// The screen type's name.
    public var screen: String

    public var description: String {
        "no route is registered for the screen type \(screen)"
    }
}

extension Action {
    /// A link to the screen type `screen`, built from the first route (in precedence
    /// order) it is registered at in `registry`, the one building the screen (see
    /// ``DeeplinkScreen/init(match:in:)``):
    /// `try .navigate(to: ProfileScreen.self, ["userId": "42"], in: registry)`.
    ///
    /// Throws when `screen` is not registered there or a parameter is missing or
    /// invalid, so a broken typed link fails when the screen is built, and
    /// `screen-registry check` reports it.
    public static func navigate(
        to screen: any DeeplinkScreen.Type, _ parameters: [String: String] = [:], in registry: ScreenRegistry
    ) throws(ScreenRegistryError) -> Action {
        .navigate(to: try registry.path(for: screen, parameters: parameters))
    }
}
