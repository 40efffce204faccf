import ScreenRegistry
import Testing

/// Links to the profile through a typed link.
struct LinksToProfile: DeeplinkScreen {
    let registry: ScreenRegistry
    init(path: String, data: [String: String]) { registry = ScreenRegistry() }
    init(match: RouteMatch, in registry: ScreenRegistry) { self.registry = registry }
    func screen() async throws -> Screen {
        try Screen { Button("Profile", action: try .navigate(to: NeedsUser.self, ["userId": "a b/c"], in: registry)) }
    }
}

/// Links to a path given in its data, for building broken registries.
struct LinksTo: DeeplinkScreen {
    let target: String
    init(path: String, data: [String: String]) { target = data["target"] ?? "/nowhere" }
    /// The sample data the link checker gets for it (`examples:`).
    static let examples = [["target": "/missing/page"]]
    func screen() async throws -> Screen {
        Screen {
            Container {
                Button("Go", action: .navigate(to: target))
                Button("Native", action: .openNativeRoute(route: "/profile/1"))
            }
        }
    }
}

@Suite("Feature registries: mount")
struct MountTests {
    @Test("Mounting adds every route under the prefix, relative parents and guards included")
    func mount() throws {
        var cards = ScreenRegistry()
        try cards.register(Probe.self, at: "list")
        try cards.register(Probe.self, at: "cards/:id(int)", parent: "list")
        try cards.register(Probe.self, at: "secret", guard: .requires("session", else: "/login"))
        try cards.register(Probe.self, at: "local", guard: .requires("pin", else: "list"))
        try cards.redirect("c/:id", to: "cards/:id")
        var app = ScreenRegistry()
        try app.register(Probe.self, at: "login")
        try app.mount(cards, at: "/home/")
        #expect(Set(app.routes.map(\.pattern)) == [
            "login", "home/list", "home/cards/:id(int)", "home/secret", "home/local", "home/c/:id",
        ])
        #expect(try app.stack(for: "/home/cards/7").map(\.path) == ["/home/list", "/home/cards/7"])
        #expect(try app.resolve("/home/secret").pattern == "login")
        #expect(try app.resolve("/home/local").pattern == "home/list")
        #expect(try app.resolve("/home/c/9").pattern == "home/cards/:id(int)")
    }

    @Test("A conflict names both sides and adds nothing")
    func conflict() throws {
        var feature = ScreenRegistry()
        try feature.register(Probe.self, at: "a")
        try feature.register(Probe.self, at: "profile/:name")
        var app = ScreenRegistry()
        try app.register(Probe.self, at: "users/profile/:id")
        #expect {
            try app.mount(feature, at: "users")
        } throws: { error in
            guard case .duplicateRoute(let pattern, let existing) = error as? ScreenRegistryError else { return false }
            return pattern == "users/profile/:name" && existing == "users/profile/:id"
        }
        #expect(app.routes.map(\.pattern) == ["users/profile/:id"])
    }

    @Test("Mounts nest, and a prefix may hold parameters")
    func nested() throws {
        var leaf = ScreenRegistry()
        try leaf.register(Probe.self, at: "detail")
        var middle = ScreenRegistry()
        try middle.mount(leaf, at: "orders/:orderId")
        var app = ScreenRegistry()
        try app.mount(middle, at: "shop")
        let match = try app.resolve("/shop/orders/5/detail")
        #expect(match.pattern == "shop/orders/:orderId/detail")
        #expect(match.parameters == ["orderId": "5"])
        expectError(.invalidPattern(pattern: "x/**", reason: "a mount prefix cannot contain '**'")) { try app.mount(leaf, at: "x/**") }
    }
}

@Suite("Redirects, guards and the fallback")
struct RedirectGuardFallbackTests {
    @Test("A redirect substitutes parameters, keeps the query and reports its chain")
    func redirect() throws {
        var registry = try registry(["profile/:id"])
        try registry.redirect("u/:id", to: "profile/:id")
        try registry.redirect("user/:id", to: "u/:id")
        let match = try registry.resolve("/user/a%2Fb?tab=x")
        #expect(match.pattern == "profile/:id")
        #expect(match.parameters == ["id": "a/b"])
        #expect(match.data == ["id": "a/b", "tab": "x"])
        #expect(match.redirects == ["/user/a%2Fb", "/u/a%2Fb"])
        #expect(match.path == "/profile/a%2Fb")
    }

    @Test("Redirect targets may only use the source's parameters and no wildcards")
    func redirectValidation() throws {
        var registry = ScreenRegistry()
        expectError(.invalidPattern(pattern: "profile/:other", reason: "'other' is not a parameter of 'u/:id'")) {
            try registry.redirect("u/:id", to: "profile/:other")
        }
        expectError(.invalidPattern(pattern: "profile/*", reason: "a redirect target cannot contain '*' or '**'")) {
            try registry.redirect("u/:id", to: "profile/*")
        }
        expectError(.invalidPattern(pattern: ":(int)", reason: "':(int)' has no parameter name")) { try registry.redirect("u/:id", to: ":(int)") }
    }

    @Test("A loop is a path reached twice in one resolution: a typed error naming the cycle")
    func loop() throws {
        var registry = ScreenRegistry()
        try registry.redirect("a/:x", to: "b/:x")
        try registry.redirect("b/:x", to: "c/:x")
        try registry.redirect("c/:x", to: "b/:x")
        expectError(.screenFailed(path: "/a/1", underlying: RoutingLoop(chain: ["/a/1", "/b/1", "/c/1", "/b/1"]))) {
            try registry.resolve("/a/1")
        }
        // A guard whose screen leads back to the guarded path is a loop too.
        try registry.register(Probe.self, at: "vip", guard: .requires("session", else: "lobby"))
        try registry.redirect("lobby", to: "vip")
        expectError(.screenFailed(path: "/vip", underlying: RoutingLoop(chain: ["/vip", "/lobby", "/vip"]))) {
            try registry.resolve("/vip")
        }
    }

    @Test("A long chain without a cycle is followed; past the maximum it is its own error")
    func longChains() throws {
        func chain(_ length: Int) throws -> ScreenRegistry {
            var registry = try registry(["end/:x"])
            for hop in 0..<length {
                try registry.redirect("r\(hop)/:x", to: hop + 1 == length ? "end/:x" : "r\(hop + 1)/:x")
            }
            return registry
        }
        // Nine redirects, where the old count-based check reported a loop.
        let nine = try chain(9).resolve("/r0/7")
        #expect(nine.pattern == "end/:x" && nine.redirects.count == 9)
        let longest = try chain(ScreenRegistry.maximumHops).resolve("/r0/7")
        #expect(longest.pattern == "end/:x" && longest.redirects.count == ScreenRegistry.maximumHops)
        let passed = (0...ScreenRegistry.maximumHops).map { "/r\($0)/7" }
        expectError(.screenFailed(path: "/r0/7", underlying: RedirectLimitExceeded(chain: passed + ["/end/7"]))) {
            try chain(ScreenRegistry.maximumHops + 1).resolve("/r0/7")
        }
    }

    @Test("A guard shows its screen with the original path as next, until the trusted context satisfies it")
    func guards() throws {
        var registry = try registry(["login"])
        try registry.register(Probe.self, at: "pay/:item", guard: .requires("session", else: "login"))
        let guarded = try registry.resolve("/pay/7?coupon=a+b")
        #expect(guarded.pattern == "login")
        #expect(guarded.data["next"] == "/pay/7?coupon=a%20b")
        #expect(guarded.redirects == ["/pay/7"])
        // What the client sends never satisfies a guard: the query, nor data passed along.
        #expect(try registry.resolve("/pay/7?session=x").pattern == "login")
        #expect(try registry.resolve("/pay/7", data: ["session": "x"]).pattern == "login")
        // Only the trusted context does.
        let trusted = try registry.resolve("/pay/7?coupon=c", context: TrustedContext(session: "x"))
        #expect(trusted.pattern == "pay/:item")
        #expect(trusted.context.session == "x")
        #expect(trusted.data == ["item": "7", "coupon": "c"])
        #expect(try registry.resolve("/pay/7", context: TrustedContext(session: "")).pattern == "login")
    }

    @Test("What the client declared reaches the screen, never a guard or canHandle")
    func declaredValues() async throws {
        var registry = try registry(["upgrade"])
        try registry.register(Probe.self, at: "new", guard: .requires("hyperviewVersion", else: "upgrade"))
        try registry.register(DeclaredOnly.self, at: "beta")
        var context = TrustedContext()
        context.declared["hyperviewVersion"] = "0.85.0"
        // The guard and canHandle read the context without it.
        #expect(try registry.resolve("/new", context: context).pattern == "upgrade")
        expectError(.unknownPath(path: "/beta", suggestion: nil)) { try registry.resolve("/beta", context: context) }
        // Vouched for by the application, the same value opens both.
        let vouched = TrustedContext(values: ["hyperviewVersion": "0.85.0"])
        #expect(try registry.resolve("/new", context: vouched).pattern == "new")
        #expect(try registry.resolve("/beta", context: vouched).pattern == "beta")
        // The screen reads it by the subscript, as it reads a trusted value.
        let match = try registry.resolve("/upgrade", context: context)
        #expect(match.context["hyperviewVersion"] == "0.85.0")
        #expect(match.context.vouched["hyperviewVersion"] == nil)
        var both = TrustedContext(values: ["hyperviewVersion": "1"])
        both.declared["hyperviewVersion"] = "2"
        #expect(both["hyperviewVersion"] == "1")
    }

    @Test("A custom guard condition reads the trusted context, never the query")
    func customGuard() throws {
        var registry = try registry(["upgrade"])
        try registry.register(Probe.self, at: "pro", guard: RouteGuard("plan is pro", else: "upgrade") { $0["plan"] == "pro" })
        try registry.register(Probe.self, at: "admin", guard: .requiresRole("admin", else: "upgrade"))
        #expect(try registry.resolve("/pro?plan=pro").pattern == "upgrade")
        #expect(try registry.resolve("/pro", context: TrustedContext(values: ["plan": "free"])).pattern == "upgrade")
        #expect(try registry.resolve("/pro", context: TrustedContext(values: ["plan": "pro"])).pattern == "pro")
        #expect(try registry.resolve("/admin?roles=admin").pattern == "upgrade")
        #expect(try registry.resolve("/admin", context: TrustedContext(roles: ["admin"])).pattern == "admin")
    }

    @Test("Screens receive the trusted context beside their data")
    func contextReachesScreens() async throws {
        struct Greeting: DeeplinkScreen {
            let user: String
            init(path: String, data: [String: String]) { user = "nobody" }
            init(path: String, data: [String: String], context: TrustedContext) { user = context.user ?? "nobody" }
            func screen() async throws -> Screen { Screen { Text("hello \(user)") } }
        }
        var registry = ScreenRegistry()
        try registry.register(Greeting.self, at: "hi")
        let screen = try await registry.screen(for: "/hi?user=mallory", context: TrustedContext(user: "ada"))
        #expect(screen.children.first?.node[property: "text"] == .string("hello ada"))
        let anonymous = try await registry.screen(for: "/hi?user=mallory")
        #expect(anonymous.children.first?.node[property: "text"] == .string("hello nobody"))
    }

    @Test("The fallback stands in for unknown paths, with the path and the suggestion")
    func fallback() async throws {
        var registry = try registry(["profile/:id"])
        expectError(.unknownPath(path: "/profil/1", suggestion: "profile/:id")) { try registry.resolve("/profil/1") }
        registry.fallback = Probe.self
        let match = try registry.resolve("/profil/1?x=1")
        #expect(match.isFallback)
        #expect(match.data == ["path": "/profil/1", "suggestion": "profile/:id", "x": "1"])
        #expect(!(try registry.resolve("/profile/1").isFallback))
        // Invalid paths are still errors.
        expectError(.invalidPath(path: "/a/%zz", reason: "a segment has a malformed percent-escape")) { try registry.resolve("/a/%zz") }
        let screen = try await registry.screen(for: "/nowhere")
        #expect(screen.children.first?.node[property: "text"] == .string("probe /nowhere"))
    }

    @Test("A redirect to a path nobody handles reaches the fallback, chain included")
    func redirectToUnknown() throws {
        var registry = ScreenRegistry()
        try registry.redirect("old", to: "gone")
        registry.fallback = Probe.self
        let match = try registry.resolve("/old")
        #expect(match.isFallback)
        #expect(match.redirects == ["/old"])
    }
}

@Suite("Back stacks")
struct StackTests {
    @Test("Parameters are carried down to parents")
    func carried() throws {
        var registry = ScreenRegistry()
        try registry.register(Probe.self, at: "home")
        try registry.register(Probe.self, at: "users/:userId", parent: "home")
        try registry.register(Probe.self, at: "users/:userId/posts/:postId", parent: "users/:userId")
        let stack = try registry.stack(for: "/users/7/posts/9?x=1")
        #expect(stack.map(\.path) == ["/home", "/users/7", "/users/7/posts/9"])
        #expect(stack[1].parameters == ["userId": "7"])
    }

    @Test("A route without a parent is a stack of one; a parent cycle is a typed error")
    func edges() throws {
        var registry = ScreenRegistry()
        try registry.register(Probe.self, at: "solo")
        try registry.register(Probe.self, at: "a", parent: "b")
        try registry.register(Probe.self, at: "b", parent: "a")
        try registry.register(Probe.self, at: "orphan/:id", parent: "missing/:id")
        #expect(try registry.stack(for: "/solo").map(\.path) == ["/solo"])
        #expect {
            try registry.stack(for: "/a")
        } throws: { error in
            if case .screenFailed(_, let underlying) = error as? ScreenRegistryError { return underlying is RoutingLoop }
            return false
        }
        expectError(.unknownPath(path: "/missing/1", suggestion: nil)) { try registry.stack(for: "/orphan/1") }
    }
}

@Suite("Reverse routing and typed links")
struct ReverseRoutingTests {
    @Test("Every pattern kind, with characters that need escaping, round-trips through resolve")
    func everyKind() throws {
        let patterns = [
            "files/:name", "n/:id(int)", "x/:v(double)", "u/:u(uuid)", "w/*/end", "docs/**", "/", "hello world/:p",
        ]
        let registry = try registry(patterns)
        let values = [
            "name": "a b/c?d#e%f+g&h=ü🙂", "id": "-42", "v": "2.5", "u": "123e4567-e89b-12d3-a456-426614174000",
            "*": "any thing", "**": "a/b c/d", "p": "@{x}",
        ]
        for pattern in patterns {
            let path = try registry.path(for: pattern, parameters: values)
            let match = try registry.resolve(path)
            #expect(match.pattern == pattern, "\(pattern) → \(path)")
            for name in try RoutePattern(pattern).parameterNames {
                #expect(match.parameters[name] == values[name], "\(pattern): \(name)")
            }
        }
        #expect(try registry.path(for: "files/:name", parameters: ["name": "a b/c"]) == "/files/a%20b%2Fc")
        #expect(try registry.path(for: "docs/**", parameters: [:]) == "/docs")
    }

    @Test("Missing and invalid parameters are typed errors")
    func errors() throws {
        let registry = ScreenRegistry()
        func failure(_ pattern: String, _ parameters: [String: String]) -> ScreenRegistryError? {
            do {
                _ = try registry.path(for: pattern, parameters: parameters)
                return nil
            } catch {
                return error
            }
        }
        if case .missingParameter(let name, _)? = failure("a/:id", [:]) { #expect(name == "id") } else { Issue.record("missing") }
        for (pattern, value) in [("a/:id(int)", "x"), ("a/:id", ""), ("a/:id", ".."), ("a/:id", "a\u{0}b"), ("a/:id(uuid)", "1")] {
            guard case .invalidParameter(let name, let given, _)? = failure(pattern, ["id": value]) else {
                Issue.record("\(pattern) with '\(value)' was accepted")
                continue
            }
            #expect(name == "id" && given == value)
        }
        #expect(failure("a/:id", ["id": String(repeating: "x", count: 5000)]) != nil)
    }

    @Test("A path from a screen type; typed links inside screens")
    func typedLinks() async throws {
        var registry = ScreenRegistry()
        try registry.register(NeedsUser.self, at: "users/:userId")
        try registry.register(LinksToProfile.self, at: "start")
        #expect(try registry.path(for: NeedsUser.self, parameters: ["userId": "9"]) == "/users/9")
        // Registered twice, the type's links use the route that comes first in precedence order.
        var twice = ScreenRegistry()
        try twice.register(NeedsUser.self, at: "a/:userId")
        try twice.register(NeedsUser.self, at: "a/x/:userId")
        #expect(try twice.path(for: NeedsUser.self, parameters: ["userId": "9"]) == "/a/x/9")
        #expect(twice.routes.first?.pattern == "a/x/:userId")
        let screen = try await registry.screen(for: "/start")
        guard case .node(let button)? = screen.node[property: "child"],
            case .list(let actions)? = button[property: "onPress"], case .node(let action)? = actions.first,
            case .node(let route)? = action[property: "route"]
        else {
            Issue.record("no link")
            return
        }
        #expect(route[property: "url"] == .string("/users/a%20b%2Fc"))
        #expect(try registry.resolve("/users/a%20b%2Fc").parameters["userId"] == "a b/c")

        var unregistered = ScreenRegistry()
        try unregistered.register(LinksToProfile.self, at: "start")
        await #expect {
            _ = try await unregistered.screen(for: "/start")
        } throws: { error in
            if case .screenFailed(_, let underlying) = error as? ScreenRegistryError { return underlying is UnregisteredScreen }
            return false
        }
    }
}

@Suite("The link checker")
struct LinkCheckerTests {
    /// ``LinksTo``'s sample data; typed defaults for the others.
    static func examples(_ screen: any DeeplinkScreen.Type) -> [[String: String]] {
        screen == LinksTo.self ? LinksTo.examples : []
    }

    @Test("A clean registry passes")
    func clean() async throws {
        var registry = try registry(["home", "profile/:id"])
        try registry.register(LinksTo.self, at: "links", parent: "home")
        try registry.redirect("u/:id", to: "profile/:id")
        registry.fallback = Probe.self
        var fixed = registry
        fixed["links"] = nil
        try fixed.register(Probe.self, at: "missing/page")
        try fixed.register(LinksTo.self, at: "links", parent: "home")
        let report = await fixed.checkLinks(examples: Self.examples)
        #expect(report.isClean, "\(report.problems)")
        #expect(report.routesChecked == 5)
    }

    @Test("A deliberately broken registry is reported exactly")
    func broken() async throws {
        var registry = try registry(["home", "profile/:id", "items/:id"])
        try registry.register(LinksTo.self, at: "links", parent: "nowhere")
        try registry.redirect("old/:id", to: "gone/:id")
        try registry.register(Probe.self, at: "vip", guard: .requires("session", else: "signin"))
        try registry.register(Probe.self, at: "home/**")  // its sample path, /home, is home's
        try registry.register(FailingInit.self, at: "crash")
        registry.fallback = Probe.self  // broken links stay broken with a fallback
        let report = await registry.checkLinks(examples: Self.examples)
        let found = Set(report.problems.map { "\($0.kind.rawValue) | \($0.route) | \($0.location) | \($0.target ?? "-")" })
        #expect(found == [
            "broken link | links | button \"Go\" onPress | /missing/page",
            "broken parent | links |  | nowhere",
            "broken redirect | old/:id |  | gone/:id",
            "broken guard | vip |  | signin",
            "shadowed | home/** |  | -",
            "screen failed | crash |  | -",
        ])
        #expect(report.problems.first { $0.kind == .shadowed }?.message.contains("'home' wins") == true)
        #expect(report.problems.first { $0.kind == .brokenLink }?.samplePath == "/links")
    }

    @Test("Progress is reported for every route")
    func progress() async throws {
        let registry = try registry((0..<30).map { "r\($0)" })
        let counter = Counter()
        _ = await registry.checkLinks(progress: { done, total in counter.record(done, total) })
        #expect(counter.calls == 30)
        #expect(counter.last == 30)
    }
}

/// Counts progress callbacks from the checker.
final class Counter: @unchecked Sendable {
    private(set) var calls = 0
    private(set) var last = 0
    func record(_ done: Int, _ total: Int) {
        calls += 1
        last = done
    }
}
