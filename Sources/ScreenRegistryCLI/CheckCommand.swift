import ArgumentParser
import Foundation
import ScreenRegistry
import ScreenRendering

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

            With --client, every route is rendered for that client instead, and each \
            component or action it cannot render without a fallback is reported (route, \
            where in the screen, client, why). --client all checks every format's client.

            Exit codes: 0 nothing broken, 1 something broken (each problem on stdout).

            Examples:
              screen-registry check
              screen-registry check --client all
              screen-registry check --client hyperview@0.20 --app-version 1.0 --platform IOS
            """
    )

    @Option(name: .long, help: ArgumentHelp(
        "With --client: the client's platform (IOS, ANDROID, WEB).", valueName: "platform"))
    var platform: String?

    @OptionGroup var clientOptions: ClientOptions

    func validate() throws {
        if let platform, Platforms(name: platform) == nil {
            throw ValidationError("--platform must be IOS, ANDROID, WEB or MOBILE, not '\(platform)'")
        }
    }

    func run(registry: ScreenRegistry) async throws {
        if let client = clientOptions.client {
            try await checkClients(client, registry: registry)
            return
        }
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

    private func checkClients(_ client: String, registry: ScreenRegistry) async throws {
        let platform = self.platform.flatMap(Platforms.init(name:))
        let profiles: [ClientProfile] = client == "all"
            ? ScreenFormat.allCases.map { ClientProfile(format: $0, platform: platform, appVersion: clientOptions.appVersion.flatMap(Version.init)) }
            : clientOptions.format.flatMap { clientOptions.profile(format: $0, platform: platform) }.map { [$0] } ?? []
        let (screens, problems) = await Self.clientProblems(in: registry, for: profiles)
        var output = problems.map { $0.description + "\n" }.joined()
        let clients = profiles.map(\.description).joined(separator: ", ")
        output += "\(screens) screens checked for \(clients): "
        if problems.isEmpty {
            output += "every component renders\n"
        } else {
            let failing = Set(problems.map { $0.route + " " + $0.samplePath }).count
            output += "\(problems.count) problem\(problems.count == 1 ? "" : "s") in \(failing) screen\(failing == 1 ? "" : "s")\n"
        }
        Output.write(output)
        if !problems.isEmpty { throw ExitCode(1) }
    }
}
