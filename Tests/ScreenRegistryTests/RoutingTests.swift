import ScreenRegistry
import Testing

@Suite("Matching: precedence, backtracking, typed parameters, catch-alls (rules 6–9, 11)")
struct RoutingTests {
    /// Registers `patterns` in the given order and in reverse, and checks both pick the same winner.
    func winner(of path: String, among patterns: [String]) throws -> String {
        let forward = try registry(patterns).resolve(path).pattern
        let backward = try registry(patterns.reversed()).resolve(path).pattern
        #expect(forward == backward, "registration order changed the winner for \(path)")
        return forward
    }

    @Test("A literal beats a typed parameter, which beats a parameter, which beats **, in any order")
    func precedence() throws {
        let patterns = ["users/**", "users/:name", "users/:id(int)", "users/me"]
        #expect(try winner(of: "/users/me", among: patterns) == "users/me")
        #expect(try winner(of: "/users/42", among: patterns) == "users/:id(int)")
        #expect(try winner(of: "/users/bob", among: patterns) == "users/:name")
        #expect(try winner(of: "/users/bob/posts", among: patterns) == "users/**")
        #expect(try winner(of: "/users", among: patterns) == "users/**")
    }

    @Test("The first position that differs decides, not the number of literals")
    func leftmostDifferenceDecides() throws {
        let patterns = ["a/:x/c/d", ":y/b/c/d"]
        #expect(try winner(of: "/a/b/c/d", among: patterns) == "a/:x/c/d")
        #expect(try winner(of: "/q/b/c/d", among: patterns) == ":y/b/c/d")
    }

    @Test("Typed parameters go from narrow to wide: int, uuid, double, in any order")
    func typedOrder() throws {
        let patterns = ["n/:d(double)", "n/:u(uuid)", "n/:i(int)", "n/:s"]
        #expect(try winner(of: "/n/42", among: patterns) == "n/:i(int)")
        #expect(try winner(of: "/n/4.2", among: patterns) == "n/:d(double)")
        #expect(try winner(of: "/n/123e4567-e89b-12d3-a456-426614174000", among: patterns) == "n/:u(uuid)")
        #expect(try winner(of: "/n/four", among: patterns) == "n/:s")
    }

    @Test("A typed parameter that does not convert fails over to the next route")
    func typedFailover() throws {
        let registry = try registry(["cards/:cardId(int)", "cards/:slug"])
        let byId = try registry.resolve("/cards/7")
        #expect(byId.pattern == "cards/:cardId(int)")
        #expect(byId.parameters == ["cardId": "7"])
        let bySlug = try registry.resolve("/cards/gold")
        #expect(bySlug.pattern == "cards/:slug")
        #expect(bySlug.parameters == ["slug": "gold"])
        // Alone, the typed route does not match a non-number at all.
        expectError(.unknownPath(path: "/cards/gold", suggestion: "cards/:cardId(int)")) {
            try Self.only("cards/:cardId(int)").resolve("/cards/gold")
        }
    }

    static func only(_ pattern: String) throws -> ScreenRegistry {
        try registry([pattern])
    }

    @Test("Backtracking finds less specific routes and leaks no parameter (RoutingKit #145, #149)")
    func backtracking() throws {
        let patterns = [":provider", "google/callback", ":provider/test"]
        let bare = try registry(patterns).resolve("/google")
        #expect(bare.pattern == ":provider")
        #expect(bare.parameters == ["provider": "google"])
        let test = try registry(patterns).resolve("/google/test")
        #expect(test.pattern == ":provider/test")
        #expect(test.parameters == ["provider": "google"])
        let callback = try registry(patterns).resolve("/google/callback")
        #expect(callback.pattern == "google/callback")
        #expect(callback.parameters.isEmpty)
        #expect(callback.data.isEmpty)
    }

    @Test("Parameters captured on a dead branch never reach the result")
    func noLeakFromDeepDeadBranch() throws {
        let patterns = ["a/:x/:y/end", ":first/b/c/other"]
        let match = try registry(patterns).resolve("/a/b/c/other")
        #expect(match.pattern == ":first/b/c/other")
        #expect(match.parameters == ["first": "a"])
        #expect(match.data == ["first": "a"])
    }

    @Test("** matches zero or more trailing segments, including the root, and captures nothing")
    func catchAll() throws {
        let registry = try registry(["**", "docs/**", "docs"])
        #expect(try registry.resolve("/").pattern == "**")
        #expect(try registry.resolve("").pattern == "**")
        #expect(try registry.resolve("/anything/at/all").pattern == "**")
        #expect(try registry.resolve("/docs").pattern == "docs")
        let deep = try registry.resolve("/docs/a/b")
        #expect(deep.pattern == "docs/**")
        #expect(deep.parameters.isEmpty)
    }

    @Test("* matches one segment without capturing it")
    func wildcard() throws {
        let match = try registry(["files/*/:name"]).resolve("/files/2024/report")
        #expect(match.parameters == ["name": "report"])
        expectError(.unknownPath(path: "/files", suggestion: "files/*")) { try Self.only("files/*").resolve("/files") }
    }

    @Test("The root pattern matches only the root")
    func rootPattern() throws {
        let registry = try registry(["/", "home"])
        #expect(try registry.resolve("myapp://").pattern == "/")
        #expect(try registry.resolve("https://example.com/").pattern == "/")
        #expect(try registry.resolve("/home").pattern == "home")
    }

    @Test("Literals compare after decoding; %2F and %20 stay inside one segment")
    func decodedLiterals() throws {
        let registry = try registry(["files/:name", "hello world", "a/b"])
        #expect(try registry.resolve("/files/a%2Fb").parameters == ["name": "a/b"])
        #expect(try registry.resolve("/hello%20world").pattern == "hello world")
        // `a%2Fb` is one segment, so the two-segment route `a/b` does not match it.
        expectError(.unknownPath(path: "/a%2Fb", suggestion: nil)) { try registry.resolve("/a%2Fb") }
        #expect(try registry.resolve("/a/b").pattern == "a/b")
    }

    @Test("+ in a path is a plus; in a query it is a space")
    func plus() throws {
        let match = try registry(["tags/:tag"]).resolve("/tags/c++?q=a+b")
        #expect(match.parameters == ["tag": "c++"])
        #expect(match.data["q"] == "a b")
    }

    @Test("Literals are case-sensitive by default; the option folds literals, never values")
    func caseSensitivity() throws {
        expectError(.unknownPath(path: "/profile/Bob", suggestion: "Profile/:id")) { try Self.only("Profile/:id").resolve("/profile/Bob") }
        let folded = try registry(["Profile/:id"], caseInsensitive: true)
        let match = try folded.resolve("/PROFILE/Bob")
        #expect(match.pattern == "Profile/:id")
        #expect(match.parameters == ["id": "Bob"])
    }

    @Test("A declining route passes to the next candidate at the same position")
    func declinesPassToNext() throws {
        var registry = ScreenRegistry()
        try registry.register(Picky.self, at: "item/:id(int)")
        try registry.register(Probe.self, at: "item/*")
        try registry.register(Picky.self, at: "docs/**")
        try registry.register(Probe.self, at: "*/**")
        #expect(try registry.resolve("/item/1").pattern == "item/*")
        #expect(try registry.resolve("/item/1?accept=yes").pattern == "item/:id(int)")
        #expect(try registry.resolve("/docs/a/b").pattern == "*/**")
        #expect(try registry.resolve("/docs/a/b?accept=yes").pattern == "docs/**")
        #expect(try registry.resolve("/docs?accept=yes").pattern == "docs/**")
    }

    @Test("A decline falls back to less specific routes in precedence order")
    func declineFallsBack() throws {
        var registry = ScreenRegistry()
        try registry.register(Probe.self, at: "**")
        try registry.register(Picky.self, at: "shop/:id")
        try registry.register(Picky.self, at: "shop/special")
        #expect(try registry.resolve("/shop/special").pattern == "**")
        #expect(try registry.resolve("/shop/special", data: ["accept": "yes"]).pattern == "shop/special")
    }

    @Test("When every candidate declines, the path is unknown")
    func everyoneDeclines() throws {
        var registry = ScreenRegistry()
        try registry.register(Picky.self, at: "a/:x")
        try registry.register(Picky.self, at: "a/b")
        #expect {
            try registry.resolve("/a/b")
        } throws: { error in
            (error as? ScreenRegistryError)?.isUnknownPath == true
        }
    }

    @Test("canHandle sees the merged data and the normalised path")
    func canHandleInputs() throws {
        struct Recorder: DeeplinkScreen {
            init(path: String, data: [String: String]) {}
            static func canHandle(path: String, data: [String: String]) -> Bool {
                path == "/r/7" && data == ["id": "7", "q": "1"]
            }
            func screen() async throws -> Screen { Screen { Text("r") } }
        }
        var registry = ScreenRegistry()
        try registry.register(Recorder.self, at: "r/:id")
        #expect(try registry.resolve("myapp://r/7/?q=1").pattern == "r/:id")
    }

    @Test(
        "A literal of any length matches wherever it stands: first, last, alone, before a query",
        arguments: [false, true])
    func literalsOfEveryLength(caseInsensitive: Bool) throws {
        // Segments are hashed eight bytes at a time; the remainder is read with the bytes
        // after it, or with the ones before it when the segment ends the path.
        let letters = Array("abcdefghijklmnopqrst")
        for length in 1...letters.count {
            let literal = String(letters[..<length])
            let stored = caseInsensitive ? literal.uppercased() : literal
            let registry = try registry(["\(stored)", "x/\(stored)", "\(stored)/y"], caseInsensitive: caseInsensitive)
            // Case-insensitive: every other letter a capital.
            let given = !caseInsensitive ? literal : String(
                literal.enumerated().map { $0.offset % 2 == 0 ? Character($0.element.uppercased()) : $0.element })
            for (path, pattern) in [
                ("/\(given)", stored), ("/x/\(given)", "x/\(stored)"), ("/\(given)/y", "\(stored)/y"),
                ("/x/\(given)?q=1", "x/\(stored)"), ("/x/\(given)/", "x/\(stored)"),
            ] {
                #expect(try registry.resolve(path).pattern == pattern, "\(path)")
            }
            // Any one character changed is another literal.
            for offset in 0..<length {
                var changed = letters[..<length]
                changed[offset] = "0"
                let other = String(changed)
                for path in ["/\(other)", "/x/\(other)", "/\(other)/y"] {
                    #expect("\(path)") { try registry.resolve(path) } throws: { ($0 as? ScreenRegistryError)?.isUnknownPath == true }
                }
            }
        }
    }

    @Test("Lookups in a large registry find the right route")
    func largeRegistry() throws {
        var registry = ScreenRegistry()
        for index in 0..<5000 {
            try registry.register(Probe.self, at: "section\(index)/:id/detail")
            try registry.register(Probe.self, at: "section\(index)/list")
        }
        let match = try registry.resolve("/section4321/abc/detail")
        #expect(match.pattern == "section4321/:id/detail")
        #expect(match.parameters == ["id": "abc"])
        #expect(try registry.resolve("/section17/list").pattern == "section17/list")
        expectError(.unknownPath(path: "/section5000/list", suggestion: "section1000/list")) { try registry.resolve("/section5000/list") }
    }
}
