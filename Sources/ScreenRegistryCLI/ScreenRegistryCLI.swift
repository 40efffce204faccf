import ArgumentParser
import ScreenRegistry

/// The `screen-registry` command line, for any registry.
///
/// An app with its own registry gets the same commands in a few lines:
///
/// ```swift
/// import ScreenRegistryCLI
///
/// var registry = ScreenRegistry()
/// registry["profile/:userId"] = ProfileScreen.self
/// await ScreenRegistryCLI.main(registry: registry)
/// ```
public enum ScreenRegistryCLI {
    /// Parses `arguments` (the process's own when `nil`), runs the command against
    /// `registry` and exits with its status.
    public static func main(registry: ScreenRegistry, arguments: [String]? = nil) async -> Never {
        do {
            var command = try RootCommand.parseAsRoot(arguments)
            if let registryCommand = command as? any RegistryCommand {
                try await registryCommand.run(registry: registry)
            } else if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            RootCommand.exit()
        } catch {
            RootCommand.exit(withError: error)
        }
    }
}

/// A command that works on the registry ``ScreenRegistryCLI/main(registry:arguments:)``
/// was given: `render`, `routes`, `check`, `serve`.
protocol RegistryCommand: AsyncParsableCommand {
    func run(registry: ScreenRegistry) async throws
}

extension RegistryCommand {
    /// Run without a registry (only `ScreenRegistryCLI.main(registry:)` supplies one).
    func run() async throws {
        throw ValidationError("\(Self.configuration.commandName ?? "this command") needs a registry: run it through ScreenRegistryCLI.main(registry:)")
    }
}

struct RootCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screen-registry",
        abstract: "Resolve deep links to server-driven UI screens and render them.",
        discussion: """
            A registry maps deep-link patterns such as profile/:userId to screen types. \
            Give a path or a URL and get the screen its route builds.

            Examples:
              screen-registry render /profile/42
              screen-registry render 'myapp://profile/42?tab=posts'
              screen-registry render /payment --data product=p1
              screen-registry render /profile/42 --format json
              screen-registry routes
              screen-registry import screen.json --format xml

            Exit codes: 0 success, 2 unknown path, 64 usage error, \
            65 invalid path or data, 70 the screen failed.
            """,
        subcommands: [RenderCommand.self, RoutesCommand.self, CheckCommand.self, FormatsCommand.self, ImportCommand.self, ServeCommand.self, ValidateCommand.self]
    )
}
