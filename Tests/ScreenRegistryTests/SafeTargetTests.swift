import ScreenRegistry
import Testing

@Suite("In-app targets from data")
struct SafeTargetTests {
    /// Routes that the hostile candidates below *would* resolve to, so that each is refused
    /// for leaving the app and not merely for leading nowhere: `//evil.example` normalises
    /// to `/evil.example`, `/\evil.example/home` has the segment `\evil.example`, which
    /// `:host` takes.
    let registry: ScreenRegistry

    init() throws {
        var registry = ScreenRegistry()
        for pattern in ["home", "payment", "profile/:id", "evil.example", "evil.example/home", ":host/home", "alert(1)"] {
            try registry.register(Probe.self, at: pattern)
        }
        try registry.redirect("u/:id", to: "profile/:id")
        self.registry = registry
    }

    @Test("A relative path of the app comes back normalised, with its query")
    func accepted() {
        #expect(registry.inAppPath("/payment?product=p1") == "/payment?product=p1")
        #expect(registry.inAppPath("/profile/a%20b") == "/profile/a%20b")
        #expect(registry.inAppPath("/profile//42/") == "/profile/42")
        #expect(registry.inAppPath("/u/7") == "/u/7")
        #expect(registry.inAppPath("/home?b=2&a=1") == "/home?a=1&b=2")
    }

    @Test(
        "What could leave the app is refused, though the registry resolves it",
        arguments: [
            "home", "//evil.example", "//home", "//evil.example/home", "/\\evil.example/home",
            "/%5Cevil.example/home", "/%5c%5cevil.example/home", "/%2F%2Fevil.example/home", "/%2f%2fevil.example/home",
            "/%252F%252Fevil.example/home", "/%255Cevil.example/home", "https://evil.example/home", "myapp://home",
            "myapp:/home", "javascript:alert(1)",
        ])
    func refusedThoughItResolves(candidate: String) throws {
        let match = try registry.resolve(candidate)
        #expect(!match.isFallback)
        #expect(registry.inAppPath(candidate) == nil)
    }

    @Test(
        "What is malformed, or leads nowhere, is refused",
        arguments: [
            nil, "", "/nowhere", "/profile", "/home/%zz", " /home", "/./home", "/../home", "/home\u{0}", "/home%00",
            "/home\r\nLocation: x", "/home%0d%0a", "/home\u{7F}",
        ] as [String?])
    func refused(candidate: String?) {
        #expect(registry.inAppPath(candidate) == nil)
    }
}
