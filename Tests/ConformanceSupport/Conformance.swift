import Foundation
import ScreenRegistry
import Screens

/// The clients' own schemas, checked by their Python tools (Tests/Conformance/*.py) in a
/// virtual environment that CI makes: `CONFORMANCE_PYTHON` names its interpreter, and a
/// developer without one runs the rest of the suite.
public enum Conformance {
    public static let python = ProcessInfo.processInfo.environment["CONFORMANCE_PYTHON"]
    /// On in CI, where a missing interpreter or schema is then a failure, not a skip.
    public static let isEnabled = python != nil || ProcessInfo.processInfo.environment["CI"] != nil
    /// What a skipped conformance test says: how to run it.
    public static let whenSkipped = """
        skipped: the clients' schema tools are not installed. To run it: python3 -m venv /tmp/sr-venv && \
        /tmp/sr-venv/bin/pip install pydivkit==33.8.0 jsonschema==4.26.0 xmlschema==4.3.2 elementpath==5.1.4 && \
        CONFORMANCE_PYTHON=/tmp/sr-venv/bin/python swift test (Hyperview's also needs HYPERVIEW_SCHEMA, \
        or ../shared/hyperview beside the repository)
        """
    public static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Conformance")

    /// Hyperview's schema: `HYPERVIEW_SCHEMA`, else `../shared/hyperview/schema/hyperview.xsd`
    /// beside the repository; data for checking, never copied into the repository.
    public static var hyperviewSchema: String? {
        if let path = ProcessInfo.processInfo.environment["HYPERVIEW_SCHEMA"] { return path }
        let beside = scripts.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/hyperview/schema/hyperview.xsd").path
        return FileManager.default.fileExists(atPath: beside) ? beside : nil
    }

    /// A fresh folder for the documents to check; the caller removes it.
    public static func folder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs `script` of `Tests/Conformance` with `arguments`: its exit status and
    /// everything it printed.
    public static func run(_ script: String, _ arguments: [String]) throws -> (status: Int32, report: String) {
        try run(scriptAt: scripts.appendingPathComponent(script), arguments)
    }

    /// Runs the Python script at `url` with `arguments`, in the virtual environment.
    public static func run(scriptAt url: URL, _ arguments: [String]) throws -> (status: Int32, report: String) {
        guard let python else { throw ConformanceError.noPython }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [url.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, report)
    }

    public enum ConformanceError: Error, CustomStringConvertible {
        case noPython
        public var description: String { "CONFORMANCE_PYTHON is not set: CI installs the schema tools (see .ci/run)" }
    }

    /// Every catalog route at a sample path (parameters `7`, `*` `any`), built with a
    /// session: its path, its screen and its back stack, root first.
    public static func catalogScreens() async throws -> [(path: String, screen: Screen, stack: [(path: String, screen: Screen)])] {
        let context = TrustedContext(session: "s1")
        var result: [(path: String, screen: Screen, stack: [(path: String, screen: Screen)])] = []
        for route in Catalog.registry.routes {
            var parameters: [String: String] = ["*": "any"]
            for name in route.parsed.parameterNames { parameters[name] = "7" }
            let path = try Catalog.registry.path(for: route.pattern, parameters: parameters)
            let stack = try await Catalog.registry.stackScreens(endingAt: Catalog.registry.resolve(path, context: context))
            result.append((path, try await Catalog.registry.screen(for: path, context: context), stack))
        }
        return result
    }
}
