/// The only error type a registry throws.
public enum ScreenRegistryError: Error, Sendable, CustomStringConvertible {
    /// No route matches `path`; `suggestion` is the closest registered pattern, if one is close.
    case unknownPath(path: String, suggestion: String?)
    /// `path` is malformed (bad escape, control character, `..`, too long…).
    case invalidPath(path: String, reason: String)
    /// A route pattern does not follow the syntax.
    case invalidPattern(pattern: String, reason: String)
    /// `pattern` conflicts with the route `existing`, registered before.
    case duplicateRoute(pattern: String, existing: String)
    /// A screen needs the parameter `name`, which the path and data lack.
    case missingParameter(name: String, path: String)
    /// The parameter `name` has a value the screen cannot use.
    case invalidParameter(name: String, value: String, path: String)
    /// A screen's `init` or `screen()` threw `underlying`.
    case screenFailed(path: String, underlying: any Error)

    public var description: String {
        switch self {
        case .unknownPath(let path, let suggestion):
            let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
            return "no screen is registered for '\(Self.shown(path))'\(hint)"
        case .invalidPath(let path, let reason):
            return "invalid path '\(Self.shown(path))': \(reason)"
        case .invalidPattern(let pattern, let reason):
            return "invalid route pattern '\(Self.shown(pattern))': \(reason)"
        case .duplicateRoute(let pattern, let existing):
            return "route pattern '\(pattern)' conflicts with '\(existing)', registered before"
        case .missingParameter(let name, let path):
            return "'\(Self.shown(path))' needs the parameter '\(name)'"
        case .invalidParameter(let name, let value, let path):
            return "'\(Self.shown(path))': the parameter '\(name)' cannot be '\(Self.shown(value))'"
        case .screenFailed(let path, let underlying):
            return "the screen for '\(Self.shown(path))' failed: \(underlying)"
        }
    }

    /// Input as it may be printed: control characters escaped, long input cut.
    static func shown(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars.prefix(200) {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return text.unicodeScalars.count > 200 ? result + "…" : result
    }
}
