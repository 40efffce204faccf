import InMemoryLogging
import Logging
import ScreenRegistry
import ScreenServerVapor
import ScreenService
import Screens
import Testing
import VaporTesting

/// Vapor's own test client (VaporTesting, XCTVapor's Swift Testing form) against the
/// catalog mounted by the adapter. Each answer is compared with what the
/// framework-neutral service gives for the same request: the adapter must copy status,
/// headers and body without changing them.
@Suite("The Vapor adapter")
struct ScreenServerVaporTests {
    let service = ScreenService(registry: Catalog.registry)

    /// Runs `test` against an application with the screens at `basePath`.
    func withScreens(at basePath: String = "screens", _ test: (Application) async throws -> Void) async throws {
        try await withApp(configure: { app in
            app.screens(service, at: basePath)
            app.screenServiceEndpoints(service)
        }, test)
    }

    /// The service's own answer to a request, without Vapor.
    func direct(_ method: String, _ target: String, _ headers: [(String, String)] = []) async -> ScreenResponse {
        await service.respond(to: ScreenRequest(method: method, target: target, headers: headers), logger: Logger(label: "test"))
    }

    @Test("GET renders the screen the service renders, with its status, headers and body")
    func get() async throws {
        let expected = await direct("GET", "/profile/42?tab=posts", [("Accept", "application/xml")])
        #expect(expected.status == 200)
        try await withScreens { app in
            try await app.testing().test(.GET, "screens/profile/42?tab=posts", headers: ["Accept": "application/xml"]) { response async in
                #expect(response.status.code == 200)
                #expect(response.headers.first(name: "Content-Type") == expected.header("Content-Type"))
                #expect(response.headers.first(name: "ETag") == expected.header("ETag"))
                #expect(response.headers.first(name: "Vary") == expected.header("Vary"))
                #expect(Array(response.body.readableBytesView) == expected.body)
            }
        }
    }

    @Test("HEAD answers like GET without a body; Content-Length is the GET's")
    func head() async throws {
        let get = await direct("GET", "/profile/42")
        try await withScreens { app in
            try await app.testing().test(.HEAD, "screens/profile/42") { response async in
                #expect(response.status.code == 200)
                #expect(response.body.readableBytes == 0)
                #expect(response.headers.first(name: "Content-Length") == String(get.body.count))
                #expect(response.headers.first(name: "ETag") == get.header("ETag"))
            }
        }
    }

    @Test("If-None-Match with the ETag: 304 without a body")
    func notModified() async throws {
        let tag = try #require(await direct("GET", "/profile/42").header("ETag"))
        try await withScreens { app in
            try await app.testing().test(.GET, "screens/profile/42", headers: ["If-None-Match": tag]) { response async in
                #expect(response.status.code == 304)
                #expect(response.body.readableBytes == 0)
            }
        }
    }

    @Test("Unknown path 404, invalid path 400, other methods 405: the service's answers")
    func errors() async throws {
        try await withScreens { app in
            let methods: [HTTPMethod] = [.POST, .PUT, .DELETE, .PATCH, .OPTIONS, .TRACE]
            let refused = methods.map { ($0, "/profile/42", 405) }
            for (method, target, status) in [(HTTPMethod.GET, "/nope/1", 404), (.GET, "/profile/%00", 400)] + refused {
                let expected = await direct(method.rawValue, target)
                #expect(expected.status == status)
                try await app.testing().test(method, "screens" + target) { response async in
                    #expect(response.status.code == UInt(status))
                    #expect(Array(response.body.readableBytesView) == expected.body)
                    #expect(response.headers.first(name: "Allow") == expected.header("Allow"))
                }
            }
        }
    }

    @Test("The base path itself is the root screen, and the screens can be mounted at the root", arguments: ["screens", "/"])
    func basePaths(base: String) async throws {
        let root = await direct("GET", "/")
        let profile = await direct("GET", "/profile/42")
        let prefix = base == "/" ? "" : base + "/"
        try await withScreens(at: base) { app in
            try await app.testing().test(.GET, base == "/" ? "/" : base) { response async in
                #expect(response.status.code == UInt(root.status))
                #expect(Array(response.body.readableBytesView) == root.body)
            }
            try await app.testing().test(.GET, prefix + "profile/42") { response async in
                #expect(response.status.code == 200)
                #expect(Array(response.body.readableBytesView) == profile.body)
            }
        }
    }

    @Test("GET /routes and GET /health")
    func endpoints() async throws {
        let logger = Logger(label: "test")
        let routes = service.routes(for: ScreenRequest(method: "GET", target: "/"), logger: logger)
        let health = service.health(for: ScreenRequest(method: "GET", target: "/"), logger: logger)
        try await withScreens { app in
            try await app.testing().test(.GET, "routes") { response async in
                #expect(response.status.code == 200)
                #expect(Array(response.body.readableBytesView) == routes.body)
            }
            try await app.testing().test(.GET, "health") { response async in
                #expect(response.status.code == 200)
                #expect(Array(response.body.readableBytesView) == health.body)
            }
        }
    }

    @Test("X-Request-ID: a short token is answered as it is; anything else gets a new id")
    func requestID() async throws {
        try await withScreens { app in
            try await app.testing().test(.GET, "screens/profile/42", headers: ["X-Request-ID": "abc-123"]) { response async in
                #expect(response.headers.first(name: "X-Request-ID") == "abc-123")
            }
            try await app.testing().test(.GET, "screens/profile/42", headers: ["X-Request-ID": "<script>"]) { response async in
                let id = response.headers.first(name: "X-Request-ID")
                #expect(id != nil && id != "<script>")
                #expect(id.map(ScreenRequest.isUsableRequestID) == true)
            }
        }
    }

    @Test("Hostile targets and headers: never a 5xx, and the application goes on answering")
    func hostile() async throws {
        let targets = [
            "/profile/%00", "/profile/../etc/passwd", "/%2e%2e/profile/42", "/./profile/42", "//profile/42",
            "/" + String(repeating: "a", count: 10 * 1024), String(repeating: "/x", count: 65), "/profile/%C3%28",
            "/profile/%80", "/profile/%C0%AF", "/profile/%zz", "/profile/%4", "/profile/%1B%5B31m", "/profile/42?format=%00",
        ]
        let headers = [
            ("Accept", String(repeating: "a/b;q=0.5, ", count: 2000)), ("Accept", ";;;,,,/"),
            ("If-None-Match", String(repeating: "\"x\",", count: 2000)), ("beagle-platform", String(repeating: "ANDROID", count: 500)),
            ("X-Request-ID", String(repeating: "\u{7F}", count: 500)),
        ]
        try await withScreens { app in
            for target in targets {
                try await app.testing().test(.GET, "screens" + target) { response async in
                    #expect(response.status.code < 500, "\(target.prefix(40))")
                }
            }
            for (name, value) in headers {
                try await app.testing().test(.GET, "screens/profile/42", headers: [name: value]) { response async in
                    #expect(response.status.code < 500, "\(name)")
                }
            }
            try await app.testing().test(.GET, "health") { response async in
                #expect(response.status.code == 200)
            }
        }
    }

    @Test("Over a real socket: a GET with a body is the service's 400")
    func getWithBody() async throws {
        let expected = await direct("GET", "/profile/42", [("Content-Length", "5")])
        #expect(expected.status == 400)
        try await withScreens { app in
            try await app.testing(method: .running(port: 0)).test(.GET, "screens/profile/42", body: ByteBuffer(string: "hello")) { response async in
                #expect(response.status.code == 400)
                #expect(Array(response.body.readableBytesView) == expected.body)
            }
        }
    }

    @Test("The service's log line carries the id the response does, never the client's unusable one")
    func requestIDInTheLog() async throws {
        let capture = InMemoryLogHandler()
        try await withApp(configure: { app in
            app.logger = Logger(label: "test") { _ in capture }
            app.screens(service, at: "screens")
        }) { app in
            var id: String?
            try await app.testing().test(.GET, "screens/profile/42", headers: ["X-Request-ID": "<script>"]) { response async in
                id = response.headers.first(name: "X-Request-ID")
            }
            let line = try #require(capture.entries.first { "\($0.message)".hasPrefix("GET /profile/42 200") })
            #expect(id != nil && id != "<script>")
            #expect(line.metadata["request-id"] == id.map(Logger.MetadataValue.string))
            #expect(line.metadata["request_id"] == id.map(Logger.MetadataValue.string))
        }
    }

    @Test("HTML pages link below the mount point")
    func pagesLinkBelowTheMount() async throws {
        try await withScreens(at: "app/screens") { app in
            try await app.testing().test(.GET, "app/screens/profile/42?format=html") { response async in
                #expect(response.status.code == 200)
                #expect(response.body.string.contains("href=\"/app/screens/follow/42\""))
            }
        }
    }

    @Test("Over a real socket: HEAD keeps the GET's Content-Length")
    func running() async throws {
        let get = await direct("GET", "/profile/42")
        try await withScreens { app in
            try await app.testing(method: .running(port: 0)).test(.HEAD, "screens/profile/42") { response async in
                #expect(response.status.code == 200)
                #expect(response.headers.first(name: "Content-Length") == String(get.body.count))
            }
        }
    }
}

