import ScreenRegistry
import ScreenRendering

/// The JSON of `GET /routes`: the same document as `screen-registry routes --format json`.
enum RoutesDocument {
    static func json(for routes: [Route]) -> String {
        RouteListing.json(routes)
    }
}
