import ScreenRegistry
@testable import ScreenRegistryCLI
import Testing

/// Links to the path its data names (`target`).
private struct LinksToTarget: DeeplinkScreen {
    let target: String
    init(path: String, data: [String: String]) { target = data["target"] ?? "/nowhere" }
    func screen() async throws -> Screen { Screen { Button("Go", action: .navigate(to: target)) } }
}

/// The same screen, with sample data for `check`.
private struct CheckableLinksToTarget: CheckableScreen {
    static let examples = [["target": "/missing/page"]]
    let linking: LinksToTarget
    init(path: String, data: [String: String]) { linking = LinksToTarget(path: path, data: data) }
    func screen() async throws -> Screen { try await linking.screen() }
}

@Suite("check asks CheckableScreen types for their sample data")
struct CheckCommandTests {
    @Test("A CheckableScreen's examples are the data it is checked with; other screens get typed defaults")
    func examples() async throws {
        var registry = ScreenRegistry()
        try registry.register(CheckableLinksToTarget.self, at: "checkable")
        try registry.register(LinksToTarget.self, at: "plain")
        let report = await CheckCommand.report(for: registry)
        let broken = report.problems.filter { $0.kind == .brokenLink }.map { "\($0.route) → \($0.target ?? "-")" }
        #expect(broken.sorted() == ["checkable → /missing/page", "plain → /nowhere"])
        #expect(report.routesChecked == 2)
    }
}
