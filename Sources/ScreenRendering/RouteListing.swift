import ScreenRegistry

/// A registry's routes as JSON, for `screen-registry routes --format json` and the
/// service's `GET /routes`: one document, written the same way in both.
///
/// ```json
/// {"routes":[{"pattern":"payment","screenType":"PaymentScreen","parent":"products",
///   "guard":{"requires":"requires session","else":"login"},"redirect":null,"rank":7}]}
/// ```
///
/// Routes come in precedence order; `rank` is the position in it. Absent values are
/// `null`, so every route has the same members.
public enum RouteListing {
    /// The document for `routes` (pass `ScreenRegistry.routes`, already in precedence order).
    public static func json(_ routes: [Route], pretty: Bool = false) -> String {
        var writer = JSONWriter(pretty: pretty)
        writer.beginObject()
        writer.key("routes")
        writer.beginArray()
        for (rank, route) in routes.enumerated() {
            writer.element()
            writer.beginObject()
            writer.key("pattern")
            writer.string(route.pattern)
            writer.key("screenType")
            writer.string(String(describing: route.screenType))
            writer.key("parent")
            optional(route.parent, into: &writer)
            writer.key("guard")
            if let routeGuard = route.routeGuard {
                writer.beginObject()
                writer.key("requires")
                writer.string(routeGuard.description)
                writer.key("else")
                writer.string(routeGuard.target)
                writer.endObject()
            } else {
                writer.raw("null")
            }
            writer.key("redirect")
            optional(route.redirect, into: &writer)
            writer.key("rank")
            writer.int(rank)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        if pretty { writer.output.append(UInt8(ascii: "\n")) }
        return String(decoding: writer.output, as: UTF8.self)
    }

    private static func optional(_ text: String?, into writer: inout JSONWriter) {
        if let text { writer.string(text) } else { writer.raw("null") }
    }
}
