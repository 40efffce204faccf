import Foundation
import ScreenRegistry
@testable import ScreenRegistryCLI
import ScreenRendering
import Testing

/// Shows a badge that no app declares, without a fallback.
private struct UndeclaredBadgeScreen: DeeplinkScreen {
    init(path: String, data: [String: String]) {}
    func screen() async throws -> Screen {
        Screen { Node(kind: .component, type: "custom:chart", properties: [.init("points", .int(3))]) }
    }
}

@Suite("formats, check --client, render --client and --app-version")
struct ClientCommandTests {
    @Test("formats lists every format with its media type, its client and what the client renders since when")
    func formats() throws {
        let run = try CLIRun("formats")
        #expect(run.status == 0)
        for format in ScreenFormat.allCases {
            #expect(run.stdout.contains("\(format.rawValue)  \(format.contentType)  client: \(ClientCapabilities.of(format).client)\n"))
        }
        #expect(run.stdout.contains("  beagle:setContext  since divkit 30.4\n"))
        #expect(run.stdout.contains("  beagle:listView  since hyperview 0.26\n"))
        #expect(run.stdout.contains("  custom:badge  since app 2.0 on IOS ANDROID WEB\n"))
        #expect(run.stdout.contains("  beagle:textInput type=PASSWORD  since divkit 31.7\n"))
        #expect(run.stdout.contains("  a binding's path into context data (user.name, tags[0])  since divkit 28.6\n"))
        #expect(run.stdout.contains(
            "  operations in bindings: and, concat, condition, eq, gt, gte, lowercase, lt, lte, multiply, not, or, subtract, sum, uppercase; no other, in any version\n"))
        #expect(run.stdout.components(separatedBy: "operations in bindings:").count == 2)  // DivKit's alone
        #expect(run.stdout.contains("  beagle:image without a remote URL as the app's own view beagle:image(local)  where the app declares it\n"))
        // Under Hyperview alone.
        let hyperview = try #require(run.stdout.components(separatedBy: "client: ").first { $0.hasPrefix("hyperview\n") })
        #expect(hyperview.contains("  other actions: written in a comment only, run by no app\n"))
        #expect(hyperview.contains("  beagle:touchable of no components as the app's own view beagle:touchable  where the app declares it\n"))
        #expect(hyperview.contains("  beagle:pushView with a route of no path: written in a comment only, run by no app\n"))
        let divkit = try #require(run.stdout.components(separatedBy: "client: ").first { $0.hasPrefix("divkit\n") })
        #expect(divkit.contains("  beagle:touchable of no single component as the app's own view beagle:touchable  where the app declares it\n"))
        #expect(run.stdout.components(separatedBy: "other actions:").count == 2)
    }

    @Test("check --client all passes on the catalog")
    func catalogPasses() throws {
        let run = try CLIRun("check", "--client", "all")
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.hasSuffix("every component renders\n"))
        let hyperview = try CLIRun("check", "--client", "hyperview@0.41", "--app-version", "1.0", "--platform", "IOS")
        #expect(hyperview.status == 0, "\(hyperview.stdout)")
        // An older DivKit lacks the profile's evenly spaced buttons and the registration's
        // password keyboard; the catalog has no fallback for either.
        let divkit = try CLIRun("check", "--client", "divkit@28.0")
        #expect(divkit.status == 1)
        #expect(divkit.stdout.contains(
            "profile/:userId (/profile/example): beagle:screenComponent > beagle:container > beagle:container: divkit@28.0 "
                + "cannot render beagle:container: divkit renders style.flex.justifyContent SPACE_EVENLY from 28.3\n"))
        #expect(divkit.stdout.contains("login/registration (/login/registration): beagle:screenComponent > beagle:container > beagle:textInput: "))
        // The summary counts problems and the screens they are in: the products' three
        // images are three problems in one screen.
        let older = try CLIRun("check", "--client", "hyperview@0.20", "--app-version", "1.0", "--platform", "IOS")
        #expect(older.status == 1)
        #expect(older.stdout.hasSuffix(" screens checked for hyperview@0.20 app 1.0 IOS: 6 problems in 4 screens\n"))
    }

    @Test("check --client fails on an undeclared custom component, naming it, the route and the client")
    func undeclaredComponent() async throws {
        var registry = ScreenRegistry()
        try registry.register(UndeclaredBadgeScreen.self, at: "chart")
        let profiles = ScreenFormat.allCases.map { ClientProfile(format: $0, platform: .android, appVersion: Version("5.0")) }
        let (screens, problems) = await CheckCommand.clientProblems(in: registry, for: profiles)
        #expect(screens == 1)
        #expect(problems.map(\.description) == ["text", "xml", "beagle", "divkit", "hyperview", "html"].map { client in
            "chart (/chart): beagle:screenComponent > custom:chart: \(client) app 5.0 ANDROID cannot render custom:chart: "
                + "it needs the app's own view, which app 5.0 on ANDROID does not declare"
        })
    }

    @Test("render --app-version 1.0 and 2.0 differ exactly by the badge's fallback")
    func appVersions() throws {
        let old = try CLIRun("render", "/profile/42", "--app-version", "1.0")
        let new = try CLIRun("render", "/profile/42", "--app-version", "2.0")
        #expect(old.status == 0 && new.status == 0)
        let oldLines = old.stdout.split(separator: "\n"), newLines = new.stdout.split(separator: "\n")
        #expect(oldLines.count == newLines.count)
        let differing = zip(oldLines, newLines).filter { $0 != $1 }
        #expect(differing.map { String($0.0) } == [#"   ├─ text text="Update the app to see badges""#])
        #expect(differing.map { String($0.1) } == [#"   ├─ custom:badge label="Verified""#])
        let divkit = try CLIRun("render", "/profile/42", "--client", "divkit@30.4", "--app-version", "1.0")
        #expect(divkit.status == 0 && divkit.stdout.contains("Update the app to see badges") && !divkit.stdout.contains("custom_type"))
        #expect(try CLIRun("render", "/profile/42", "--client", "divkit", "--format", "xml").status == 64)
    }

    @Test("render /home --platform IOS and ANDROID differ in every format", arguments: ScreenFormat.allCases)
    func platforms(format: ScreenFormat) throws {
        let ios = try CLIRun("render", "/home", "--format", format.rawValue, "--platform", "IOS")
        let android = try CLIRun("render", "/home", "--format", format.rawValue, "--platform", "ANDROID")
        #expect(ios.status == 0 && android.status == 0)
        #expect(ios.stdout.contains("Add the Home widget to your home screen"))
        #expect(!android.stdout.contains("Add the Home widget to your home screen"))
    }
}
