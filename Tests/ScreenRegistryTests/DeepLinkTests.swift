import ScreenRegistry
import Testing

@Suite("Deep links: normalising, decoding, rejecting (rules 1–5)")
struct DeepLinkTests {
    @Test(
        "Every input form of rule 1 gives the same segments",
        arguments: [
            "profile/42", "/profile/42", "/profile/42/", "//profile//42", "myapp://profile/42",
            "myapp:/profile/42", "myapp:///profile/42", "https://example.com/profile/42",
            "HTTP://example.com:8080/profile/42", "https://user@example.com/profile/42?x=1#top",
        ]
    )
    func equivalentForms(_ input: String) throws {
        let link = try DeepLink(input)
        #expect(link.segments == ["profile", "42"])
        #expect(link.path == "/profile/42")
    }

    @Test("For http(s) the host is dropped; for other schemes it is the first segment")
    func schemeAndHost() throws {
        #expect(try DeepLink("https://profile/42").segments == ["42"])
        #expect(try DeepLink("http://example.com").segments == [])
        #expect(try DeepLink("myapp://profile").segments == ["profile"])
        #expect(try DeepLink("my-app.v2+x://home/dashboard").segments == ["home", "dashboard"])
        #expect(try DeepLink("httpx://host/a").segments == ["host", "a"])
    }

    @Test("Segments are split before decoding: %2F stays inside one segment, %20 is a space")
    func decodingAfterSplitting() throws {
        let link = try DeepLink("/files/a%2Fb/hello%20world")
        #expect(link.segments == ["files", "a/b", "hello world"])
        #expect(link.path == "/files/a%2Fb/hello%20world")
        #expect(try DeepLink(link.path).segments == link.segments)
    }

    @Test("+ is a plus in the path and a space in the query")
    func plusSign() throws {
        let link = try DeepLink("/search/c++?q=a+b&r=1%2B1")
        #expect(link.segments == ["search", "c++"])
        #expect(link.query == ["q": "a b", "r": "1+1"])
    }

    @Test("Query: a key without = is empty, the first of a repeated key wins, the fragment is ignored")
    func queryRules() throws {
        let link = try DeepLink("/a?flag&x=1&x=2&&=orphan&caf%C3%A9=cr%C3%A8me#x=3")
        #expect(link.query == ["flag": "", "x": "1", "café": "crème"])
        #expect(try DeepLink("/a#frag?x=1").query == [:])
    }

    @Test("Non-ASCII segments decode, and the normalised path escapes them")
    func unicode() throws {
        let link = try DeepLink("/profile/Jos%C3%A9/日本")
        #expect(link.segments == ["profile", "José", "日本"])
        #expect(link.path == "/profile/Jos%C3%A9/%E6%97%A5%E6%9C%AC")
    }

    @Test(
        "Malformed input of rule 5 is a typed .invalidPath",
        arguments: [
            ("/profile/%zz", "malformed"), ("/profile/%4", "malformed"), ("/profile/%", "malformed"),
            ("/profile/%C3%28", "UTF-8"), ("/profile/%FF", "UTF-8"), ("/profile/%00", "control"),
            ("/profile/a%1Fb", "control"), ("/profile/%7F", "control"), ("/profile/a\u{01}b", "control"),
            ("/profile/./42", "'.'"), ("/profile/../42", "'..'"), ("/profile/%2E%2E", "'..'"),
            ("/a?x=%zz", "query"), ("/a?x=%C3", "query"), ("myapp://%zz/a", "malformed"),
        ] as [(String, String)]
    )
    func invalidInput(_ input: String, _ reasonPart: String) {
        let reason = invalidPathReason { _ = try DeepLink(input) }
        #expect(reason?.contains(reasonPart) == true, "\(input): \(String(describing: reason))")
    }

    @Test("Length and segment limits")
    func limits() throws {
        let longest = "/" + String(repeating: "a", count: DeepLink.maximumLength - 1)
        #expect(try DeepLink(longest).segments.count == 1)
        #expect(invalidPathReason { _ = try DeepLink(longest + "a") }?.contains("4096") == true)
        let sixtyFour = String(repeating: "/s", count: 64)
        #expect(try DeepLink(sixtyFour).segments.count == 64)
        #expect(invalidPathReason { _ = try DeepLink(sixtyFour + "/s") }?.contains("64") == true)
        // Empty segments do not count towards the limit.
        #expect(try DeepLink(String(repeating: "/", count: 1000) + "a").segments == ["a"])
    }

    @Test("Root forms")
    func root() throws {
        for input in ["", "/", "//", "myapp://", "https://example.com", "https://example.com/", "?x=1"] {
            #expect(try DeepLink(input).segments == [], "\(input)")
        }
        #expect(try DeepLink("").path == "/")
    }

    @Test("DeepLink.path(of:) escapes what a segment cannot hold")
    func pathBuilding() throws {
        let segments = ["a b", "x/y", "50%", "q?", "#", "ü", "c++"]
        let path = DeepLink.path(of: segments)
        #expect(path == "/a%20b/x%2Fy/50%25/q%3F/%23/%C3%BC/c++")
        #expect(try DeepLink(path).segments == segments)
    }
}
