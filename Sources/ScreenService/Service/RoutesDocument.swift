import ScreenRegistry
import ScreenRendering

/// A registry's routes as JSON: the service's `GET /routes` and
/// `screen-registry routes --format json` write this one document.
///
/// ```json
/// {"routes":[{"pattern":"payment","screenType":"PaymentScreen","parent":"products",
///   "guard":{"requires":"requires session","else":"login"},"redirect":null,"rank":7}]}
/// ```
///
/// Routes come in precedence order; `rank` is the position in it. Absent values are
/// `null`, so every route has the same members.
public enum RoutesDocument {
    /// The document for `routes` (pass `ScreenRegistry.routes`, already in precedence
    /// order); `pretty` indents it by two spaces, a member a line.
    public static func json(_ routes: [Route], pretty: Bool = false) -> String {
        let entries = routes.enumerated().map { rank, route in
            let routeGuard = route.routeGuard.map { routeGuard in
                object([("requires", string(routeGuard.description)), ("else", string(routeGuard.target))], pretty, depth: 4)
            }
            return object([
                ("pattern", string(route.pattern)),
                ("screenType", string(String(describing: route.screenType))),
                ("parent", route.parent.map(string) ?? "null"),
                ("guard", routeGuard ?? "null"),
                ("redirect", route.redirect.map(string) ?? "null"),
                ("rank", String(rank)),
            ], pretty, depth: 3)
        }
        let list = entries.isEmpty ? "[]" : "[" + lines(entries, pretty, depth: 2) + "]"
        return object([("routes", list)], pretty, depth: 1) + (pretty ? "\n" : "")
    }

    private static func string(_ text: String) -> String {
        JSONString.literal(text)
    }

    /// An object of already written values, whose members are indented to `depth`.
    private static func object(_ members: [(String, String)], _ pretty: Bool, depth: Int) -> String {
        "{" + lines(members.map { string($0.0) + (pretty ? ": " : ":") + $0.1 }, pretty, depth: depth) + "}"
    }

    private static func lines(_ items: [String], _ pretty: Bool, depth: Int) -> String {
        guard pretty else { return items.joined(separator: ",") }
        let indent = "\n" + String(repeating: "  ", count: depth)
        return indent + items.joined(separator: "," + indent) + "\n" + String(repeating: "  ", count: depth - 1)
    }
}
