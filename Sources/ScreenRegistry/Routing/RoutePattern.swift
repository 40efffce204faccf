/// A parsed route pattern such as `cards/:cardId(int)/detail`.
///
/// Syntax (ARCHITECTURE.md, routing rule 6): a literal `profile`; a parameter `:userId`; a typed
/// parameter `:id(int)`, `:x(double)`, `:u(uuid)`; a wildcard `*` (one segment, not
/// captured); a catch-all `**` (zero or more trailing segments, last only).
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    /// The segments, in order.
    public var segments: [PatternSegment]

    /// Parses `pattern`, or throws `.invalidPattern` saying why.
    public init(_ pattern: String) throws(ScreenRegistryError) {
        func invalid(_ reason: String) -> ScreenRegistryError {
            .invalidPattern(pattern: pattern, reason: reason)
        }
        let parts = pattern.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count <= DeepLink.maximumSegments else {
            throw invalid("it has more than \(DeepLink.maximumSegments) segments")
        }
        var names: Set<String> = []
        var segments: [PatternSegment] = []
        for (position, part) in parts.enumerated() {
            let segment = try PatternSegment(parsing: part, in: pattern)
            if segment == .catchAll && position != parts.count - 1 {
                throw invalid("'**' must be the last segment")
            }
            if let name = segment.parameterName, !names.insert(name).inserted {
                throw invalid("the parameter name '\(name)' is used twice")
            }
            segments.append(segment)
        }
        self.segments = segments
    }

    /// The pattern in canonical form: no leading or doubled slashes, root as `/`.
    public var description: String {
        segments.isEmpty ? "/" : segments.map(\.description).joined(separator: "/")
    }

    /// The parameter names, in order.
    public var parameterNames: [String] {
        segments.compactMap(\.parameterName)
    }
}

/// One segment of a route pattern.
public enum PatternSegment: Sendable, Hashable, CustomStringConvertible {
    /// Matches exactly this (decoded) text.
    case literal(String)
    /// Matches any one segment and captures it under `name`.
    case parameter(String)
    /// Matches one segment that converts to `type`, captured under `name`.
    case typed(String, ParameterType)
    /// `*`: matches any one segment, not captured.
    case wildcard
    /// `**`: matches zero or more trailing segments.
    case catchAll

    init(parsing part: Substring, in pattern: String) throws(ScreenRegistryError) {
        func invalid(_ reason: String) -> ScreenRegistryError {
            .invalidPattern(pattern: pattern, reason: reason)
        }
        if part == "*" { self = .wildcard; return }
        if part == "**" { self = .catchAll; return }
        if part.hasPrefix(":") {
            var name = part.dropFirst()
            var type: ParameterType?
            if let open = name.firstIndex(of: "(") {
                guard name.hasSuffix(")") else { throw invalid("'\(part)' has an unclosed type") }
                let typeName = name[name.index(after: open)..<name.index(before: name.endIndex)]
                guard let parsed = ParameterType(rawValue: String(typeName)) else {
                    throw invalid("'\(typeName)' is not a parameter type (int, double or uuid)")
                }
                type = parsed
                name = name[..<open]
            }
            guard let first = name.unicodeScalars.first else { throw invalid("'\(part)' has no parameter name") }
            guard first == "_" || first.properties.isAlphabetic,
                name.unicodeScalars.allSatisfy({ $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) })
            else { throw invalid("'\(name)' is not a parameter name (letters, digits and '_')") }
            self = type.map { .typed(String(name), $0) } ?? .parameter(String(name))
            return
        }
        if part.contains("*") { throw invalid("'\(part)' mixes '*' with other characters") }
        let decoded: String
        do {
            decoded = try PercentDecoding.decode(part.utf8.span, plusAsSpace: false)
        } catch {
            throw invalid("'\(part)' has a malformed percent-escape")
        }
        if decoded.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
            throw invalid("'\(part)' contains a control character")
        }
        if decoded == "." || decoded == ".." { throw invalid("a '\(decoded)' segment can never match") }
        self = .literal(decoded)
    }

    /// The captured name, for parameters.
    public var parameterName: String? {
        switch self {
        case .parameter(let name), .typed(let name, _): name
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .literal(let text):
            // A literal must not read back as a parameter or a wildcard.
            Self.written(literal: text)
        case .parameter(let name): ":\(name)"
        case .typed(let name, let type): ":\(name)(\(type.rawValue))"
        case .wildcard: "*"
        case .catchAll: "**"
        }
    }

    /// A literal as a pattern writes it, never to read back as a parameter or a wildcard:
    /// escaped first, so that a leading `:` stands alone (a combining mark after it escaped).
    private static func written(literal text: String) -> String {
        let escaped = DeepLink.escapeSegment(text).replacing("*", with: "%2A")
        return escaped.hasPrefix(":") ? "%3A" + escaped.dropFirst() : escaped
    }

    /// Precedence at one position: lower wins (rule 7). Typed parameters go from narrow to wide.
    var rank: Int {
        switch self {
        case .literal: 0
        case .typed(_, .int): 1
        case .typed(_, .uuid): 2
        case .typed(_, .double): 3
        case .parameter, .wildcard: 4
        case .catchAll: 5
        }
    }
}
