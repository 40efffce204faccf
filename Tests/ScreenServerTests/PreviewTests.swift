import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import Logging
import ScreenRegistry
import ScreenRendering
@testable import ScreenService
import Testing

@Suite("The live preview")
struct PreviewTests {
    let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    let preview = ScreenPreview(service: ScreenService(registry: testRegistry))

    func get(_ target: String, method: String = "GET") async -> ScreenResponse {
        let response = await preview.respond(to: ScreenRequest(method: method, target: target), logger: logger)
        if method == "GET" {
            // Every page is well-formed (the HTML is written as XML too) and runs no script.
            #expect(XMLParser(data: Data(response.body)).parse(), "\(target)")
            #expect(!response.bodyText.contains("<script"), "\(target)")
            #expect(response.header("Content-Security-Policy")?.contains("default-src 'none'") == true)
        }
        return response
    }

    @Test("The index lists every route with a link to the preview of each sample path, and the form")
    func index() async {
        let page = await get("/")
        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        let rows = page.bodyText.components(separatedBy: "<tr><td><code>").count - 1
        #expect(rows == testRegistry.routes.count)
        #expect(page.bodyText.contains("<tr><td><code>profile/:userId</code></td><td>ProfileScreen</td><td><a href=\"/preview/profile/example\">/profile/example</a></td></tr>"))
        #expect(page.bodyText.contains("<td>redirect to profile/:userId</td>"))
        #expect(page.bodyText.contains("<form class=\"pv-form\" method=\"get\" action=\"/preview/\">"))
    }

    @Test("A screen: its page in the phone frame with links kept in the preview, and every format as the service writes it")
    func screen() async throws {
        let page = await get("/profile/42?tab=likes")
        #expect(page.status == 200)
        #expect(page.bodyText.contains("<p class=\"sr-text\" style=\"text-align:center\">User 42</p>"))
        #expect(page.bodyText.contains("<a class=\"sr-button\" href=\"/preview/follow/42\">Follow</a>"))
        #expect(page.bodyText.contains("<input type=\"radio\" name=\"pv-tab\" id=\"pv-tab-json\" class=\"pv-tab\" checked=\"checked\" />"))
        let match = try testRegistry.resolve("/profile/42?tab=likes")
        for format in ScreenFormat.allCases {
            let expected = try await ScreenAnswer.screen(match).render(
                in: testRegistry, as: format, options: RenderOptions(pretty: true, linkBase: "/preview"),
                client: ClientProfile(format: format))
            let panel = "<div class=\"pv-panel\" id=\"pv-panel-\(format.rawValue)\"><pre><code>"
                + HTMLEscaping.text(String(decoding: expected.body, as: UTF8.self)) + "</code></pre></div>"
            #expect(page.bodyText.contains(panel), "\(format)")
        }
        #expect(page.bodyText.contains("<tr><th>Pattern</th><td><code>profile/:userId</code></td></tr>"))
        #expect(page.bodyText.contains("<tr><th>Data</th><td><code>tab=likes</code> <code>userId=42</code></td></tr>"))
        #expect(page.bodyText.contains("<tr><th>Back stack</th><td><a href=\"/preview/home\">/home</a> → <a href=\"/preview/profile/42\">/profile/42</a></td></tr>"))
        #expect(page.bodyText.contains("<p>4 links, redirects, parents and guards checked at the route's sample paths: none broken.</p>"))
        #expect(page.bodyText.contains("<h2>Time</h2>\n<p>Built in "))
    }

    @Test("Redirects and guards show the way the path took")
    func resolution() async {
        let redirected = await get("/u/42")
        #expect(redirected.bodyText.contains("<tr><th>Pattern</th><td><code>profile/:userId</code></td></tr>"))
        #expect(redirected.bodyText.contains("<tr><th>Forwarded from</th><td><a href=\"/preview/u/42\">/u/42</a> (redirects and guards)</td></tr>"))
        // Nobody is signed in: the payment's guard sends the request to the login screen.
        let guarded = await get("/?path=%2Fpayment&data=product%3Dp1")
        #expect(guarded.bodyText.contains("<tr><th>Pattern</th><td><code>login</code></td></tr>"))
        #expect(guarded.bodyText.contains("<a href=\"/preview/payment\">/payment</a> (redirects and guards)"))
        #expect(guarded.bodyText.contains("<code>next=/payment?product=p1</code>"))
        #expect(guarded.bodyText.contains("<input name=\"path\" value=\"/payment\""))
        #expect(guarded.bodyText.contains("<input name=\"data\" value=\"product=p1\""))
    }

    @Test("The client chosen: its tab first, its version's problems as check --client reports them, its platform and app version")
    func client() async {
        let old = await get("/profile/42?preview.format=divkit&preview.version=28.0&preview.platform=ios&preview.app=2.0")
        #expect(old.bodyText.contains("id=\"pv-tab-divkit\" class=\"pv-tab\" checked=\"checked\" />"))
        #expect(old.bodyText.contains(
            "<li><strong>divkit@28.0 app 2.0 IOS</strong>: 1 cannot be rendered<ul><li>beagle:screenComponent &gt; beagle:container &gt; "
                + "beagle:container: cannot render beagle:container: divkit renders style.flex.justifyContent SPACE_EVENLY from 28.3</li></ul></li>"))
        #expect(old.bodyText.contains("<div class=\"pv-panel\" id=\"pv-panel-divkit\"><p class=\"pv-problem\">The service answers this client 500 unsupportedComponent"))
        #expect(old.bodyText.contains("<li><strong>beagle app 2.0 IOS</strong>: every component renders</li>"))
        // App 2.0 ships the badge; an app that does not say gets its fallback.
        #expect(old.bodyText.contains("<small>custom:badge</small>"))
        #expect(!(await get("/profile/42")).bodyText.contains("<small>custom:badge</small>"))
        #expect(old.bodyText.contains("<option value=\"IOS\" selected=\"selected\">iOS</option>"))
    }

    @Test("A screen is built with the Hyperview version chosen, as the client's word that no guard trusts")
    func hyperviewVersion() async throws {
        var registry = testRegistry
        registry["version"] = HyperviewVersionScreen.self
        try registry.register(HyperviewVersionScreen.self, at: "beta", guard: .requires("hyperviewVersion", else: "login"))
        let preview = ScreenPreview(service: ScreenService(registry: registry))
        func page(_ target: String) async -> String {
            await preview.respond(to: ScreenRequest(method: "GET", target: target), logger: logger).bodyText
        }
        // As the client's header would send it.
        #expect(await page("/version?preview.format=hxml&preview.version=0.85.0").contains(">version 0.85.0</p>"))
        #expect(await page("/version?preview.format=hxml&preview.version=x").contains(">version none</p>"))
        // Another format's client names no Hyperview version.
        #expect(await page("/version?preview.format=divkit&preview.version=30.0").contains(">version none</p>"))
        #expect(await page("/version").contains(">version none</p>"))
        // The guard still sends the client to its screen.
        #expect(await page("/beta?preview.format=hxml&preview.version=0.85.0").contains("<tr><th>Pattern</th><td><code>login</code></td></tr>"))
    }

    @Test("Unknown paths are 404 with the closest route linked, malformed ones 400, other methods 405")
    func errors() async {
        let unknown = await get("/profiel/42")
        #expect(unknown.status == 404)
        #expect(unknown.bodyText.contains("No route matches <code>/profiel/42</code>: the registry's fallback screen stands in, with status 404. "
            + "The closest route is <code>profile/:userId</code>: <a href=\"/preview/profile/example\">/profile/example</a>.</p>"))
        let withoutFallback: ScreenPreview = {
            var registry = testRegistry
            registry.fallback = nil
            return ScreenPreview(service: ScreenService(registry: registry))
        }()
        let missing = await withoutFallback.respond(to: ScreenRequest(method: "GET", target: "/profiel/42"), logger: logger)
        #expect(missing.status == 404)
        #expect(missing.bodyText.contains("<h2>404 Not Found</h2>"))
        #expect(missing.bodyText.contains("The closest route is <code>profile/:userId</code>: <a href=\"/preview/profile/example\">/profile/example</a>."))
        let malformed = await get("/profile/%ZZ")
        #expect(malformed.status == 400)
        #expect(malformed.bodyText.contains("<h2>400 Bad Request</h2>"))
        // Too long a target is 414, as the service answers it.
        let long = await get("/" + String(repeating: "a", count: 5_000))
        #expect(long.status == 414)
        #expect(long.bodyText.contains("longer than 4096 bytes"))
        let post = await get("/profile/42", method: "POST")
        #expect(post.status == 405)
        #expect(post.header("Allow") == "GET, HEAD")
        #expect(post.headers.filter { $0.name == "Allow" }.count == 1)
        // An authenticator's refusal keeps the header fields it adds, as the service's does.
        let guarded = ScreenPreview(service: ScreenService(registry: testRegistry, configuration: .init(authenticator: Refusing())))
        let refused = await guarded.respond(to: ScreenRequest(method: "GET", target: "/profile/42"), logger: logger)
        #expect(refused.status == 401)
        #expect(refused.header("WWW-Authenticate") == "Bearer")
        #expect(refused.bodyText.contains("Sign in first."))
        let head = await get("/profile/42", method: "HEAD")
        #expect(head.status == 200 && head.body.isEmpty)
    }

    @Test("Payloads in the path and data stay text: no element, attribute or link from them")
    func hostile() async {
        let page = await get("/profile/%3Cscript%3Ealert(1)%3C%2Fscript%3E?tab=%22%20onerror%3D%22alert(2)&next=javascript:alert(3)")
        #expect(page.status == 200)
        #expect(page.bodyText.contains("User &lt;script&gt;alert(1)&lt;/script&gt;"))
        let markup = Markup(page.body)
        #expect(markup.elements.isDisjoint(with: ["script", "iframe", "object", "embed"]))
        #expect(!markup.attributes.contains { $0.name.hasPrefix("on") })
        #expect(!markup.attributes.contains { ["href", "src", "action"].contains($0.name) && $0.value.lowercased().contains("javascript") })
        #expect(page.bodyText.contains("<code>next=javascript:alert(3)</code>"))
    }
}

/// The element and attribute names of a page, as an XML parser reads them.
private final class Markup: NSObject, XMLParserDelegate {
    private(set) var elements: Set<String> = []
    private(set) var attributes: [(name: String, value: String)] = []

    init(_ bytes: [UInt8]) {
        super.init()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = self
        #expect(parser.parse())
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.insert(name.lowercased())
        self.attributes += attributes.map { ($0.key.lowercased(), $0.value) }
    }
}

/// Refuses every request, asking for a bearer token.
private struct Refusing: RequestAuthenticator {
    func authenticate(_ request: ScreenRequest) async throws(AuthenticationFailure) -> TrustedContext {
        throw AuthenticationFailure(message: "Sign in first.", headers: [HeaderField("WWW-Authenticate", "Bearer")])
    }
}
