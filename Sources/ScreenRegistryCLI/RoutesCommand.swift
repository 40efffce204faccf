import ArgumentParser
import ScreenRegistry
import ScreenRendering
import ScreenService

struct RoutesCommand: RegistryCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "List every route with its screen type, in precedence order.",
        discussion: """
            The first route that matches a path, from the top, builds its screen. \
            --format json adds each route's parent, guard, redirect and precedence rank.

            Every route renders in every screen format: \(ScreenFormat.allCases.map(\.rawValue).joined(separator: ", ")) \
            (screen-registry render PATH --format NAME, or ?format=NAME from serve).

            Examples:
              screen-registry routes
              screen-registry routes --format json
            """
    )

    enum ListFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(name: .long, help: "text (aligned columns) or json.")
    var format: ListFormat = .text

    func run(registry: ScreenRegistry) async throws {
        let routes = registry.routes
        switch format {
        case .text: Output.write(Self.table(routes))
        case .json: Output.write(RoutesDocument.json(routes, pretty: true))
        }
    }

    static func name(of route: Route) -> String {
        route.redirect.map { "→ \($0)" } ?? String(describing: route.screenType)
    }

    static func table(_ routes: [Route]) -> String {
        let width = routes.map(\.pattern.count).max() ?? 0
        var output = ""
        for route in routes {
            let pattern = route.pattern.isEmpty ? "/" : route.pattern
            var line = pattern + String(repeating: " ", count: max(width - pattern.count, 0) + 2) + name(of: route)
            if let parent = route.parent { line += "  (parent: \(parent))" }
            if let routeGuard = route.routeGuard { line += "  (\(routeGuard.description), else \(routeGuard.target))" }
            output += line + "\n"
        }
        return output
    }
}
