import ArgumentParser
import Foundation
import ScreenRegistry

struct CheckCommand: RegistryCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check every link: render each route and resolve every navigation target.",
        discussion: """
            Each route is rendered with sample parameters (the screen type's `examples` \
            when it is a CheckableScreen, else typed defaults), and every navigation \
            target in it (navigate, push, reset, popToView, openNativeRoute) is \
            resolved, as are redirects, parents and guards. \
            Routes that never win for their own sample paths are reported as shadowed.

            Exit codes: 0 nothing broken, 1 something broken (each problem on stdout).
            """
    )

    func run(registry: ScreenRegistry) async throws {
        let total = registry.routes.count
        // Large registries take a while: say how far along the check is, on stderr.
        let step = total >= 50 ? max(total / 10, 1) : 0
        let report = await Self.report(for: registry) { done, total in
            if step > 0, done % step == 0 || done == total {
                FileHandle.standardError.write(Data("checked \(done)/\(total) routes\n".utf8))
            }
        }
        var output = ""
        for problem in report.problems {
            output += problem.description + "\n"
        }
        let summary = "\(report.routesChecked) routes, \(report.linksChecked) links checked: "
        if report.isClean {
            output += summary + "nothing broken\n"
        } else {
            output += summary + "\(report.problems.count) problem\(report.problems.count == 1 ? "" : "s")\n"
        }
        Output.write(output)
        if !report.isClean { throw ExitCode(1) }
    }

    /// The link check of `registry`, with the sample data of the screen types that are
    /// ``CheckableScreen``s.
    static func report(for registry: ScreenRegistry, progress: (@Sendable (Int, Int) -> Void)? = nil) async -> LinkCheckReport {
        await registry.checkLinks(
            examples: { screen in (screen as? any CheckableScreen.Type)?.examples ?? [] }, progress: progress
        )
    }
}
