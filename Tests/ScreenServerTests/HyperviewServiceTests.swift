import ConformanceSupport
import Foundation
import Logging
import ScreenRegistry
import ScreenRendering
@testable import ScreenService
import Testing

@Suite("The service speaks Hyperview")
struct HyperviewServiceTests {
    let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    let service: ScreenService = {
        var registry = testRegistry
        registry["version"] = HyperviewVersionScreen.self
        return ScreenService(registry: registry)
    }()

    func get(_ target: String, _ headers: [(String, String)] = []) async -> ScreenResponse {
        await service.respond(to: ScreenRequest(method: "GET", target: target, headers: headers), logger: logger)
    }

    @Test("HXML by ?format=hxml, its media type, or a Hyperview client's header; with a tag and 304")
    func negotiation() async throws {
        let byName = await get("/profile/42?format=hxml")
        let byAccept = await get("/profile/42", [("Accept", "application/vnd.hyperview+xml")])
        // Hyperview's client asks for application/xml and names its version.
        let byClient = await get("/profile/42", [("Accept", "application/xml"), ("X-Hyperview-Version", "0.85.0")])
        for response in [byName, byAccept, byClient] {
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/vnd.hyperview+xml")
            #expect(response.bodyText.contains(#"<doc xmlns="https://hyperview.org/hyperview""#))
            #expect(response.bodyText.contains("<text style=\"s1\">User 42</text>"))
            #expect(response.header("Vary") == "Accept, beagle-platform, X-Hyperview-Version, X-DivKit-Version, X-App-Version")
        }
        #expect(byName.body == byAccept.body && byAccept.body == byClient.body)
        let tag = try #require(byAccept.header("ETag"))
        let revalidated = await get("/profile/42", [("Accept", "application/vnd.hyperview+xml"), ("If-None-Match", tag)])
        #expect(revalidated.status == 304 && revalidated.body.isEmpty)
        // Without the header, application/xml is still our own XML dialect.
        #expect(await get("/profile/42", [("Accept", "application/xml")]).header("Content-Type") == XMLRenderer().contentType)
    }

    @Test("X-Hyperview-Version is read into the request context; a malformed one is not")
    func version() async {
        #expect(await get("/version", [("X-Hyperview-Version", "0.85.0")]).bodyText.contains("<text>version 0.85.0</text>"))
        #expect(await get("/version?format=hxml").bodyText.contains("<text>version none</text>"))
        let long = String(repeating: "9", count: 33)
        #expect(await get("/version", [("X-Hyperview-Version", long)]).bodyText.contains("<text>version none</text>"))
    }

    @Test("X-Hyperview-Version chooses what a screen shows, never opens a guarded route")
    func versionNeverAuthorizes() async throws {
        var registry = testRegistry
        try registry.register(HyperviewVersionScreen.self, at: "beta", guard: .requires("hyperviewVersion", else: "login"))
        let service = ScreenService(registry: registry)
        let response = await service.respond(
            to: ScreenRequest(method: "GET", target: "/beta", headers: [("X-Hyperview-Version", "0.85.0")]), logger: logger)
        #expect(response.status == 200)
        #expect(!response.bodyText.contains("version 0.85.0"))
        #expect(response.bodyText.contains("Log in"))
    }

    @Test("?fragment= answers one component's element as a fragment; errors name the case")
    func fragments() async throws {
        let fragment = await get("/home?fragment=tabs", [("X-Hyperview-Version", "0.85.0")])
        #expect(fragment.status == 200)
        #expect(fragment.header("Content-Type") == "application/vnd.hyperview_fragment+xml")
        #expect(fragment.bodyText.contains(#"<view xmlns="https://hyperview.org/hyperview""#))
        #expect(fragment.bodyText.contains(#"id="tabs""#))
        #expect(!fragment.bodyText.contains("<doc"))
        let tag = try #require(fragment.header("ETag"))
        #expect(await get("/home?fragment=tabs&format=hxml", [("If-None-Match", tag)]).status == 304)
        // Percent-encoded ids are decoded; the rest of the query still reaches the screen.
        #expect(await get("/home?fragment=%74abs&format=hxml").status == 200)
        let missing = await get("/home?fragment=nope&format=hxml")
        #expect(missing.status == 404)
        #expect(missing.header("Content-Type") == "application/vnd.hyperview+xml")
        #expect(missing.bodyText.contains(#"code="unknownFragment""#))
        let json = await get("/home?fragment=tabs&format=json")
        #expect(json.status == 400)
        #expect(json.bodyText.contains(#""code":"fragmentNeedsHXML""#))
    }

    @Test(
        "Error screens and fragments validate against Hyperview's schema",
        .enabled(if: Conformance.isEnabled)
    )
    func schema() async throws {
        let responses = [
            await get("/nowhere", [("X-Hyperview-Version", "1")]),            // 404 with the fallback screen
            await get("/profile/%zz?format=hxml"),                             // 400
            await get("/boom?format=hxml"),                                    // 500
            await get("/needs?format=hxml"),                                   // 400, missing data
            await get("/home?fragment=nope&format=hxml"),                      // 404, no such component
            await get("/home?fragment=tabs&format=hxml"),                      // a fragment
            await get("/profile/42?format=hxml&stack=1"),                      // a stack
        ]
        #expect(responses.map(\.status) == [404, 400, 500, 400, 404, 200, 200])
        let schema = try #require(Conformance.hyperviewSchema, "Hyperview's schema is not beside the repository: set HYPERVIEW_SCHEMA")
        let folder = try Conformance.folder("hxml-service")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, response) in responses.enumerated() {
            try Data(response.body).write(to: folder.appendingPathComponent("\(index).xml"))
        }
        let (status, report) = try Conformance.run("hyperview_schema.py", [schema, folder.path])
        #expect(status == 0, "\(report)")
        #expect(report.contains("\(responses.count) documents, 0 problems"), "\(report)")
    }
}
