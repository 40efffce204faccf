import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ScreenRegistry
import ScreenService
import ServiceLifecycle

/// The screen service on Hummingbird 2: a registry's screens over HTTP.
///
/// ```swift
/// let server = ScreenServer(registry: Catalog.registry)
/// try await server.run()      // until SIGINT or SIGTERM; requests in flight finish
/// ```
///
/// It serves `GET /screens/<deep link path>` (the base path is configurable),
/// `GET /routes` and `GET /health`, and `GET /preview/` when the configuration asks for
/// the preview. Everything the service decides lives in the
/// framework-neutral `ScreenService`; this type only mounts it and runs the server.
public struct ScreenServer: Sendable {
    /// Where the server listens and what it mounts.
    public struct Configuration: Sendable {
        /// The address to bind, `127.0.0.1` by default.
        public var host: String
        /// The port, `8080` by default; `0` picks a free one.
        public var port: Int
        /// Where the screens are mounted, `/screens` by default.
        public var basePath: String
        /// The options of the service itself.
        public var service: ScreenService.Configuration
        /// Whether the live preview (`ScreenPreview`) is mounted at `/preview`: `false`
        /// by default, for people who build screens, never for production.
        public var preview: Bool
        /// The sample parameters of a screen type, for the preview's links and link check.
        public var previewExamples: @Sendable (any DeeplinkScreen.Type) -> [[String: String]]
        /// How long a connection may be idle (between requests, or part-way through a
        /// request's head) before the server closes it: 30 seconds by default, so that a
        /// client that stops sending cannot hold a connection. `nil` never closes one.
        public var idleTimeout: Duration?
        /// The most connections open at once: 1,000 by default, well under the file
        /// descriptors a process usually has (`ulimit -n`). Past it, new connections wait
        /// in the listen queue until one closes. `nil` sets no limit.
        public var maximumConnections: Int?

        /// Creates a configuration.
        public init(
            host: String = "127.0.0.1", port: Int = 8080, basePath: String = "/screens",
            service: ScreenService.Configuration = ScreenService.Configuration(),
            preview: Bool = false,
            previewExamples: @escaping @Sendable (any DeeplinkScreen.Type) -> [[String: String]] = { _ in [] },
            idleTimeout: Duration? = .seconds(30),
            maximumConnections: Int? = 1000
        ) {
            self.host = host
            self.port = port
            self.basePath = basePath
            self.service = service
            self.preview = preview
            self.previewExamples = previewExamples
            self.idleTimeout = idleTimeout
            self.maximumConnections = maximumConnections
        }
    }

    /// The framework-neutral service.
    public let service: ScreenService
    /// Where the server listens and what it mounts.
    public let configuration: Configuration
    /// The logger of the server; request lines carry `request_id`.
    public let logger: Logger

    /// Creates a server for `registry`.
    public init(registry: ScreenRegistry, configuration: Configuration = Configuration(), logger: Logger? = nil) {
        // Pages link below the base path without a linkBase: the router passes it as each
        // request's mount path.
        self.service = ScreenService(registry: registry, configuration: configuration.service)
        self.configuration = configuration
        self.logger = logger ?? Logger(label: "ScreenServer")
    }

    /// A router with the screens at the base path, `/routes` and `/health`.
    ///
    /// `middlewares` run before every route, in order.
    public func makeRouter(
        middlewares: [any MiddlewareProtocol<Request, Response, BasicRequestContext>] = []
    ) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        for middleware in middlewares { router.add(middleware: middleware) }
        router.addServiceEndpoints(service)
        router.addScreens(service, at: configuration.basePath)
        if configuration.preview {
            router.addPreview(ScreenPreview(service: service, examples: configuration.previewExamples))
        }
        return router
    }

    /// The Hummingbird application; `onServerRunning` gets the listening channel (its
    /// `localAddress` tells the port when the configuration asks for `0`).
    public func makeApplication(
        router: Router<BasicRequestContext>? = nil,
        onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        Application(
            router: router ?? makeRouter(),
            server: Self.http1(idleTimeout: configuration.idleTimeout),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: "ScreenRegistry",
                availableConnectionsDelegate: configuration.maximumConnections.map { MaximumAvailableConnections($0, logger: logger) }
            ),
            onServerRunning: onServerRunning,
            logger: logger
        )
    }

    /// The HTTP/1 server `ScreenServer` runs, for an application of your own: Hummingbird's,
    /// closing a connection idle for `idleTimeout` (`nil`: never), and closing its side of
    /// every connection that HTTP/1 closes after the response, which Hummingbird's own does
    /// only on exactly `Connection: close` (an HTTP/1.0 request without `keep-alive`,
    /// `Connection: Close`).
    ///
    /// ```swift
    /// let app = Application(router: router, server: ScreenServer.http1(idleTimeout: .seconds(30)))
    /// ```
    public static func http1(idleTimeout: Duration?) -> HTTPServerBuilder {
        http1(configuration: HTTP1Channel.Configuration(idleTimeout: idleTimeout.map(TimeAmount.init)))
    }

    /// The same server with all of Hummingbird's HTTP/1 settings: the idle timeout, the
    /// request decoder's limits, handlers of your own.
    ///
    /// ```swift
    /// import HummingbirdCore  // HTTP1Channel
    ///
    /// var http1 = HTTP1Channel.Configuration(idleTimeout: .seconds(30))
    /// http1.httpDecoder = .init(maxHeaderListSize: 16 * 1024)
    /// let app = Application(router: router, server: ScreenServer.http1(configuration: http1))
    /// ```
    public static func http1(configuration: HTTP1Channel.Configuration) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            ClosingHTTP1Channel(base: HTTP1Channel(responder: responder, configuration: configuration))
        }
    }

    /// Runs the server until SIGINT or SIGTERM. On either, it stops accepting
    /// connections, lets the requests in flight finish, then returns.
    public func run() async throws {
        try await makeApplication().runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }
}
