import ScreenRegistry
import Testing

@Suite("In-app targets from data")
struct SafeTargetTests {
    let registry: ScreenRegistry = {
        var registry = ScreenRegistry()
        for pattern in ["home", "payment", "profile/:id"] {
            try? registry.register(Probe.self, at: pattern)
        }
        try? registry.redirect("u/:id", to: "profile/:id")
        return registry
    }()

    @Test("A relative path of the app comes back normalised, with its query")
    func accepted() {
        #expect(registry.inAppPath("/payment?product=p1") == "/payment?product=p1")
        #expect(registry.inAppPath("/profile/a%20b") == "/profile/a%20b")
        #expect(registry.inAppPath("/profile//42/") == "/profile/42")
        #expect(registry.inAppPath("/u/7") == "/u/7")
        #expect(registry.inAppPath("/home?b=2&a=1") == "/home?a=1&b=2")
    }

    @Test(
        "Anything that could leave the app, or leads nowhere, is refused",
        arguments: [
            nil, "", "home", "//evil.example", "/\\evil.example", "\\\\evil.example", "/%5Cevil.example",
            "/%2F/evil.example", "/%2f%2fevil.example", "/%252F/evil.example", "/%5c%5cevil.example",
            "https://evil.example/home", "javascript:alert(1)", "myapp://home", "/home\u{0}", "/home%00",
            "/home\r\nLocation: x", "/home%0d%0a", "/home\u{7F}", "/nowhere", "/profile", "/home/%zz",
            " /home", "/./home", "/../home",
        ] as [String?])
    func refused(candidate: String?) {
        #expect(registry.inAppPath(candidate) == nil)
    }
}
