import ScreenRegistry
import Testing

@Suite("Hostile input never crashes the router")
struct HostileInputTests {
    /// A small deterministic generator, so a failure reproduces.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static let pieces = [
        "/", "//", "%", "%2", "%2F", "%zz", "%C3", "%A9", "%00", "%7F", "%E2%80%A8", "?", "#", "&", "=", "+",
        ".", "..", ":", "://", "a", "Z", "1", "-7", "4.5", "é", "🙂", " ", "\u{1}", "\u{0}", "\u{7F}",
        "profile", "cards", "http:", "https://h", "myapp:", "*", "**", "\u{FFFF}", "\u{202E}",
    ]

    @Test("Random paths either resolve or throw ScreenRegistryError")
    func randomPaths() throws {
        var registry = ScreenRegistry()
        for pattern in ["profile/:id", "cards/:n(int)", "cards/:n(int)/detail", "a/**", ":x/b", "*", "/", "u/:u(uuid)"] {
            try registry.register(Probe.self, at: pattern)
        }
        var generator = Generator(state: 42)
        var resolved = 0, refused = 0
        for _ in 0..<20_000 {
            var path = ""
            for _ in 0..<generator.next(12) { path += Self.pieces[generator.next(Self.pieces.count)] }
            do {
                let match = try registry.resolve(path, data: ["k": path])
                // A match's normalised path resolves again to the same route.
                #expect(try registry.resolve(match.path).pattern == match.pattern)
                resolved += 1
            } catch {
                refused += 1
            }
        }
        #expect(resolved > 1000)
        #expect(refused > 1000)
    }

    /// Every reason rule 6 gives for an invalid pattern, as ARCHITECTURE.md words it.
    static let patternReasons = [
        "'**' must be the last segment", "is used twice", "has an unclosed type", "is not a parameter type",
        "has no parameter name", "is not a parameter name", "mixes '*' with other characters",
        "has a malformed percent-escape", "contains a control character", "can never match", "more than 64 segments",
    ]

    @Test("Random patterns register, or are refused with the exact reason and nothing is added")
    func randomPatterns() throws {
        var generator = Generator(state: 7)
        let parts = [":", ":a", ":b(int)", ":c(", "(uuid)", "*", "**", "a", "%", "/", "//", "é", "x*", ":d(double)"]
        var registry = ScreenRegistry()
        var registered = 0, invalid = 0, duplicates = 0
        for _ in 0..<5000 {
            var pattern = ""
            for _ in 0..<generator.next(6) { pattern += parts[generator.next(parts.count)] }
            let parses = (try? RoutePattern(pattern)) != nil
            do {
                try registry.register(Probe.self, at: pattern)
                #expect(parses, "\(pattern)")
                #expect(registry[pattern] == Probe.self)
                registered += 1
            } catch .invalidPattern(let refused, let reason) {
                #expect(!parses && refused == pattern, "\(pattern)")
                #expect(Self.patternReasons.contains { reason.contains($0) }, "\(pattern): \(reason)")
                invalid += 1
            } catch .duplicateRoute(let refused, let existing) {
                #expect(parses && refused == pattern && registry[existing] != nil, "\(pattern)")
                duplicates += 1
            } catch {
                Issue.record("unexpected \(error) for \(pattern)")
            }
        }
        #expect(registered > 20 && invalid > 1000 && duplicates > 1000)
        // Nothing refused was added.
        #expect(registry.routes.count == registered)
        // Every registered route's own sample path resolves.
        for route in registry.routes {
            var sample: [String: String] = ["*": "any"]
            for segment in route.parsed.segments {
                switch segment {
                case .parameter(let name): sample[name] = "x"
                case .typed(let name, .uuid): sample[name] = "3F2504E0-4F89-11D3-9A0C-0305E82C3301"
                case .typed(let name, _): sample[name] = "1"
                default: break
                }
            }
            let path = try registry.path(for: route.pattern, parameters: sample)
            #expect((try? registry.resolve(path)) != nil, "\(route.pattern) → \(path)")
        }
    }
}
