import Foundation
import HummingbirdCore
import Logging
import ScreenRegistry
import ScreenRendering
@testable import ScreenServerHummingbird
@testable import ScreenService
import Testing

@Suite("The framework-neutral core")
struct CoreTests {
    let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    @Test("The core answers without any HTTP framework")
    func coreAlone() async {
        let service = ScreenService(registry: testRegistry)
        let response = await service.respond(
            to: ScreenRequest(method: "GET", target: "/profile/42?tab=posts", headers: [("Accept", "text/plain")]),
            logger: logger
        )
        #expect(response.status == 200)
        #expect(response.pattern == "profile/:userId")
        #expect(response.header("content-type") == ScreenFormat.text.contentType)
        #expect(response.header("Content-Length") == String(response.body.count))
        #expect(response.bodyText.contains("User 42"))
    }

    @Test("DivKit by ?format=divkit or its media type, with a tag, 304, and error screens in DivKit")
    func divKit() async throws {
        let service = ScreenService(registry: testRegistry)
        func get(_ target: String, _ headers: [(String, String)]) async -> ScreenResponse {
            await service.respond(to: ScreenRequest(method: "GET", target: target, headers: headers), logger: logger)
        }
        let byName = await get("/profile/42?format=divkit", [])
        let byAccept = await get("/profile/42", [("Accept", "application/vnd.divkit+json")])
        for response in [byName, byAccept] {
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/vnd.divkit+json")
            #expect(response.bodyText.hasPrefix(#"{"templates":"#) && response.bodyText.contains(#""text":"User 42""#))
        }
        #expect(byName.body == byAccept.body && byName.header("ETag") == byAccept.header("ETag"))
        let tag = try #require(byAccept.header("ETag"))
        let revalidated = await get("/profile/42", [("Accept", "application/vnd.divkit+json"), ("If-None-Match", tag)])
        #expect(revalidated.status == 304 && revalidated.body.isEmpty)
        let unknown = await get("/nowhere/at/all", [("Accept", "application/vnd.divkit+json")])
        #expect(unknown.status == 404)
        #expect(unknown.header("Content-Type") == "application/vnd.divkit+json")
        #expect(unknown.bodyText.contains(#""card":"#))
        let invalid = await get("/profile/%zz?format=divkit", [])
        #expect(invalid.status == 400 && invalid.bodyText.contains(#""custom_type":"error""#))
    }

    @Test("Accept parsing: q-values, wildcards, malformed ranges")
    func acceptParsing() {
        #expect(MediaRange.parseList("text/plain;q=0.5, */*") == [
            MediaRange(type: "text/plain", quality: 0.5), MediaRange(type: "*/*", quality: 1),
        ])
        #expect(MediaRange.parseList("text/plain;q=2, a/b;q=x, nonsense, */plain, TEXT/Plain") == [
            MediaRange(type: "text/plain", quality: 1),
        ])
        #expect(ContentNegotiation.format(forAccept: nil) == ContentNegotiation.defaultFormat)
        #expect(ContentNegotiation.format(forAccept: "garbage") == ContentNegotiation.defaultFormat)
        #expect(ContentNegotiation.format(forAccept: "text/plain") == .text)
        #expect(ContentNegotiation.format(forAccept: "text/*") == .text)
        #expect(ContentNegotiation.format(forAccept: "text/plain; charset=utf-8; q=0.8") == .text)
        #expect(ContentNegotiation.format(forAccept: "text/plain;q=0") == nil)
        #expect(ContentNegotiation.format(forAccept: "*/*;q=0.1, text/plain;q=0") != .text)
        #expect(ContentNegotiation.format(forAccept: "image/png") == nil)
    }

    @Test("Media types come from each format's content type; text/xml is an alias")
    func mediaTypes() {
        for format in ScreenFormat.allCases {
            #expect(format.contentType.lowercased().hasPrefix(ContentNegotiation.mediaType(of: format)))
            #expect(ContentNegotiation.format(forAccept: ContentNegotiation.mediaType(of: format)) == format)
        }
        if let xml = ScreenFormat(rawValue: "xml") {
            #expect(ContentNegotiation.format(forAccept: "text/xml") == xml)
            #expect(ContentNegotiation.format(forAccept: "application/xml") == xml)
            // Each media type takes the quality of its own most specific range: refusing
            // the alias leaves the format's own type acceptable, and the other way round.
            #expect(ContentNegotiation.format(forAccept: "text/xml;q=0, application/xml") == xml)
            #expect(ContentNegotiation.format(forAccept: "application/xml;q=0, text/xml") == xml)
            #expect(ContentNegotiation.format(forAccept: "text/xml;q=0.1, application/xml;q=0.9, application/json;q=0.5") == xml)
            #expect(ContentNegotiation.format(forAccept: "text/xml;q=0, application/xml;q=0, application/json;q=0.1") == .json)
            // On a tie, the range listed first, whichever of its types it names.
            #expect(ContentNegotiation.format(forAccept: "text/xml, application/json, application/xml") == xml)
            #expect(ContentNegotiation.format(forAccept: "application/json, text/xml") == .json)
        }
        if let json = ScreenFormat(rawValue: "json") {
            #expect(ContentNegotiation.format(forAccept: "application/json") == json)
            #expect(ContentNegotiation.defaultFormat == json)
        }
        #expect(ContentNegotiation.format(named: "TEXT") == .text)
        #expect(ContentNegotiation.format(named: "pdf") == nil)
    }

    @Test("The target is parsed once: format, fragment and stack come off the query, the rest is the screen's")
    func requestTarget() throws {
        let target = try RequestTarget("/a?x=1&format=text&y=%20+&format=json&fragment=f%20g&fragment=h&stack=true")
        #expect(target.link.segments == ["a"])
        #expect(target.link.query == ["x": "1", "y": "  "])
        #expect(target.format == "text" && target.fragment == "f g" && target.wantsStack)
        #expect(try RequestTarget("/a?formats=1&fragments=2&stacks=1").link.query == ["formats": "1", "fragments": "2", "stacks": "1"])
        #expect(try RequestTarget("/a?format").format == "")
        #expect(try RequestTarget("/a").format == nil)
        #expect(try RequestTarget("/a?stack=1&format=xml").wantsStack)
        #expect(try RequestTarget("/a?stack=true#top").wantsStack)
        #expect(try !RequestTarget("/a?stack=0").wantsStack)
        #expect(try !RequestTarget("/a?stacks=1").wantsStack)
        // One decoder for every item, the service's own too: `+` is a space.
        #expect(try RequestTarget("/a?fragment=a+b").fragment == "a b")
        do {
            _ = try RequestTarget("/a/%zz")
            Issue.record("a malformed escape parsed")
        } catch {
            guard case .invalidPath(let path, let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(path == "/a/%zz" && reason == "a segment has a malformed percent-escape")
        }
    }

    @Test("Entity tags: strong, stable, and If-None-Match lists")
    func entityTags() {
        let tag = EntityTag.strong(for: Array("hello".utf8))
        #expect(tag == EntityTag.strong(for: Array("hello".utf8)))
        #expect(tag != EntityTag.strong(for: Array("hellp".utf8)))
        #expect(tag.hasPrefix("\"5-"))
        #expect(EntityTag.ifNoneMatch("\"a\", \(tag)", matches: tag))
        #expect(EntityTag.ifNoneMatch("W/\(tag)", matches: tag))
        #expect(EntityTag.ifNoneMatch("*", matches: tag))
        #expect(!EntityTag.ifNoneMatch("\"a\"", matches: tag))
        #expect(!EntityTag.ifNoneMatch("", matches: tag))
        // `*` stands alone in the field's grammar: in a list it is malformed and matches nothing.
        #expect(EntityTag.ifNoneMatch(" * ", matches: tag))
        #expect(!EntityTag.ifNoneMatch("\"a\", *", matches: tag))
        #expect(!EntityTag.ifNoneMatch("*, \"a\"", matches: tag))
    }

    @Test("Entity tags tell apart every change of one byte of a body, wherever it is, from the body and from each other")
    func entityTagsSeeEveryByte() {
        let body = (0..<37).map { UInt8(truncatingIfNeeded: $0 &* 41 &+ 7) }
        let tag = EntityTag.strong(for: body)
        var tags: Set<String> = [tag]
        for index in body.indices {
            for change: UInt8 in [0x01, 0x80, 0xFF] {
                var changed = body
                changed[index] ^= change
                tags.insert(EntityTag.strong(for: changed))
            }
        }
        #expect(tags.count == 1 + body.count * 3)
        #expect(tags.allSatisfy { $0.hasPrefix("\"25-") && $0.hasSuffix("\"") })
        #expect(EntityTag.strong(for: Array(body.dropLast())).hasPrefix("\"24-"))
    }

    @Test("A request declares a body with Content-Length or Transfer-Encoding")
    func declaredBodies() {
        #expect(!ScreenRequest(method: "GET", target: "/", headers: [("Content-Length", "0")]).declaresBody)
        #expect(ScreenRequest(method: "GET", target: "/", headers: [("content-length", "3")]).declaresBody)
        #expect(ScreenRequest(method: "GET", target: "/", headers: [("Transfer-Encoding", "chunked")]).declaresBody)
        #expect(!ScreenRequest(method: "GET", target: "/").declaresBody)
    }

    @Test("The target below a mount point loses the base path and keeps the encoding")
    func targetBelowBasePath() {
        #expect(ScreenRequest.target(path: "/screens/profile/42", query: "tab=a%20b", below: "/screens") == "/profile/42?tab=a%20b")
        #expect(ScreenRequest.target(path: "/screens", query: nil, below: "/screens") == "/")
        #expect(ScreenRequest.target(path: "/api/v1/x/%2F", query: nil, below: "/api/v1") == "/x/%2F")
        #expect(ScreenRequest.target(path: "/profile/42", query: "", below: "/") == "/profile/42?")
    }

    @Test("The adapter's shortcut on the raw target agrees with the parsed URI", arguments: [
        "/screens/profile/42", "/screens/profile/42?tab=a%20b", "/screens/profile/42?", "/screens",
        "/screens/", "/screens//profile//42", "/screens/profile/42#top", "/screens/a?b#c", "//screens/x",
        "/screens/%2F%00?format=xml", "/screens/ü/日本?q=ü", "http://example.com/screens/profile/42?x=1",
    ])
    func targetShortcut(raw: String) {
        let uri = URI(raw)
        for base in ["/screens", "/"] {
            #expect(HummingbirdAdapter.target(uri, below: base) == ScreenRequest.target(path: uri.path, query: uri.query, below: base))
        }
    }

    @Test("/routes and routes --format json: every member of every route, escaped as JSON")
    func routesJSON() throws {
        let odd = "a\"b\\c/ü\u{2028}"
        var registry = ScreenRegistry()
        try registry.register(FailingScreen.self, at: odd)
        try registry.register(FailingScreen.self, at: "pay", parent: odd, guard: .requires("session", else: "login"))
        try registry.redirect("old", to: "pay")
        #expect(RoutesDocument.json(registry.routes) == #"""
            {"routes":[{"pattern":"a\"b\\c/ü\u2028","screenType":"FailingScreen","parent":null,"guard":null,"redirect":null,"rank":0},\#
            {"pattern":"old","screenType":"RedirectRoute","parent":null,"guard":null,"redirect":"pay","rank":1},\#
            {"pattern":"pay","screenType":"FailingScreen","parent":"a\"b\\c/ü\u2028",\#
            "guard":{"requires":"requires session","else":"login"},"redirect":null,"rank":2}]}
            """#)
        var one = ScreenRegistry()
        try one.register(FailingScreen.self, at: "pay", guard: .requires("session", else: "login"))
        #expect(RoutesDocument.json(one.routes, pretty: true) == """
            {
              "routes": [
                {
                  "pattern": "pay",
                  "screenType": "FailingScreen",
                  "parent": null,
                  "guard": {
                    "requires": "requires session",
                    "else": "login"
                  },
                  "redirect": null,
                  "rank": 0
                }
              ]
            }

            """)
        #expect(RoutesDocument.json([]) == #"{"routes":[]}"#)
    }
}

/// Counts how many times its screen is built.
struct CountingScreen: DeeplinkScreen {
    static let builds = BuildCounter()
    let id: String
    init(path: String, data: [String: String]) throws {
        id = try data.required("id", path: path)
    }
    func screen() async throws -> Screen {
        Self.builds.increment(id)
        return Screen(title: "Counted") { Text("id \(id)") }
    }
}

/// A screen for the signed-in user that (wrongly for a real app, rightly for the test)
/// declares it may be reused: the store must still keep one body a user.
struct PersonalCachedScreen: CacheableScreen {
    static let cacheLifetime: Duration = .seconds(60)
    static let builds = BuildCounter()
    let user: String
    init(path: String, data: [String: String], context: TrustedContext) {
        user = context.user ?? "nobody"
    }
    init(path: String, data: [String: String]) {
        user = "nobody"
    }
    func screen() async throws -> Screen {
        Self.builds.increment(user)
        return Screen(title: "Mine") { Text("for \(user)") }
    }
}

/// A ``CountingScreen`` that declares that it may be reused for a minute.
struct CachedCountingScreen: CacheableScreen {
    static let cacheLifetime: Duration = .seconds(60)
    let counted: CountingScreen
    init(path: String, data: [String: String]) throws {
        counted = try CountingScreen(path: path, data: data)
    }
    func screen() async throws -> Screen {
        try await counted.screen()
    }
}

final class BuildCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    func increment(_ id: String) { lock.withLock { counts[id, default: 0] += 1 } }
    func count(_ id: String) -> Int { lock.withLock { counts[id, default: 0] } }
}

@Suite("Memoized routes")
struct MemoTests {
    let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    func service(memoized: [String: Duration], reusesRenderedScreens: Bool = true) -> ScreenService {
        var registry = testRegistry
        registry["counted/:id"] = CountingScreen.self
        registry["cached/:id"] = CachedCountingScreen.self
        return ScreenService(
            registry: registry,
            configuration: .init(memoizedRoutes: memoized, reusesRenderedScreens: reusesRenderedScreens)
        )
    }

    func get(_ service: ScreenService, _ target: String, accept: String = "text/plain") async -> ScreenResponse {
        await service.respond(to: ScreenRequest(method: "GET", target: target, headers: [("Accept", accept)]), logger: logger)
    }

    @Test("A memoized route builds each path, data and format once while the entry lives")
    func memoized() async {
        let service = service(memoized: ["counted/:id": .seconds(60)])
        let first = await get(service, "/counted/m1")
        let second = await get(service, "/counted/m1")
        #expect(first.body == second.body && first.header("ETag") == second.header("ETag"))
        #expect(CountingScreen.builds.count("m1") == 1)
        _ = await get(service, "/counted/m1?x=1")                       // other data
        #expect(CountingScreen.builds.count("m1") == 2)
        let other = await get(service, "/counted/m1", accept: "*/*")      // other format
        #expect(CountingScreen.builds.count("m1") == (ContentNegotiation.defaultFormat == .text ? 2 : 3))
        #expect(other.status == 200)
    }

    @Test("Routes not named are built every time")
    func notMemoized() async throws {
        let plain = service(memoized: [:])
        _ = await get(plain, "/counted/m3")
        _ = await get(plain, "/counted/m3")
        #expect(CountingScreen.builds.count("m3") == 2)
    }

    /// A service of the test registry with `/mine`, a cached screen for the trusted user.
    func personalService(_ configuration: ScreenService.Configuration) -> ScreenService {
        var registry = testRegistry
        registry["mine"] = PersonalCachedScreen.self
        return ScreenService(registry: registry, configuration: configuration)
    }

    @Test("Two users never share a body: the trusted context is part of the store's key")
    func keyedByContext() async throws {
        let service = personalService(.init(authenticator: TrustedHeaderAuthenticator(keysByHeader: ["X-User": "user"])))
        func get(as user: String) async -> String {
            let request = ScreenRequest(method: "GET", target: "/mine", headers: [("Accept", "text/plain"), ("X-User", user)])
            return await service.respond(to: request, logger: logger).bodyText
        }
        let ada = await get(as: "ada")
        let bob = await get(as: "bob")
        #expect(ada.contains(#"text="for ada""#))
        #expect(bob.contains(#"text="for bob""#))
        #expect(await get(as: "ada") == ada)
        #expect(PersonalCachedScreen.builds.count("ada") == 1 && PersonalCachedScreen.builds.count("bob") == 1)
    }

    @Test("A trusted header is in Vary, and a screen for a request the authenticator vouched for is never public")
    func trustedHeadersVary() async throws {
        let service = personalService(.init(
            cachePolicy: CachePolicy(byPattern: ["mine": "public, max-age=60"]),
            authenticator: TrustedHeaderAuthenticator(keysByHeader: ["X-User": "user", "X-Session": "session"])))
        func get(_ headers: [(String, String)]) async -> ScreenResponse {
            await service.respond(to: ScreenRequest(method: "GET", target: "/mine", headers: [("Accept", "text/plain")] + headers), logger: logger)
        }
        let anonymous = await get([])
        let cleo = await get([("X-User", "cleo")])
        #expect(anonymous.bodyText.contains(#"text="for nobody""#) && cleo.bodyText.contains(#"text="for cleo""#))
        let vary = "Accept, beagle-platform, X-Hyperview-Version, X-DivKit-Version, X-App-Version, x-session, x-user"
        #expect(anonymous.header("Vary") == vary && cleo.header("Vary") == vary)
        #expect(anonymous.header("Cache-Control") == "public, max-age=60")
        #expect(cleo.header("Cache-Control") == "private, max-age=60")
        // Revalidated, the personal screen stays private.
        let revalidated = await get([("X-User", "cleo"), ("If-None-Match", cleo.header("ETag") ?? "")])
        #expect(revalidated.status == 304 && revalidated.header("Cache-Control") == "private, max-age=60")
        #expect(revalidated.header("Vary") == vary)
    }

    @Test("A personal response's Cache-Control: private instead of public, or added; private and no-store kept")
    func personalCacheControl() {
        let policy = CachePolicy(default: "no-cache", byPattern: [
            "a": "Public, max-age=60", "b": "private, max-age=30", "c": "no-store", "d": "max-age=5",
        ])
        #expect(policy.value(for: "a", personal: true) == "private, max-age=60")
        #expect(policy.value(for: "a", personal: false) == "Public, max-age=60")
        #expect(policy.value(for: "b", personal: true) == "private, max-age=30")
        #expect(policy.value(for: "c", personal: true) == "no-store")
        #expect(policy.value(for: "d", personal: true) == "private, max-age=5")
        #expect(policy.value(for: "other", personal: true) == "private, no-cache")
    }

    @Test("A screen type's declared cache lifetime is honoured unless turned off or overridden")
    func declaredLifetime() async throws {
        let service = service(memoized: [:])
        let first = await get(service, "/cached/d1")
        let second = await get(service, "/cached/d1")
        #expect(first.status == 200 && first.body == second.body && first.header("ETag") == second.header("ETag"))
        #expect(CountingScreen.builds.count("d1") == 1)
        _ = await get(service, "/cached/d1", accept: "application/json")     // another format
        #expect(CountingScreen.builds.count("d1") == 2)
        let ios = ScreenRequest(method: "GET", target: "/cached/d1", headers: [("Accept", "text/plain"), ("beagle-platform", "ios")])
        _ = await service.respond(to: ios, logger: logger)                      // another platform
        #expect(CountingScreen.builds.count("d1") == 3)
        _ = await service.respond(to: ios, logger: logger)
        #expect(CountingScreen.builds.count("d1") == 3)

        let everyRequest = self.service(memoized: [:], reusesRenderedScreens: false)
        _ = await get(everyRequest, "/cached/d2")
        _ = await get(everyRequest, "/cached/d2")
        #expect(CountingScreen.builds.count("d2") == 2)

        let overridden = self.service(memoized: ["cached/:id": .milliseconds(50)])
        #expect(overridden.reuseLifetime(of: try overridden.registry.resolve("/cached/d3")) == .milliseconds(50))
        #expect(service.reuseLifetime(of: try service.registry.resolve("/cached/d3")) == .seconds(60))
        #expect(everyRequest.reuseLifetime(of: try everyRequest.registry.resolve("/cached/d3")) == nil)
    }

    private func key(_ path: String, data: [String: String] = [:]) -> RenderMemo.Key {
        .init(pattern: "p", path: path, data: data, context: .anonymous, client: ClientProfile(format: .text), linkBase: "")
    }

    @Test("The store keeps the most recent entries within its capacity")
    func capacity() {
        let memo = RenderMemo(capacity: 3)
        for i in 0..<10 {
            memo.store(key("/\(i)"), body: [UInt8(i)], tag: "t\(i)", timeToLive: .seconds(60))
            #expect(memo.count == min(i + 1, 3))
        }
        #expect((0..<7).allSatisfy { memo.lookup(key("/\($0)")) == nil })
        #expect((7..<10).map { memo.lookup(key("/\($0)"))?.tag } == ["t7", "t8", "t9"])
    }

    @Test("A hit makes an entry the most recent: the least recently used one goes first")
    func leastRecentlyUsed() {
        let memo = RenderMemo(capacity: 3)
        for name in ["a", "b", "c"] { memo.store(key(name), body: [1], tag: name, timeToLive: .seconds(60)) }
        #expect(memo.lookup(key("a"))?.tag == "a")
        memo.store(key("d"), body: [1], tag: "d", timeToLive: .seconds(60))
        #expect(memo.lookup(key("b")) == nil)
        #expect(memo.lookup(key("a"))?.tag == "a")
        #expect(memo.lookup(key("c"))?.tag == "c")
        #expect(memo.lookup(key("d"))?.tag == "d")
    }

    @Test("The store stays within its bytes; a body larger than all of them is not kept")
    func byteCapacity() {
        let memo = RenderMemo(capacity: 100, byteCapacity: 10)
        for i in 0..<5 {
            memo.store(key("/\(i)"), body: [UInt8](repeating: 0, count: 4), tag: "t", timeToLive: .seconds(60))
            #expect(memo.bytes <= 10)
        }
        #expect(memo.count == 2 && memo.bytes == 8)
        #expect(memo.lookup(key("/3")) != nil && memo.lookup(key("/4")) != nil)
        memo.store(key("/big"), body: [UInt8](repeating: 0, count: 11), tag: "t", timeToLive: .seconds(60))
        #expect(memo.lookup(key("/big")) == nil)
        #expect(memo.count == 2)
    }

    @Test("10,000 distinct query strings never push out a screen that keeps being asked for")
    func floodKeepsHotEntry() {
        let memo = RenderMemo(capacity: 1024)
        let hot = key("/profile/42")
        var hotMisses = 0
        for i in 0..<10_000 {
            if memo.lookup(hot) == nil {
                hotMisses += 1
                memo.store(hot, body: [1], tag: "hot", timeToLive: .seconds(600))
            }
            let cold = key("/profile/42", data: ["q": "\(i)"])
            if memo.lookup(cold) == nil { memo.store(cold, body: [2], tag: "cold", timeToLive: .seconds(600)) }
            #expect(memo.count <= 1024)
        }
        #expect(hotMisses == 1)
    }

    @Test("An expired entry is not served and leaves the store")
    func expiry() {
        let memo = RenderMemo(capacity: 4)
        let start = ContinuousClock.now
        memo.store(key("/a"), body: [1, 2], tag: "a", timeToLive: .seconds(1), now: start)
        #expect(memo.lookup(key("/a"), now: start + .milliseconds(500))?.tag == "a")
        #expect(memo.lookup(key("/a"), now: start + .seconds(2)) == nil)
        #expect(memo.count == 0 && memo.bytes == 0)
    }
}
