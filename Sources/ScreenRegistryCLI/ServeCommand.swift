import ArgumentParser
import Foundation
import Hummingbird
import Logging
import NIOCore
import ScreenRegistry
import ScreenServerHummingbird
import ScreenService

struct ServeCommand: RegistryCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the screens over HTTP.",
        discussion: """
            GET <base-path>/<deep link path> renders the screen for that path, in the \
            format of ?format=json|xml|text|divkit|hxml|html or the Accept header; a Hyperview \
            client (it sends X-Hyperview-Version) gets HXML, and ?fragment=<id> one \
            component's element for its partial updates. GET /routes lists the routes; \
            GET /health answers {"status":"ok"}. SIGINT and SIGTERM stop the server \
            after the requests in flight finish.

            A connection idle for --idle-timeout seconds (30), between requests or \
            part-way through a request's head, is closed, and at most --max-connections \
            (1000) are open at once: a client that connects and stops sending cannot hold \
            the server.

            A screen type that declares a cache lifetime (in the catalog: profile, \
            products, a product and text) is built and rendered once per path, data, format and \
            platform, then reused for that long; --render-every-request turns that off.

            Guards (the catalog's payment needs a session) read only what the server \
            trusts. By default nobody is signed in. Behind a gateway that verifies \
            sessions and sets a header (removing it from what clients send), \
            --trust-header x-session=session makes that header the trusted session.

            --preview adds a live preview for people who build screens: open \
            http://127.0.0.1:8080/preview/ for every route, and /preview/<path> for one \
            screen as a page beside its Beagle JSON, DivKit, HXML, XML and text, how its \
            path resolved and what the checks say. Never turn it on in production.

            Examples:
              screen-registry serve
              screen-registry serve --preview
              screen-registry serve --port 9000 --base-path /ui
              curl -H 'Accept: text/plain' localhost:8080/screens/profile/42
              curl -H 'X-Hyperview-Version: 0.85.0' \\
                'localhost:8080/screens/home?fragment=tabs'
            """
    )

    @Option(name: .long, help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(name: .long, help: "The port to listen on; 0 picks a free one.")
    var port = 8080

    @Option(name: .long, help: "Where the screens are mounted.")
    var basePath = "/screens"

    @Option(name: .long, help: ArgumentHelp(
        "Cache-Control for one route, as pattern=value (repeatable), e.g. 'products=public, max-age=60'.",
        valueName: "pattern=value"
    ))
    var cacheControl: [String] = []

    @Option(name: .long, help: "Cache-Control for the other routes.")
    var defaultCacheControl = "no-cache"

    @Option(name: .long, help: ArgumentHelp(
        "Reuse a route's rendered bodies for this many seconds, as pattern=seconds (repeatable): only for screens that depend on nothing but their path and data.",
        valueName: "pattern=seconds"
    ))
    var memoize: [String] = []

    @Flag(name: .long, help: "Build and render every request, even for screens that declare a cache lifetime (the --memoize routes still reuse theirs).")
    var renderEveryRequest = false

    @Option(name: .long, help: ArgumentHelp(
        "Trust a header that a gateway in front sets after verifying it, as header=key (repeatable), e.g. x-authenticated-user=user. Only behind such a gateway: exposed directly, any client could claim any value.",
        valueName: "header=key"
    ))
    var trustHeader: [String] = []

    @Option(name: .long, help: ArgumentHelp(
        "Close a connection idle this many seconds, between requests or part-way through one's head, so that clients that stop sending cannot hold connections; 0 never does.",
        valueName: "seconds"
    ))
    var idleTimeout = 30.0

    @Option(name: .long, help: "The most connections open at once; past it, new ones wait to be accepted until one closes. Keep it under the process's file limit (ulimit -n).")
    var maxConnections = 1000

    @Flag(name: .long, help: "Also serve the live preview at /preview/ (for people building screens; never in production).")
    var preview = false

    @Option(name: .long, help: "The lowest level logged: trace, debug, info, notice, warning, error, critical.")
    var logLevel = "info"

    /// For the end-to-end test of graceful shutdown only: holds every request this many
    /// milliseconds before answering it, so a test can send SIGTERM while one is in
    /// flight. Hidden from the help; never use it in production.
    @Option(name: .customLong("test-delay-ms"), help: .hidden)
    var testDelayMilliseconds = 0

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical.")
        }
        if preview, basePath.split(separator: "/").first == "preview" {
            throw ValidationError("--base-path must not be below /preview when --preview serves the preview there.")
        }
        guard idleTimeout >= 0, idleTimeout <= 86_400 else { throw ValidationError("--idle-timeout must be between 0 and 86400 seconds.") }
        guard maxConnections >= 1 else { throw ValidationError("--max-connections must be at least 1.") }
        guard testDelayMilliseconds >= 0 else { throw ValidationError("--test-delay-ms must not be negative.") }
        _ = try Self.cachePolicies(cacheControl)
        _ = try Self.memoized(memoize)
        _ = try Self.trustedHeaders(trustHeader)
    }

    /// `header=key` items, both non-empty.
    static func trustedHeaders(_ items: [String]) throws -> [String: String] {
        var result: [String: String] = [:]
        for item in items {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw ValidationError("invalid --trust-header '\(item)': expected header=key")
            }
            result[String(parts[0])] = String(parts[1])
        }
        return result
    }

    /// `pattern=seconds` items, seconds a positive number.
    static func memoized(_ items: [String]) throws -> [String: Duration] {
        var result: [String: Duration] = [:]
        for (pattern, value) in try cachePolicies(items, option: "--memoize", expected: "pattern=seconds") {
            guard let seconds = Double(value), seconds > 0, seconds <= 86_400 else {
                throw ValidationError("invalid --memoize '\(pattern)=\(value)': expected pattern=seconds, 0 < seconds <= 86400")
            }
            result[pattern] = .milliseconds(Int64(seconds * 1000))
        }
        return result
    }

    /// `pattern=value` items: the first `=` separates (a value may hold more), a
    /// repeated pattern keeps the last value.
    static func cachePolicies(
        _ items: [String], option: String = "--cache-control", expected: String = "pattern=value"
    ) throws -> [String: String] {
        var result: [String: String] = [:]
        for item in items {
            guard let equals = item.firstIndex(of: "=") else {
                throw ValidationError("invalid \(option) '\(item)': expected \(expected)")
            }
            result[String(item[..<equals])] = String(item[item.index(after: equals)...])
        }
        return result
    }

    func run(registry: ScreenRegistry) async throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let routes = try Self.cachePolicies(cacheControl)
        let configuration = ScreenServer.Configuration(
            host: host, port: port, basePath: basePath,
            service: ScreenService.Configuration(
                cachePolicy: CachePolicy(default: defaultCacheControl, byPattern: routes),
                memoizedRoutes: try Self.memoized(memoize),
                reusesRenderedScreens: !renderEveryRequest,
                authenticator: trustHeader.isEmpty
                    ? AnonymousAuthenticator() : TrustedHeaderAuthenticator(keysByHeader: try Self.trustedHeaders(trustHeader))
            ),
            preview: preview,
            previewExamples: { ($0 as? any CheckableScreen.Type)?.examples ?? [] },
            idleTimeout: idleTimeout > 0 ? .milliseconds(Int64(idleTimeout * 1000)) : nil,
            maximumConnections: maxConnections
        )
        let server = ScreenServer(
            registry: registry, configuration: configuration, logger: Logger(label: "screen-registry")
        )
        var middlewares: [any MiddlewareProtocol<Request, Response, BasicRequestContext>] = []
        if testDelayMilliseconds > 0 {
            middlewares.append(TestDelayMiddleware(delay: .milliseconds(testDelayMilliseconds)))
        }
        let host = self.host, basePath = self.basePath, preview = self.preview
        let application = server.makeApplication(router: server.makeRouter(middlewares: middlewares)) { channel in
            let port = channel.localAddress?.port.map(String.init) ?? "?"
            // One line on stdout, so scripts and tests learn the port (with --port 0).
            var lines = "screen-registry: serving http://\(host):\(port)\(basePath)\n"
            if preview { lines += "screen-registry: preview at http://\(host):\(port)/preview/\n" }
            Output.write(lines)
        }
        try await application.runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }
}

/// Holds each request for a fixed time, saying so on standard output (`holding PATH`),
/// so that a test knows a request is in flight: see `--test-delay-ms`.
struct TestDelayMiddleware<Context: RequestContext>: RouterMiddleware {
    var delay: Duration

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        FileHandle.standardOutput.write(Data("holding \(request.uri.path)\n".utf8))
        try? await Task.sleep(for: delay)
        return try await next(request, context)
    }
}
