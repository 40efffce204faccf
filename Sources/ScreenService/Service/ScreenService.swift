import Logging
import ScreenRegistry
import ScreenRendering

/// The HTTP service without an HTTP framework: request in, response out.
///
/// It owns every decision the service makes (which screen, which format, which
/// status, caching), so an adapter for any framework is a few lines that copy the
/// request in and the response out: `ScreenServerHummingbird` (Hummingbird 2) and
/// `ScreenServerVapor` (Vapor 4, the package in `Integrations/ScreenServerVapor`) are
/// such adapters. In any other framework:
///
/// ```swift
/// let service = ScreenService(registry: Catalog.registry)
/// // for a request to /screens/profile/42?tab=posts:
/// let answer = await service.respond(
///     to: ScreenRequest(
///         method: "GET",
///         target: ScreenRequest.target(path: "/screens/profile/42", query: "tab=posts", below: "/screens"),
///         headers: [("Accept", "application/json")]
///     ),
///     logger: logger
/// )
/// // copy answer.status, answer.headers and answer.body into the framework's response
/// ```
///
/// What it does, for `GET` and `HEAD` below the mount point:
///
/// - the target is parsed once into a `DeepLink` (the registry's rules exactly); the
///   service's own query items (`format`, `fragment`, `stack`) are taken out of it, and
///   the registry resolves the rest;
/// - the format comes from `?format=` or `Accept` (see ``ContentNegotiation``);
/// - errors map to statuses: unknown path `404` (with the suggestion; the registry's
///   fallback screen, when it has one, is the body), invalid path,
///   missing or invalid parameter `400`, a target over the registry's length limit
///   `414`, a screen that fails `500` with a generic body (details only in the log),
///   another method `405`, a `GET` with a body `400`, no acceptable format `406`;
/// - success carries a strong `ETag`, `Cache-Control` from the ``CachePolicy`` and
///   `Vary: Accept`; a matching `If-None-Match` gets `304` without a body;
/// - one log line per request: method, target, matched pattern, status, latency.
public struct ScreenService: Sendable {
    /// Options of the service.
    public struct Configuration: Sendable {
        /// `Cache-Control` for successful screen responses, by route.
        public var cachePolicy: CachePolicy
        /// The most bytes a request target (path and query below the mount point) may
        /// have; longer ones get `414`. The registry's own limit by default.
        public var maximumTargetLength: Int
        /// Routes whose rendered bodies are reused, by pattern, with how long each body
        /// lives: for the same normalised path, data, trusted context and client the screen is
        /// then neither built nor rendered again until the time runs out. Only for
        /// screens that depend on nothing but their path and data. An entry here wins
        /// over the screen type's own ``CacheableScreen/cacheLifetime``.
        /// Empty by default.
        public var memoizedRoutes: [String: Duration]
        /// Whether the rendered bodies of screen types that declare a
        /// ``CacheableScreen/cacheLifetime`` are reused for that long.
        /// `true` by default; `false` builds and renders every request (except the
        /// ``memoizedRoutes``), for debugging or measuring.
        public var reusesRenderedScreens: Bool
        /// The most bodies kept for reuse, `1024` by default.
        public var memoCapacity: Int
        /// The most bytes of bodies kept for reuse, 32 MiB by default.
        public var memoByteCapacity: Int
        /// Establishes the trusted context of each request before it is resolved; guards
        /// read only that. ``AnonymousAuthenticator`` (nobody is signed in) by default.
        public var authenticator: any RequestAuthenticator
        /// The header in which apps name their version (`2.0`), for the custom components
        /// each app version ships (`ScreenRegistry.appComponents`). `X-App-Version` by
        /// default.
        public var appVersionHeader: String
        /// Where the screens are served, such as `/screens`: HTML pages link to other
        /// screens below it. Empty by default: then each request's
        /// ``ScreenRequest/mountPath``, which the adapters set to where they mounted the
        /// service (the site's root for a request that names none).
        public var linkBase: String

        /// Creates a configuration.
        public init(
            cachePolicy: CachePolicy = CachePolicy(),
            maximumTargetLength: Int = DeepLink.maximumLength,
            memoizedRoutes: [String: Duration] = [:],
            reusesRenderedScreens: Bool = true,
            memoCapacity: Int = 1024,
            memoByteCapacity: Int = 32 << 20,
            authenticator: any RequestAuthenticator = AnonymousAuthenticator(),
            appVersionHeader: String = "X-App-Version",
            linkBase: String = ""
        ) {
            self.cachePolicy = cachePolicy
            self.maximumTargetLength = maximumTargetLength
            self.memoizedRoutes = memoizedRoutes
            self.reusesRenderedScreens = reusesRenderedScreens
            self.memoCapacity = memoCapacity
            self.memoByteCapacity = memoByteCapacity
            self.authenticator = authenticator
            self.appVersionHeader = appVersionHeader
            self.linkBase = linkBase
        }
    }

    /// The registry whose screens the service serves.
    public let registry: ScreenRegistry
    /// The options.
    public let configuration: Configuration
    /// The `/routes` document, built once: the registry never changes.
    let routesDocument: [UInt8]
    /// Rendered bodies of the memoized routes.
    let memo: RenderMemo
    /// Every request header that changes the bytes of a screen's body.
    let vary: String

    /// Creates a service for `registry`.
    public init(registry: ScreenRegistry, configuration: Configuration = Configuration()) {
        self.registry = registry
        self.configuration = configuration
        routesDocument = Array(RoutesDocument.json(registry.routes).utf8)
        memo = RenderMemo(capacity: configuration.memoCapacity, byteCapacity: configuration.memoByteCapacity)
        vary = (["Accept", "beagle-platform", "X-Hyperview-Version", "X-DivKit-Version", configuration.appVersionHeader]
            + configuration.authenticator.headerNames).joined(separator: ", ")
    }

    /// Sent with every response (screens, `/routes`, `/health`): no body is ever read as
    /// another type than it says, and a page (HTML, or any body a browser opens) runs no
    /// script, loads nothing but images and its own inline style, and cannot be framed by
    /// another site.
    static let protectionHeaders = [
        HeaderField("X-Content-Type-Options", "nosniff"),
        HeaderField(
            "Content-Security-Policy",
            "default-src 'none'; img-src http: https:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'"
        ),
    ]

    // MARK: Screens

    /// Answers a request for a screen. `request.target` is the path and query below the
    /// mount point, such as `/profile/42?tab=posts`.
    ///
    /// Never throws: every failure is a response. `logger` gets one `info` line per
    /// request and, for a `500`, the error; both carry `request.requestID` as
    /// `request_id`.
    public func respond(to request: ScreenRequest, logger: Logger) async -> ScreenResponse {
        let start = ContinuousClock.now
        let log = RequestLog(logger: logger, requestID: request.requestID)
        let headers = RequestHeaders(request.headers, appVersionHeader: configuration.appVersionHeader)
        let linkBase = configuration.linkBase.isEmpty ? request.mountPath : configuration.linkBase
        // Parsed once, also for the format of an error; too long a target is `414`, not parsed.
        let target = request.target.utf8.count <= configuration.maximumTargetLength
            ? Result { () throws(ScreenRegistryError) in try RequestTarget(request.target) } : nil
        var response: ScreenResponse
        do {
            response = try await screenResponse(for: request, headers: headers, target: target, linkBase: linkBase, log: log)
        } catch {
            let requested: String? = switch target {
            case .success(let target)?: target.format
            case .failure?: RequestTarget.format(inMalformed: request.target)
            case nil: nil
            }
            let format = error.status == 406 ? nil : Self.formatForErrors(headers, formatName: requested)
            response = errorResponse(error, format: format, linkBase: linkBase)
        }
        response.headers += Self.protectionHeaders
        if request.method == "HEAD" { response = Self.headResponse(response) }
        Self.write(request, response, since: start, to: log)
        return response
    }

    private func screenResponse(
        for request: ScreenRequest, headers: RequestHeaders, target parsed: Result<RequestTarget, ScreenRegistryError>?,
        linkBase: String, log: RequestLog
    ) async throws(ServiceError) -> ScreenResponse {
        try Self.checkMethod(request, headers)
        guard let parsed else { throw .uriTooLong(limit: configuration.maximumTargetLength) }
        let target: RequestTarget
        do {
            target = try parsed.get()
        } catch {
            throw ServiceError(error)
        }
        let format = try Self.negotiate(headers, formatName: target.format)
        var context = try await authenticate(request)
        // Before the client's own word is added: only what the authenticator vouched for
        // makes a response personal.
        let isPersonal = context != .anonymous
        if context["hyperviewVersion"] == nil, let version = Self.hyperviewVersion(headers) {
            context.declared["hyperviewVersion"] = version
        }
        let match: RouteMatch
        do {
            match = try registry.resolve(target.link, context: context)
        } catch {
            throw ServiceError(error)
        }
        let answer = ScreenAnswer(match, fragment: target.fragment, stack: target.wantsStack)
        let client = Self.clientProfile(format, headers)
        let options = Self.servedOptions(platform: client.platform, linkBase: linkBase)

        if case .fallback = answer {
            // No route matched and the registry has a fallback screen: the client gets
            // that screen, with the status an unknown path has.
            let (body, contentType) = try await render(answer, as: format, options: options, client: client, log: log)
            return ScreenResponse(status: 404, headers: [
                HeaderField("Content-Type", contentType),
                HeaderField("Content-Length", String(body.count)),
                HeaderField("Cache-Control", "no-store"),
                HeaderField("Vary", vary),
            ], body: body)
        }

        let body: [UInt8], contentType: String, tag: String
        if case .screen = answer, let timeToLive = reuseLifetime(of: match) {
            let key = RenderMemo.Key(
                pattern: match.pattern, path: match.path, data: match.data, context: context, client: client,
                linkBase: linkBase
            )
            if let entry = memo.lookup(key) {
                (body, contentType, tag) = (entry.body, format.contentType, entry.tag)
            } else {
                (body, contentType) = try await render(answer, as: format, options: options, client: client, log: log)
                tag = EntityTag.strong(for: body)
                memo.store(key, body: body, tag: tag, timeToLive: timeToLive)
            }
        } else {
            (body, contentType) = try await render(answer, as: format, options: options, client: client, log: log)
            tag = EntityTag.strong(for: body)
        }

        var responseHeaders = [
            HeaderField("ETag", tag),
            HeaderField("Cache-Control", configuration.cachePolicy.value(for: match.pattern, personal: isPersonal)),
            HeaderField("Vary", vary),
        ]
        if let condition = headers.ifNoneMatch, EntityTag.ifNoneMatch(condition, matches: tag) {
            return ScreenResponse(status: 304, headers: responseHeaders, pattern: match.pattern)
        }
        responseHeaders.insert(contentsOf: [
            HeaderField("Content-Type", contentType),
            HeaderField("Content-Length", String(body.count)),
        ], at: 0)
        return ScreenResponse(status: 200, headers: responseHeaders, body: body, pattern: match.pattern)
    }
}
