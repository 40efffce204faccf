import Logging
import ScreenRegistry
import ScreenRendering

/// The live preview that `screen-registry serve --preview` mounts at `/preview`: for
/// people who build screens, never for apps, and never on unless asked.
///
/// `GET /preview/` lists every route with links to its sample paths and has a form for a
/// path, data and a client (format, client version, platform, app version).
/// `GET /preview/<path>` shows that screen as a page in a phone-sized frame, beside the
/// same screen in every wire format (fitted to the client, as the service sends it), its
/// resolution (pattern, parameters, data, redirects, guard, back stack), what
/// `check --client` and the link checker report for it and what building and writing
/// it cost. Links inside the screen lead to other screens' previews. An unknown path is
/// `404` and a malformed one `400`, each a page that says why and suggests a route.
///
/// The request's trusted context comes from the service's authenticator, as for the
/// screens: the preview shows what that request would get, nothing more. A Hyperview
/// version chosen (`preview.format=hxml&preview.version=0.85.0`) reaches the screen as
/// the client's word (`TrustedContext.declared`), as `X-Hyperview-Version` does; the
/// screen is built once, for the client chosen, and every format's tab shows it so. The pages run
/// no script (their `Content-Security-Policy` allows none) and load nothing but images.
public struct ScreenPreview: Sendable {
    /// The service whose registry, authenticator and link base the preview uses.
    public let service: ScreenService
    /// Where the preview is mounted, such as `/preview`.
    public let basePath: String
    /// The sample parameters of a screen type, as `check` takes them.
    let examples: @Sendable (any DeeplinkScreen.Type) -> [[String: String]]

    /// Creates the preview of `service`, mounted at `basePath`. `examples` gives a screen
    /// type's sample parameters (each entry the parameters and data of one sample path),
    /// else typed defaults are used, as in `check`.
    public init(
        service: ScreenService, basePath: String = "/preview",
        examples: @escaping @Sendable (any DeeplinkScreen.Type) -> [[String: String]] = { _ in [] }
    ) {
        self.service = service
        self.basePath = "/" + basePath.split(separator: "/").joined(separator: "/")
        self.examples = examples
    }

    /// The policy of every preview page: no script, nothing loaded but images, the form
    /// sent only to the preview itself.
    static let contentSecurityPolicy =
        "default-src 'none'; img-src http: https:; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

    /// Answers a request below the mount point; `request.target` is the path and query
    /// below it, such as `/profile/42?tab=posts`. Never throws: every failure is a page.
    public func respond(to request: ScreenRequest, logger: Logger) async -> ScreenResponse {
        let start = ContinuousClock.now
        let log = RequestLog(logger: logger, requestID: request.requestID)
        var page = PreviewPage(base: basePath == "/" ? "" : basePath)
        let (status, html, pattern, errorHeaders) = await answer(request, page: &page, log: log)
        let body = Array(html.utf8)
        var response = ScreenResponse(status: status, headers: [
            HeaderField("Content-Type", "text/html; charset=utf-8"),
            HeaderField("Content-Length", String(body.count)),
            HeaderField("Cache-Control", "no-store"),
            HeaderField("X-Content-Type-Options", "nosniff"),
            HeaderField("Content-Security-Policy", Self.contentSecurityPolicy),
        ], body: body, pattern: pattern)
        // What the refusal adds for the client: `Allow` on a 405, an authenticator's
        // `WWW-Authenticate` on a 401.
        response.headers += errorHeaders
        if request.method == "HEAD" { response = ScreenService.headResponse(response) }
        ScreenService.write(request, response, since: start, to: log)
        return response
    }

    /// The page's status, markup and route, and the header fields a refusal adds.
    private func answer(
        _ request: ScreenRequest, page: inout PreviewPage, log: RequestLog
    ) async -> (Int, String, String?, [HeaderField]) {
        let parsed: PreviewRequest
        var context: TrustedContext
        do throws(ServiceError) {
            try ScreenService.checkMethod(request, RequestHeaders(request.headers))
            let limit = service.configuration.maximumTargetLength
            guard request.target.utf8.count <= limit else { throw ServiceError.uriTooLong(limit: limit) }
            parsed = try Self.parse(request.target)
            context = try await service.authenticate(request)
        } catch {
            let html = page.error(status: error.status, reason: ServiceError.reason(for: error.status), message: error.message)
            return (error.status, html, nil, error.headers)
        }
        page.client = parsed.client
        // The screen is built as the service builds it for the chosen client: a Hyperview
        // client's version is its own word, which the screen may read and no guard trusts.
        if parsed.client.format == .hxml, let version = parsed.client.versionName, context["hyperviewVersion"] == nil {
            context.declared["hyperviewVersion"] = version
        }
        guard case .screen(let link) = parsed.page else {
            let routes = service.registry.routes.map { route in
                (route, service.registry.samplePaths(for: route, examples: examples(route.screenType)))
            }
            return (200, page.index(routes), nil, [])
        }
        page.path = link.path
        page.data = ScreenRegistry.pathWithQuery("", link.query).dropFirst().description
        do {
            let match = try service.registry.resolve(link, context: context)
            let report = try await PreviewReport.make(
                match, in: service.registry, client: parsed.client, examples: examples(match.screenType), linkBase: page.base)
            guard match.isFallback else { return (200, page.screen(report), match.pattern, []) }
            return (404, page.screen(report, suggestion: match.data["suggestion"].map(suggestion)), nil, [])
        } catch {
            if case .screenFailed = error {
                log.error("screen failed", metadata: ["path": "\(link.path)", "error": "\(String(describing: error))"])
            }
            let failure = ServiceError(error)
            var closest: PreviewPage.Suggestion?
            if case .unknownPath(_, let pattern?) = error { closest = suggestion(pattern) }
            return (failure.status, page.error(
                status: failure.status, reason: ServiceError.reason(for: failure.status), message: failure.message, suggestion: closest
            ), nil, failure.headers)
        }
    }

    /// The route of `pattern` and its first sample path, to link to.
    private func suggestion(_ pattern: String) -> PreviewPage.Suggestion {
        let route = service.registry.routes.first { $0.pattern == pattern }
        let sample = route.flatMap { service.registry.samplePaths(for: $0, examples: examples($0.screenType)).first }
        return PreviewPage.Suggestion(pattern: pattern, path: sample?.path)
    }

    private static func parse(_ target: String) throws(ServiceError) -> PreviewRequest {
        do {
            return try PreviewRequest(target)
        } catch {
            throw ServiceError(error)
        }
    }
}
