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

    @Test("Random patterns register or throw ScreenRegistryError")
    func randomPatterns() {
        var generator = Generator(state: 7)
        let parts = [":", ":a", ":b(int)", ":c(", "(uuid)", "*", "**", "a", "%", "/", "//", "é", "x*", ":d(double)"]
        var registry = ScreenRegistry()
        for _ in 0..<5000 {
            var pattern = ""
            for _ in 0..<generator.next(6) { pattern += parts[generator.next(parts.count)] }
            do {
                try registry.register(Probe.self, at: pattern)
            } catch {
                // Invalid and duplicate patterns are expected; crashing is not.
            }
        }
        #expect(!registry.routes.isEmpty)
    }
}
