import ScreenRegistry
import Testing

/// A screen type that builds a one-line screen and accepts every path.
struct Probe: DeeplinkScreen {
    let path: String
    let data: [String: String]

    init(path: String, data: [String: String]) {
        self.path = path
        self.data = data
    }

    func screen() async throws -> Screen {
        Screen { Text("probe \(path)") }
    }
}

/// Declines every path unless its data has `accept=yes`.
struct Picky: DeeplinkScreen {
    init(path: String, data: [String: String]) {}

    static func canHandle(path: String, data: [String: String]) -> Bool {
        data["accept"] == "yes"
    }

    func screen() async throws -> Screen {
        Screen { Text("picky") }
    }
}

struct ScreenError: Error, Equatable {}

/// A screen whose init throws a plain error.
struct FailingInit: DeeplinkScreen {
    init(path: String, data: [String: String]) throws {
        throw ScreenError()
    }

    func screen() async throws -> Screen { Screen { Text("never") } }
}

/// A screen whose screen() throws a plain error.
struct FailingBuild: DeeplinkScreen {
    init(path: String, data: [String: String]) {}

    func screen() async throws -> Screen { throw ScreenError() }
}

/// A screen that needs the `userId` parameter.
struct NeedsUser: DeeplinkScreen {
    let userId: String

    init(path: String, data: [String: String]) throws {
        userId = try data.required("userId", path: path)
    }

    func screen() async throws -> Screen { Screen { Text(userId) } }
}

/// A registry with `Probe` at each pattern, in the given order.
func registry(_ patterns: [String], caseInsensitive: Bool = false) throws -> ScreenRegistry {
    var registry = ScreenRegistry(caseInsensitive: caseInsensitive)
    for pattern in patterns {
        try registry.register(Probe.self, at: pattern)
    }
    return registry
}

/// What `registry` says of `path`: the suggestion of its `.unknownPath` (`nil` for none),
/// `"matched"` when it matches, `"other error"` for any other error.
func suggestion(_ registry: ScreenRegistry, _ path: String) -> String? {
    do {
        _ = try registry.resolve(path)
        return "matched"
    } catch {
        return error.isUnknownPath ? error.suggestion : "other error"
    }
}

/// The reason of an `.invalidPath`, or `nil` when `body` did not throw one.
func invalidPathReason(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch {
        if case .invalidPath(_, let reason) = error as? ScreenRegistryError { return reason }
        return nil
    }
}

extension ScreenRegistryError {
    var isUnknownPath: Bool {
        if case .unknownPath = self { return true }
        return false
    }

    var suggestion: String? {
        if case .unknownPath(_, let suggestion) = self { return suggestion }
        return nil
    }
}

/// Expects `body` to throw exactly `expected`: the same case with the same values.
///
/// Errors are compared by their descriptions, which name the case's every value (the
/// underlying error of `.screenFailed` by its own description).
func expectError<T>(
    _ expected: ScreenRegistryError, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> T
) {
    do {
        _ = try body()
        Issue.record("expected \(expected), nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as ScreenRegistryError {
        #expect(error.description == expected.description, sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected \(expected), got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
    }
}

/// A screen only for requests whose context names a Hyperview version.
struct DeclaredOnly: DeeplinkScreen {
    init(path: String, data: [String: String]) {}

    static func canHandle(path: String, data: [String: String], context: TrustedContext) -> Bool {
        context["hyperviewVersion"] != nil
    }

    func screen() async throws -> Screen {
        Screen { Text("beta") }
    }
}
