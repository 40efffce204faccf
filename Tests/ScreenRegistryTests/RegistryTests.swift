import ScreenRegistry
import Testing

@Suite("The registry: registration, data, errors, suggestions (rules 4, 10, 12)")
struct RegistryTests {
    @Test("Data merge: query, then the caller's data, then path parameters")
    func mergeOrder() throws {
        let registry = try registry(["profile/:userId"])
        let match = try registry.resolve(
            "/profile/42?userId=evil&tab=posts&mode=q",
            data: ["userId": "caller", "mode": "caller"]
        )
        #expect(match.parameters == ["userId": "42"])
        #expect(match.data == ["userId": "42", "tab": "posts", "mode": "caller"])
        #expect(match.path == "/profile/42")
    }

    @Test("resolve reports the pattern exactly as registered")
    func patternAsRegistered() throws {
        let registry = try registry(["/profile/:userId/"])
        #expect(try registry.resolve("profile/1").pattern == "/profile/:userId/")
    }

    @Test("Same shape with other names, or the same pattern twice, is .duplicateRoute")
    func duplicates() throws {
        for (first, second) in [
            ("a/:x", "a/:y"), ("a/:x", "a/:x"), ("/a/:x/", "a//:x"), ("c/:id(int)", "c/:n(int)"), ("**", "/**"),
            // A parameter and `*` match the same segments: the second could never win.
            ("a/:x", "a/*"), ("a/*/b", "a/:y/b"),
        ] {
            var registry = try registry([first])
            #expect {
                try registry.register(Probe.self, at: second)
            } throws: { error in
                guard case .duplicateRoute(let pattern, let existing) = error as? ScreenRegistryError else { return false }
                return pattern == second && existing == first
            }
        }
        // Different shapes coexist.
        _ = try registry(["a/:x", "a/:x(int)", "a/b", "a/**", "a"])
    }

    @Test("Case-insensitive registries treat literals differing in case as duplicates")
    func caseInsensitiveDuplicates() throws {
        var registry = try registry(["Home"], caseInsensitive: true)
        expectError(.duplicateRoute(pattern: "home", existing: "Home")) { try registry.register(Probe.self, at: "home") }
    }

    @Test("register throws .invalidPattern for a bad pattern")
    func invalidPattern() {
        var registry = ScreenRegistry()
        #expect {
            try registry.register(Probe.self, at: "a/**/b")
        } throws: { error in
            if case .invalidPattern(let pattern, _) = error as? ScreenRegistryError { return pattern == "a/**/b" }
            return false
        }
        #expect(registry.routes.isEmpty)
    }

    @Test("The subscript reads, replaces and removes")
    func subscriptAccess() throws {
        var registry = ScreenRegistry()
        registry["profile/:userId"] = Probe.self
        #expect(registry["profile/:userId"] == Probe.self)
        #expect(registry["/profile/:other/"] == Probe.self)
        #expect(registry["profile"] == nil)
        registry["profile/:userId"] = NeedsUser.self
        #expect(registry.routes.count == 1)
        #expect(try registry.resolve("/profile/1").screenType == NeedsUser.self)
        registry["profile/:userId"] = nil
        #expect(registry.routes.isEmpty)
        expectError(.unknownPath(path: "/profile/1", suggestion: nil)) { try registry.resolve("/profile/1") }
    }

    @Test("Replacing through the subscript keeps the route's parent, guard and redirect")
    func subscriptReplaceKeepsSettings() throws {
        var registry = try registry(["home", "login", "profile/:id"])
        try registry.register(Probe.self, at: "cards/:id", parent: "home")
        try registry.register(Probe.self, at: "pay", guard: .requires("session", else: "login"))
        try registry.redirect("u/:id", to: "profile/:id")
        registry["cards/:cardId"] = NeedsUser.self
        registry["pay"] = NeedsUser.self
        registry["u/:id"] = NeedsUser.self
        #expect(registry.routes.first { $0.pattern == "cards/:cardId" }?.parent == "home")
        #expect(try registry.stack(for: "/cards/3").map(\.path) == ["/home", "/cards/3"])
        #expect(try registry.resolve("/pay").pattern == "login")
        #expect(try registry.resolve("/pay", context: TrustedContext(session: "s")).screenType == NeedsUser.self)
        #expect(try registry.resolve("/u/5").pattern == "profile/:id")
    }

    @Test("Removing a route keeps the others matching")
    func removalKeepsOthers() throws {
        var registry = try registry(["a/:x", "a/b", "c"])
        registry["a/b"] = nil
        #expect(try registry.resolve("/a/b").pattern == "a/:x")
        #expect(try registry.resolve("/c").pattern == "c")
    }

    @Test("A registry is a value: a copy changes independently")
    func valueSemantics() throws {
        let original = try registry(["a"])
        var copy = original
        try copy.register(Probe.self, at: "b")
        #expect(original.routes.count == 1)
        expectError(.unknownPath(path: "/b", suggestion: nil)) { try original.resolve("/b") }
        #expect(try copy.resolve("/b").pattern == "b")
    }

    @Test("routes lists every route in precedence order")
    func routesInPrecedenceOrder() throws {
        let registry = try registry(["**", "a/:x", "a/**", "a", "a/b", "a/:n(int)", "b"])
        #expect(registry.routes.map(\.pattern) == ["a", "a/b", "a/:n(int)", "a/:x", "a/**", "b", "**"])
    }

    @Test("An unknown path suggests the closest pattern when one is close")
    func suggestions() throws {
        let registry = try registry(["profile/:userId", "products/:productId", "cards/:id(int)", "settings", "text"])
        #expect(suggestion(registry, "/profil/42") == "profile/:userId")
        #expect(suggestion(registry, "/prodcts/p1") == "products/:productId")
        #expect(suggestion(registry, "/setings") == "settings")
        #expect(suggestion(registry, "/cards/gold") == "cards/:id(int)")
        #expect(suggestion(registry, "/profile") == "profile/:userId")
        #expect(suggestion(registry, "/settings/extra") == "settings")
        // A near first segment and a segment too few or too many: two edits, where every
        // route is a segment longer or shorter than the path.
        #expect(suggestion(try ScreenRegistryTests.registry(["profile/:userId"]), "/profil") == "profile/:userId")
        #expect(suggestion(try ScreenRegistryTests.registry(["settings"]), "/setings/extra") == "settings")
        #expect(suggestion(registry, "/completely/unrelated/path") == nil)
        #expect(suggestion(registry, "/x") == nil)
    }

    /// Short variants are hashed as words of ASCII bytes, longer ones over `Character`s:
    /// each length on both sides of that line, and characters that are equal to ASCII ones
    /// without being ASCII (U+212A KELVIN SIGN is `K`).
    @Test("Typos suggest their route at every length, and across characters equal to ASCII ones")
    func suggestionsAcrossHashings() throws {
        let mixed = try registry([
            "abcdefg/:id", "abcdefgh/:id", "abcdefghi/:id", "abcdefghij/:id", "registration/:id",
            "\u{212A}elvin/:id", "caf\u{E9}/:id",
        ])
        #expect(suggestion(mixed, "/abcdefx/1") == "abcdefg/:id")
        #expect(suggestion(mixed, "/abcdefxh/1") == "abcdefgh/:id")
        #expect(suggestion(mixed, "/abcdefgxi/1") == "abcdefghi/:id")
        #expect(suggestion(mixed, "/abcdefghxj/1") == "abcdefghij/:id")
        #expect(suggestion(mixed, "/registraton/1") == "registration/:id")
        // An ASCII typo of a literal written with the Kelvin sign, and of one with an `é`.
        #expect(suggestion(mixed, "/Kelvim/1") == "\u{212A}elvin/:id")
        #expect(suggestion(mixed, "/kafé/1") == "caf\u{E9}/:id")
        #expect(suggestion(mixed, "/cafx/1") == "caf\u{E9}/:id")
        // The other way round: a Kelvin sign in the path, the literal in ASCII.
        let ascii = try registry(["Kelvin/:id", "Kelvinx/:id"])
        #expect(suggestion(ascii, "/%E2%84%AAelvim/1") == "Kelvin/:id")
        #expect(suggestion(ascii, "/%E2%84%AAelvinxy/1") == "Kelvinx/:id")
    }

    @Test("The suggestion is found among thousands of routes")
    func suggestionAtScale() throws {
        var patterns = (0..<3000).map { "route\($0)/:id" }
        patterns.append("checkout/confirm")
        let registry = try registry(patterns)
        #expect {
            try registry.resolve("/checkot/confirm")
        } throws: { error in
            (error as? ScreenRegistryError)?.suggestion == "checkout/confirm"
        }
    }

    /// Thousands of unrelated first segments fill the literal and near-literal tables far
    /// past their first sizes (growth, fingerprints, the parent check on shared slots).
    @Test("Among 2,000 random first segments, each one's typo suggests its own route", arguments: [false, true])
    func typoSuggestionsAmongRandomWords(caseInsensitive: Bool) throws {
        var state: UInt64 = 0x5EED
        func nextLetter() -> Character {
            // A fixed linear congruential sequence: the same words on every run.
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8((state >> 33) % 26)))
        }
        var words: [String] = []
        var seen: Set<String> = []
        while words.count < 2_000 {
            let word = String((0..<8).map { _ in nextLetter() })
            if seen.insert(word).inserted { words.append(word) }
        }
        let registry = try registry(words.map { "\($0)/:id" }, caseInsensitive: caseInsensitive)
        var wrong: [String] = []
        for (n, word) in words.enumerated() {
            var letters = Array(word)
            guard try registry.resolve("/\(word)/7").pattern == "\(word)/:id" else {
                wrong.append("\(word) did not match")
                continue
            }
            // One letter changed (to the next letter), or one dropped, at a varying place.
            let place = n % 8
            if n % 2 == 0 {
                let next = (letters[place].asciiValue ?? UInt8(ascii: "a")) + 1
                letters[place] = next > UInt8(ascii: "z") ? "a" : Character(Unicode.Scalar(next))
            } else {
                letters.remove(at: place)
            }
            var typo = String(letters)
            if caseInsensitive { typo = typo.uppercased() }
            let suggested = suggestion(registry, "/\(typo)/7")
            if suggested != "\(word)/:id" { wrong.append("\(typo) -> \(suggested ?? "nil")") }
        }
        #expect(wrong.count == 0, "first failures: \(wrong.prefix(5))")
        #expect(suggestion(registry, "/0123456789/7") == nil)
    }

    @Test("A typo of a short literal suggests it wherever its bytes are stored")
    func typosOfShortLiterals() throws {
        // Short literals are compared as words read from the table of all labels: alone
        // (fewer than eight bytes in all), first, and last in it.
        let letters = Array("abcdefghij")
        for length in 3...9 {
            let literal = String(letters[..<length])
            for patterns in [[literal], ["qqqqqqqqqq", literal], [literal, "qqqqqqqqqq"]] {
                let registry = try registry(patterns)
                for offset in 0..<length {
                    var changed = Array(literal)
                    changed[offset] = "0"
                    var dropped = Array(literal)
                    dropped.remove(at: offset)
                    var added = Array(literal)
                    added.insert("0", at: offset)
                    for typo in [changed, dropped, added].map({ String($0) }) {
                        #expect(suggestion(registry, "/\(typo)") == literal, "\(typo) in \(patterns)")
                    }
                }
                #expect(suggestion(registry, "/\(literal)") == "matched")
            }
        }
    }

    @Test("resolve builds nothing; screen(for:) builds the screen")
    func resolveBuildsNothing() async throws {
        var registry = ScreenRegistry()
        try registry.register(FailingInit.self, at: "fails")
        try registry.register(Probe.self, at: "probe/:id")
        #expect(try registry.resolve("/fails").pattern == "fails")
        let screen = try await registry.screen(for: "/probe/9")
        #expect(screen.children.first?.node[property: "text"] == .string("probe /probe/9"))
    }

    @Test("Errors from a screen's init or screen() are wrapped in .screenFailed")
    func wrapping() async throws {
        var registry = ScreenRegistry()
        try registry.register(FailingInit.self, at: "init")
        try registry.register(FailingBuild.self, at: "build")
        for path in ["/init", "/build"] {
            await #expect {
                _ = try await registry.screen(for: path)
            } throws: { error in
                guard case .screenFailed(let failedPath, let underlying) = error as? ScreenRegistryError else {
                    return false
                }
                return failedPath == path && underlying is ScreenError
            }
        }
    }

    @Test("A ScreenRegistryError thrown by a screen passes through unwrapped")
    func passThrough() async throws {
        var registry = ScreenRegistry()
        try registry.register(NeedsUser.self, at: "user")
        await #expect {
            _ = try await registry.screen(for: "/user")
        } throws: { error in
            guard case .missingParameter(let name, let path) = error as? ScreenRegistryError else { return false }
            return name == "userId" && path == "/user"
        }
    }

    @Test("screen(for:) reports unknown and invalid paths with their own cases")
    func screenErrors() async throws {
        let registry = try registry(["a"])
        await #expect {
            _ = try await registry.screen(for: "/b")
        } throws: { error in
            (error as? ScreenRegistryError)?.isUnknownPath == true
        }
        await #expect {
            _ = try await registry.screen(for: "/a/%zz")
        } throws: { error in
            if case .invalidPath(let path, _) = error as? ScreenRegistryError { return path == "/a/%zz" }
            return false
        }
    }

    @Test("Error descriptions name the input and escape control characters")
    func descriptions() {
        let unknown = ScreenRegistryError.unknownPath(path: "/profil/1", suggestion: "profile/:id")
        #expect(unknown.description == "no screen is registered for '/profil/1'; did you mean 'profile/:id'?")
        let invalid = ScreenRegistryError.invalidPath(path: "/a\u{0}b", reason: "x")
        #expect(invalid.description == "invalid path '/a\\u{0}b': x")
    }

    @Test("A registry is shared across tasks without locks")
    func concurrentUse() async throws {
        let registry = try registry(["profile/:userId", "cards/:id(int)"])
        let results = await withTaskGroup(of: String?.self) { group in
            for index in 0..<200 {
                group.addTask { try? registry.resolve("/profile/\(index)").parameters["userId"] }
            }
            var all: [String] = []
            for await result in group { if let result { all.append(result) } }
            return all
        }
        #expect(Set(results) == Set((0..<200).map(String.init)))
    }
}
