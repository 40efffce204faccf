import Foundation
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
/// - the path and query go to `ScreenRegistry.resolve(_:data:context:)`
///   unchanged, so routing follows the registry's rules exactly;
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
        /// lives: for the same normalised path, data, format and platform the screen is
        /// then neither built nor rendered again until the time runs out. Only for
        /// screens that depend on nothing but their path and data. An entry here wins
        /// over the screen type's own `DeeplinkScreen.cacheLifetime`.
        /// Empty by default.
        public var memoizedRoutes: [String: Duration]
        /// Whether the rendered bodies of screen types that declare a
        /// `DeeplinkScreen.cacheLifetime` are reused for that long.
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

        /// Creates a configuration.
        public init(
            cachePolicy: CachePolicy = CachePolicy(),
            maximumTargetLength: Int = DeepLink.maximumLength,
            memoizedRoutes: [String: Duration] = [:],
            reusesRenderedScreens: Bool = true,
            memoCapacity: Int = 1024,
            memoByteCapacity: Int = 32 << 20,
            authenticator: any RequestAuthenticator = AnonymousAuthenticator()
        ) {
            self.cachePolicy = cachePolicy
            self.maximumTargetLength = maximumTargetLength
            self.memoizedRoutes = memoizedRoutes
            self.reusesRenderedScreens = reusesRenderedScreens
            self.memoCapacity = memoCapacity
            self.memoByteCapacity = memoByteCapacity
            self.authenticator = authenticator
        }
    }

    /// The registry whose screens the service serves.
    public let registry: ScreenRegistry
    /// The options.
    public let configuration: Configuration
    /// The `/routes` document, built once: the registry never changes.
    private let routesDocument: [UInt8]
    /// Rendered bodies of the memoized routes.
    private let memo: RenderMemo

    /// Creates a service for `registry`.
    public init(registry: ScreenRegistry, configuration: Configuration = Configuration()) {
        self.registry = registry
        self.configuration = configuration
        routesDocument = Array(RoutesDocument.json(for: registry.routes).utf8)
        memo = RenderMemo(capacity: configuration.memoCapacity, byteCapacity: configuration.memoByteCapacity)
    }

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
        var response: ScreenResponse
        do {
            response = try await screenResponse(for: request, log: log)
        } catch {
            response = errorResponse(error, format: error.status == 406 ? nil : negotiatedFormatForErrors(request))
        }
        if request.method == "HEAD" { response = Self.headResponse(response) }
        Self.write(request, response, since: start, to: log)
        return response
    }

    private func screenResponse(for request: ScreenRequest, log: RequestLog) async throws(ServiceError) -> ScreenResponse {
        try Self.checkMethod(request)
        guard request.target.utf8.count <= configuration.maximumTargetLength else {
            throw ServiceError(
                status: 414, code: "uriTooLong",
                message: "The path and query are longer than \(configuration.maximumTargetLength) bytes."
            )
        }
        let (withoutFormat, formatName) = Self.splitFormat(request.target)
        let (path, fragment) = Self.splitQueryItem(named: "fragment", from: withoutFormat)
        let format = try Self.negotiate(request, formatName: formatName)
        var context = try await authenticate(request)
        if context["hyperviewVersion"] == nil, let version = Self.hyperviewVersion(of: request) {
            context["hyperviewVersion"] = version
        }

        let match: RouteMatch
        do {
            match = try registry.resolve(path, context: context)
        } catch {
            throw ServiceError(error)
        }
        let platform = FormatRendering.platform(fromHeader: request.header("beagle-platform"))

        if match.isFallback {
            // No route matched and the registry has a fallback screen: the client gets
            // that screen, with the status an unknown path has.
            let body = try await render(match, as: format, platform: platform, log: log)
            return ScreenResponse(status: 404, headers: [
                HeaderField("Content-Type", format.contentType),
                HeaderField("Content-Length", String(body.count)),
                HeaderField("Cache-Control", "no-store"),
                HeaderField("Vary", Self.vary),
            ], body: body)
        }

        let body: [UInt8]
        let tag: String
        var contentType = format.contentType
        if let fragment {
            // `?fragment=<id>`: one component's element, for Hyperview's partial updates.
            guard format == .hxml else {
                throw ServiceError(
                    status: 400, code: "fragmentNeedsHXML",
                    message: "Fragments are written in HXML only: ask with ?format=hxml or Accept: \(HXMLRenderer().contentType)."
                )
            }
            body = try await renderFragment(match, id: String(fragment), platform: platform, log: log)
            tag = EntityTag.strong(for: body)
            contentType = HXMLRenderer().fragmentContentType
        } else if Self.wantsStack(path) {
            // `?stack=1`: the back stack from the root to this screen, in one response.
            body = try await renderStack(path, context: context, as: format, platform: platform, log: log)
            tag = EntityTag.strong(for: body)
        } else if let timeToLive = reuseLifetime(of: match) {
            let key = RenderMemo.Key(
                pattern: match.pattern, path: match.path, data: match.data, context: context, format: format,
                platform: platform
            )
            if let entry = memo.lookup(key) {
                (body, tag) = (entry.body, entry.tag)
            } else {
                body = try await render(match, as: format, platform: platform, log: log)
                tag = EntityTag.strong(for: body)
                memo.store(key, body: body, tag: tag, timeToLive: timeToLive)
            }
        } else {
            body = try await render(match, as: format, platform: platform, log: log)
            tag = EntityTag.strong(for: body)
        }

        var headers = [
            HeaderField("ETag", tag),
            HeaderField("Cache-Control", configuration.cachePolicy.value(for: match.pattern)),
            HeaderField("Vary", Self.vary),
        ]
        if let condition = request.header("if-none-match"), EntityTag.ifNoneMatch(condition, matches: tag) {
            return ScreenResponse(status: 304, headers: headers, pattern: match.pattern)
        }
        headers.insert(contentsOf: [
            HeaderField("Content-Type", contentType),
            HeaderField("Content-Length", String(body.count)),
        ], at: 0)
        return ScreenResponse(status: 200, headers: headers, body: body, pattern: match.pattern)
    }

    /// The trusted context of `request`, from the configured authenticator; a refusal
    /// becomes its status with an error screen.
    private func authenticate(_ request: ScreenRequest) async throws(ServiceError) -> TrustedContext {
        do {
            return try await configuration.authenticator.authenticate(request)
        } catch {
            throw ServiceError(
                status: error.status, code: error.status == 403 ? "forbidden" : "unauthorized",
                message: error.message, headers: error.headers
            )
        }
    }

    /// How long the rendered body of `match` may be reused: the configuration's entry
    /// for its pattern, else what its screen type declares, else not at all.
    private func reuseLifetime(of match: RouteMatch) -> Duration? {
        if !configuration.memoizedRoutes.isEmpty, let lifetime = configuration.memoizedRoutes[match.pattern] {
            return lifetime
        }
        return configuration.reusesRenderedScreens ? match.screenType.cacheLifetime : nil
    }

    /// Whether the query asks for the back stack: `stack=1` or `stack=true`.
    static func wantsStack(_ target: String) -> Bool {
        // Bytes, not characters: most targets have no query, and this is every request.
        guard let question = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return false }
        let query = target[target.index(after: question)...].prefix { $0 != "#" }
        return query.split(separator: "&").contains { $0 == "stack=1" || $0 == "stack=true" }
    }

    /// Builds every screen of the back stack of `path` and renders them together
    /// (``ScreenFormat/renderStack(_:options:)``: Beagle JSON as `resetApplication`
    /// followed by `pushView`s; XML and text list the screens).
    private func renderStack(
        _ path: String, context: TrustedContext, as format: ScreenFormat, platform: Platforms?, log: RequestLog
    ) async throws(ServiceError) -> [UInt8] {
        var entries: [(path: String, screen: Screen)] = []
        do {
            for match in try registry.stack(for: path, context: context) {
                entries.append((match.path, try await registry.screen(for: match)))
            }
        } catch {
            if case .screenFailed = error {
                log.error("stack failed", metadata: ["path": "\(path)", "error": "\(String(describing: error))"])
            }
            throw ServiceError(error)
        }
        do {
            return Array(try format.renderStack(entries, options: RenderOptions(platform: platform)).utf8)
        } catch {
            log.error("rendering failed", metadata: ["path": "\(path)", "format": "\(format.rawValue)", "error": "\(error)"])
            throw ServiceError.internalError
        }
    }

    /// Builds the matched screen and renders the element of its component `id` as an
    /// HXML fragment; no such component is `404`.
    private func renderFragment(
        _ match: RouteMatch, id: String, platform: Platforms?, log: RequestLog
    ) async throws(ServiceError) -> [UInt8] {
        let screen = try await build(match, log: log)
        do {
            return try HXMLRenderer(platform: platform).renderFragment(screen.node, id: id)
        } catch .fragmentNotFound {
            var failure = ServiceError(
                status: 404, code: "unknownFragment",
                message: "This screen has no component with id '\(ScreenRegistryError.shownText(id))'."
            )
            failure.pattern = match.pattern
            throw failure
        } catch {
            log.error("rendering failed", metadata: ["pattern": "\(match.pattern)", "format": "hxml", "error": "\(error)"])
            var failure = ServiceError.internalError
            failure.pattern = match.pattern
            throw failure
        }
    }

    /// Builds the matched screen; a failure is logged and becomes its status.
    private func build(_ match: RouteMatch, log: RequestLog) async throws(ServiceError) -> Screen {
        do {
            return try await registry.screen(for: match)
        } catch {
            log.error(
                "screen failed",
                metadata: ["pattern": "\(match.pattern)", "error": "\(String(describing: error))"]
            )
            var failure = ServiceError(error)
            failure.pattern = match.pattern
            throw failure
        }
    }

    /// Builds the matched screen and renders it; a failure is logged and becomes `500`.
    private func render(
        _ match: RouteMatch, as format: ScreenFormat, platform: Platforms?, log: RequestLog
    ) async throws(ServiceError) -> [UInt8] {
        let screen = try await build(match, log: log)
        do {
            return try FormatRendering.renderBytes(screen, as: format, platform: platform)
        } catch {
            log.error(
                "rendering failed",
                metadata: ["pattern": "\(match.pattern)", "format": "\(format.rawValue)", "error": "\(error)"]
            )
            var failure = ServiceError.internalError
            failure.pattern = match.pattern
            throw failure
        }
    }

    // MARK: /routes and /health

    /// Answers `GET /routes`: every route's pattern and screen type, in precedence
    /// order, as JSON: `{"routes":[{"pattern":"profile/:userId","screenType":"ProfileScreen"}]}`.
    public func routes(for request: ScreenRequest, logger: Logger) -> ScreenResponse {
        document(routesDocument, contentType: "application/json", cacheControl: "no-cache", request: request, logger: logger)
    }

    /// Answers `GET /health` with `{"status":"ok"}`; never cached.
    public func health(for request: ScreenRequest, logger: Logger) -> ScreenResponse {
        document(Array(#"{"status":"ok"}"#.utf8), contentType: "application/json", cacheControl: "no-store", request: request, logger: logger)
    }

    private func document(
        _ body: [UInt8], contentType: String, cacheControl: String, request: ScreenRequest, logger: Logger
    ) -> ScreenResponse {
        let start = ContinuousClock.now
        var response: ScreenResponse
        do {
            try Self.checkMethod(request)
            let tag = EntityTag.strong(for: body)
            let headers = [HeaderField("ETag", tag), HeaderField("Cache-Control", cacheControl)]
            if let condition = request.header("if-none-match"), EntityTag.ifNoneMatch(condition, matches: tag) {
                response = ScreenResponse(status: 304, headers: headers)
            } else {
                response = ScreenResponse(
                    status: 200,
                    headers: [HeaderField("Content-Type", contentType), HeaderField("Content-Length", String(body.count))] + headers,
                    body: body
                )
            }
        } catch {
            response = errorResponse(error, format: nil)
        }
        if request.method == "HEAD" { response = Self.headResponse(response) }
        Self.write(request, response, since: start, to: RequestLog(logger: logger, requestID: request.requestID))
        return response
    }

    // MARK: Steps

    static let vary = FormatRendering.variesByPlatform ? "Accept, beagle-platform, X-Hyperview-Version" : "Accept, X-Hyperview-Version"

    /// Whether the request comes from Hyperview's client, which asks for `application/xml`
    /// and names its version in `X-Hyperview-Version`: it gets HXML without `?format=`.
    static func isHyperviewClient(_ request: ScreenRequest) -> Bool {
        request.header("x-hyperview-version") != nil
    }

    /// The Hyperview version a Hyperview client declares (`X-Hyperview-Version`): a
    /// token of at most 32 printable ASCII characters, else `nil`.
    static func hyperviewVersion(of request: ScreenRequest) -> String? {
        guard let value = request.header("x-hyperview-version"), !value.isEmpty, value.utf8.count <= 32,
              value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        return value
    }

    private static func checkMethod(_ request: ScreenRequest) throws(ServiceError) {
        guard request.method == "GET" || request.method == "HEAD" else {
            throw ServiceError(
                status: 405, code: "methodNotAllowed", message: "Only GET and HEAD are allowed here.",
                headers: [HeaderField("Allow", "GET, HEAD")]
            )
        }
        guard !request.declaresBody else {
            throw ServiceError(status: 400, code: "bodyNotAllowed", message: "A \(request.method) request must not have a body.")
        }
    }

    private static func negotiate(_ request: ScreenRequest, formatName: Substring?) throws(ServiceError) -> ScreenFormat {
        if let formatName {
            guard let format = ContentNegotiation.format(named: String(formatName)) else {
                let available = ContentNegotiation.formatsByPreference.map(\.rawValue).joined(separator: ", ")
                throw ServiceError(
                    status: 406, code: "notAcceptable",
                    message: "There is no format '\(ScreenRegistryError.shownText(formatName))'; available: \(available)."
                )
            }
            return format
        }
        if isHyperviewClient(request) { return .hxml }
        guard let format = ContentNegotiation.format(forAccept: request.header("accept")) else {
            let types = ContentNegotiation.formatsByPreference.map(ContentNegotiation.mediaType(of:)).joined(separator: ", ")
            throw ServiceError(
                status: 406, code: "notAcceptable",
                message: "None of the accepted media types is available; available: \(types)."
            )
        }
        return format
    }

    /// The format an error body is written in: the requested one when there is one,
    /// else the default.
    private func negotiatedFormatForErrors(_ request: ScreenRequest) -> ScreenFormat? {
        let (_, formatName) = Self.splitFormat(request.target)
        if let formatName, let format = ContentNegotiation.format(named: String(formatName)) { return format }
        if Self.isHyperviewClient(request) { return .hxml }
        return ContentNegotiation.format(forAccept: request.header("accept"))
    }

    /// Splits `?format=` off the target: the target without it, and its first value.
    /// Other query items stay, byte for byte, for the registry to read.
    static func splitFormat(_ target: String) -> (path: String, format: Substring?) {
        let (path, value) = splitQueryItem(named: "format", from: target)
        return (path, value)
    }

    /// Splits the query item `name` (the service's own: `format`, `fragment`) off the
    /// target: the target without it, and its first value, percent-decoded.
    static func splitQueryItem(named name: String, from target: String) -> (path: String, value: Substring?) {
        guard let question = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return (target, nil) }
        let query = target[target.index(after: question)...]
        guard Self.mentions(name, in: query) else { return (target, nil) }
        var kept: [Substring] = []
        var value: Substring?
        for item in query.split(separator: "&", omittingEmptySubsequences: false) {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if pair[0] == name {
                if value == nil {
                    let raw = pair.count > 1 ? pair[1] : ""
                    value = raw.removingPercentEncoding.map { Substring($0) } ?? raw
                }
            } else {
                kept.append(item)
            }
        }
        let path = target[..<question]
        return (kept.isEmpty ? String(path) : path + "?" + kept.joined(separator: "&"), value)
    }

    /// Whether `query` has the bytes of `name` anywhere: a fast test before splitting.
    private static func mentions(_ name: String, in query: Substring) -> Bool {
        let needle = Array(name.utf8)
        var matched = 0
        for byte in query.utf8 {
            matched = byte == needle[matched] ? matched + 1 : (byte == needle[0] ? 1 : 0)
            if matched == needle.count { return true }
        }
        return false
    }

    private func errorResponse(_ error: ServiceError, format: ScreenFormat?) -> ScreenResponse {
        var body: [UInt8]
        var contentType = "text/plain; charset=utf-8"
        if let format, let rendered = try? FormatRendering.render(error.screen, as: format, platform: nil) {
            body = Array(rendered.utf8)
            contentType = format.contentType
        } else {
            body = Array(error.plainText.utf8)
        }
        if error.status == 406 { body = Array(error.plainText.utf8) }
        var headers = [
            HeaderField("Content-Type", contentType),
            HeaderField("Content-Length", String(body.count)),
            HeaderField("Cache-Control", "no-store"),
            HeaderField("Vary", Self.vary),
        ]
        headers += error.headers
        return ScreenResponse(status: error.status, headers: headers, body: body, pattern: error.pattern)
    }

    /// The same response without its body; `Content-Length` still tells the length a
    /// `GET` gets.
    static func headResponse(_ response: ScreenResponse) -> ScreenResponse {
        var head = response
        head.body = []
        return head
    }

    /// The request's line: method, target, status, pattern and latency.
    private static func write(_ request: ScreenRequest, _ response: ScreenResponse, since start: ContinuousClock.Instant, to log: RequestLog) {
        let elapsed = ContinuousClock.now - start
        let (seconds, attoseconds) = elapsed.components
        let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        log.info(
            "\(request.method) \(ScreenRegistryError.shownText(request.target)) \(response.status)",
            metadata: [
                "pattern": "\(response.pattern ?? "-")",
                "status": "\(response.status)",
                "latency_ms": "\((milliseconds * 1000).rounded() / 1000)",
            ]
        )
    }
}

extension ScreenRegistryError {
    /// Client input as it may be logged or echoed: control characters escaped, cut at
    /// 200 characters.
    static func shownText<S: StringProtocol>(_ text: S) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == 200 { return result + "…" }
            if scalar.value < 0x20 || scalar.value == 0x7F {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return result
    }
}
