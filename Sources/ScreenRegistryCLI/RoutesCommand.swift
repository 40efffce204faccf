import ArgumentParser
import ScreenRegistry

struct RoutesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "List every route with its screen type, in precedence order.",
        discussion: "The first route that matches a path, from the top, builds its screen."
    )

    func run() throws {
        let routes = CommandContext.registry.routes
        let width = routes.map(\.pattern.count).max() ?? 0
        var output = ""
        for route in routes {
            let pattern = route.pattern.isEmpty ? "/" : route.pattern
            output += pattern + String(repeating: " ", count: max(width - pattern.count, 0) + 2)
            output += String(describing: route.screenType) + "\n"
        }
        Output.write(output)
    }
}
