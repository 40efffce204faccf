import Foundation
import Logging
import ScreenRegistry
import ScreenRendering
@testable import ScreenService
import Testing

@Suite("The service answers browsers with pages")
struct HTMLServiceTests {
    let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    /// What Chromium and Firefox send when a person opens a link.
    static let browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"

    func get(_ service: ScreenService, _ target: String, _ headers: [(String, String)] = []) async -> ScreenResponse {
        await service.respond(to: ScreenRequest(method: "GET", target: target, headers: headers), logger: logger)
    }

    @Test("A browser's Accept gets the page, with links below the mount point, a tag, 304, and a policy that runs no script")
    func page() async throws {
        let service = ScreenService(registry: testRegistry, configuration: .init(linkBase: "/screens"))
        let page = await get(service, "/profile/42", [("Accept", Self.browserAccept)])
        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.bodyText.hasPrefix("<!DOCTYPE html>\n"))
        #expect(page.bodyText.contains("<p class=\"sr-text\" style=\"text-align:center\">User 42</p>"))
        #expect(page.bodyText.contains("href=\"/screens/follow/42\""))
        #expect(page.header("Content-Security-Policy")?.hasPrefix("default-src 'none';") == true)
        #expect(page.header("Content-Security-Policy")?.contains("script") == false)
        #expect(page.header("X-Content-Type-Options") == "nosniff")
        #expect(await get(service, "/profile/42?format=html").body == page.body)
        let tag = try #require(page.header("ETag"))
        #expect(await get(service, "/profile/42", [("Accept", "text/html"), ("If-None-Match", tag)]).status == 304)
        // Without a browser's Accept nothing changes: JSON stays the default.
        #expect(await get(service, "/profile/42").header("Content-Type") == "application/json")
    }

    @Test("Without a linkBase, links start below the request's mount path, and a reused page is never another mount's")
    func mountPath() async throws {
        let service = ScreenService(registry: testRegistry)
        func page(mountedAt mountPath: String, of service: ScreenService = service) async -> String {
            await service.respond(
                to: ScreenRequest(method: "GET", target: "/profile/42?format=html", mountPath: mountPath), logger: logger
            ).bodyText
        }
        // The profile's body is reused (it declares a lifetime): each mount gets its own.
        #expect(await page(mountedAt: "/screens").contains("href=\"/screens/follow/42\""))
        #expect(await page(mountedAt: "/m").contains("href=\"/m/follow/42\""))
        #expect(await page(mountedAt: "/screens").contains("href=\"/screens/follow/42\""))
        #expect(await page(mountedAt: "").contains("href=\"/follow/42\""))
        // A base the service was given wins.
        let configured = ScreenService(registry: testRegistry, configuration: .init(linkBase: "/ui"))
        #expect(await page(mountedAt: "/screens", of: configured).contains("href=\"/ui/follow/42\""))
    }

    @Test("An unknown path is the fallback page naming the closest route, a malformed one a 400 page; data stays text")
    func errors() async {
        let service = ScreenService(registry: testRegistry)
        let missing = await get(service, "/profiel/42", [("Accept", "text/html")])
        #expect(missing.status == 404)
        #expect(missing.header("Content-Type") == "text/html; charset=utf-8")
        // The registry's fallback screen, as a page.
        #expect(missing.bodyText.contains("<title>Not found</title>"))
        #expect(missing.bodyText.contains("<p class=\"sr-text\">The closest screen is profile/:userId.</p>"))
        let malformed = await get(service, "/profile/%ZZ", [("Accept", "text/html")])
        #expect(malformed.status == 400)
        #expect(malformed.bodyText.contains("<title>Bad Request</title>"))
        #expect(malformed.bodyText.contains("<small>custom:error</small> status: 400 code: invalidPath"))
        let hostile = await get(service, "/profile/%3Cscript%3Ealert(1)%3C%2Fscript%3E", [("Accept", "text/html")])
        #expect(hostile.status == 200)
        #expect(!hostile.bodyText.contains("<script"))
        #expect(hostile.bodyText.contains("User &lt;script&gt;alert(1)&lt;/script&gt;"))
    }
}
