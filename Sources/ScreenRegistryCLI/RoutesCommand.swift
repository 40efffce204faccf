import ArgumentParser
import ScreenRegistry

struct RoutesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "List every route with its screen type, in precedence order.",
        discussion: """
            The first route that matches a path, from the top, builds its screen. \
            --format json adds each route's parent, guard, redirect and precedence rank.

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

    func run() throws {
        let routes = CommandContext.registry.routes
        switch format {
        case .text: Output.write(Self.table(routes))
        case .json: Output.write(Self.json(routes))
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

    static func json(_ routes: [Route]) -> String {
        func quoted(_ text: String) -> String {
            var result = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": result += "\\\""
                case "\\": result += "\\\\"
                case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                    result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result + "\""
        }
        func optional(_ text: String?) -> String { text.map(quoted) ?? "null" }
        let items = routes.enumerated().map { rank, route in
            let routeGuard = route.routeGuard.map { "{\"requires\": \(quoted($0.description)), \"else\": \(quoted($0.target))}" }
            return """
                  {"pattern": \(quoted(route.pattern)), "screenType": \(quoted(String(describing: route.screenType))), \
                "parent": \(optional(route.parent)), "guard": \(routeGuard ?? "null"), \
                "redirect": \(optional(route.redirect)), "rank": \(rank)}
                """
        }
        return "[\n" + items.joined(separator: ",\n") + "\n]\n"
    }
}
