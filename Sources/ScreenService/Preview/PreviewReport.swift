import ScreenRegistry
import ScreenRendering

/// Everything the preview shows of one resolved screen, gathered once: the screen is
/// built once, then fitted to each format's client and rendered in it, each timed.
struct PreviewReport {
    /// One format's rendering of the screen, for its client.
    struct Rendering {
        var profile: ClientProfile
        /// The document, or why the client gets none (what it cannot render).
        var body: Result<String, UnsupportedComponent>
        /// What the client cannot render without a fallback: what `check --client` reports.
        var problems: [UnsupportedComponent]
        var milliseconds: Double
    }

    var match: RouteMatch
    /// The route that won, for its guard, parent and link check; `nil` for the fallback.
    var route: Route?
    /// The back stack from the root, or why it could not be resolved.
    var stack: Result<[RouteMatch], ScreenRegistryError>
    /// What the link checker finds for the route at its sample paths.
    var links: LinkCheckReport?
    /// The screen as the page in the phone frame (HTML fitted to the client's platform
    /// and app version, linking inside the preview), or why it cannot be shown.
    var page: Result<String, UnsupportedComponent>
    /// Every format's rendering, in `ScreenFormat` order.
    var renderings: [Rendering]
    var buildMilliseconds: Double

    /// Builds the screen of `match` and everything around it. A screen that cannot be
    /// built throws, as it does for the service.
    static func make(
        _ match: RouteMatch, in registry: ScreenRegistry, client: PreviewClient, examples: [[String: String]], linkBase: String
    ) async throws(ScreenRegistryError) -> PreviewReport {
        let clock = ContinuousClock()
        let start = clock.now
        let node = try await registry.screen(for: match).node
        let buildMilliseconds = (clock.now - start).milliseconds

        var renderings: [Rendering] = []
        for format in ScreenFormat.allCases {
            let started = clock.now
            let fit = ClientFit(client.profile(for: format), appComponents: registry.appComponents)
            let options = RenderOptions(pretty: true, platform: client.platform, linkBase: linkBase)
            let body = Result { () throws(UnsupportedComponent) in try fit.fit(node) }.map { fitted in
                // Rendering a tree the registry built cannot fail for our formats; if it
                // did, the tab says so rather than the page failing.
                (try? format.renderBytes(fitted, options: options)).map { String(decoding: $0, as: UTF8.self) }
                    ?? "(this format could not write the screen)"
            }
            renderings.append(Rendering(
                profile: fit.profile, body: body, problems: fit.problems(in: node), milliseconds: (clock.now - started).milliseconds))
        }

        let htmlFit = ClientFit(client.profile(for: .html), appComponents: registry.appComponents)
        let html = HTMLRenderer(platform: client.platform, linkBase: linkBase)
        let page = Result { () throws(UnsupportedComponent) in try htmlFit.fit(node) }.map(html.renderBody)
        let route = match.isFallback ? nil : registry.routes.first { $0.pattern == match.pattern }
        var links: LinkCheckReport?
        if let route { links = await registry.checkLinks(of: route, examples: examples) }
        let query = match.data.filter { match.parameters[$0.key] == nil }
        return PreviewReport(
            match: match, route: route,
            stack: Result { () throws(ScreenRegistryError) in try registry.stack(endingAt: match, data: query) },
            links: links, page: page, renderings: renderings, buildMilliseconds: buildMilliseconds)
    }
}
