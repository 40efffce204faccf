import Logging
import ScreenRegistry
import ScreenRendering
@testable import ScreenService
import Testing

@Suite("The client per request: app version, library version, platform")
struct ClientProfileTests {
    let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    func get(_ service: ScreenService, _ target: String, _ headers: [(String, String)]) async -> ScreenResponse {
        await service.respond(to: ScreenRequest(method: "GET", target: target, headers: headers), logger: logger)
    }

    @Test("X-App-Version 1.0 and 2.0 get different bodies and ETags; Vary names the header", arguments: ScreenFormat.allCases)
    func appVersions(format: ScreenFormat) async throws {
        let service = ScreenService(registry: testRegistry)
        let old = await get(service, "/profile/42?format=\(format.rawValue)", [("X-App-Version", "1.0")])
        let new = await get(service, "/profile/42?format=\(format.rawValue)", [("X-App-Version", "2.0")])
        #expect(old.status == 200 && new.status == 200)
        #expect(old.bodyText.contains("Update the app to see badges") && !new.bodyText.contains("Update the app to see badges"))
        #expect(new.bodyText.contains("Verified"))
        #expect(old.header("ETag") != new.header("ETag"))
        #expect(new.header("Vary") == "Accept, beagle-platform, X-Hyperview-Version, X-DivKit-Version, X-App-Version")
        // The header is the service's to name.
        let renamed = ScreenService(registry: testRegistry, configuration: .init(appVersionHeader: "X-Build"))
        let named = await get(renamed, "/profile/42?format=\(format.rawValue)", [("X-Build", "2.0")])
        #expect(named.body == new.body && named.header("Vary")?.hasSuffix(", X-Build") == true)
    }

    @Test("The client profile comes from negotiation and headers, each library's version from its own header")
    func profiles() {
        let headers = RequestHeaders([
            HeaderField("X-Hyperview-Version", "0.108.1"), HeaderField("X-DivKit-Version", "30.4"),
            HeaderField("beagle-platform", "ANDROID"), HeaderField("X-App-Version", "2.1"),
        ])
        #expect(ScreenService.clientProfile(.hxml, headers).description == "hyperview@0.108.1 app 2.1 ANDROID")
        #expect(ScreenService.clientProfile(.divkit, headers).description == "divkit@30.4 app 2.1 ANDROID")
        #expect(ScreenService.clientProfile(.json, headers).description == "beagle app 2.1 ANDROID")
        #expect(ScreenService.clientProfile(.json, RequestHeaders([HeaderField("X-App-Version", "latest")])).appVersion == nil)
    }

    @Test("A component the client cannot render, without a fallback, is a logged 500, never a broken screen")
    func unsupported() async throws {
        var registry = testRegistry
        registry["chart"] = ChartScreen.self
        let capture = LogCapture()
        let service = ScreenService(registry: registry)
        let response = await service.respond(
            to: ScreenRequest(method: "GET", target: "/chart?format=divkit", headers: [("X-App-Version", "3.0")]), logger: capture.logger)
        #expect(response.status == 500)
        #expect(!response.bodyText.contains(#""custom_type":"chart""#) && response.bodyText.contains("unsupportedComponent"))
        let line = try #require(capture.lines.first { $0.message == "client cannot render" })
        #expect(line.metadata["component"] == "beagle:screenComponent > custom:chart")
        #expect(line.metadata["client"] == "divkit app 3.0")
        #expect(line.metadata["reason"] == "it needs the app's own view, which app 3.0 on an unnamed platform does not declare")
    }

    @Test("A DivKit client older than the typed getters gets a bound text's fallback; a newer one the getter; the ETags differ")
    func divKitGetters() async throws {
        var registry = testRegistry
        registry["greeting"] = GreetingScreen.self
        let service = ScreenService(registry: registry)
        let old = await get(service, "/greeting?format=divkit", [("X-DivKit-Version", "28.5")])
        let new = await get(service, "/greeting?format=divkit", [("X-DivKit-Version", "28.6")])
        #expect(old.status == 200 && new.status == 200)
        #expect(old.bodyText.contains(#""text":"Hello""#) && !old.bodyText.contains("getStringFromDict"))
        #expect(new.bodyText.contains(#""text":"Hi @{getStringFromDict(user, 'name')}""#) && !new.bodyText.contains(#""text":"Hello""#))
        #expect(old.header("ETag") != new.header("ETag"))
        #expect(new.header("Vary")?.contains("X-DivKit-Version") == true)
    }
}

/// Greets the user by the name in its context, with a plain greeting for clients that cannot read it.
struct GreetingScreen: DeeplinkScreen {
    init(path: String, data: [String: String]) {}
    func screen() async throws -> Screen {
        Screen(context: Context(id: "user", value: ["name": "Ana"])) {
            Text("Hi \(bind: "user.name")").fallback { Text("Hello") }
        }
    }
}

/// Shows a chart that no app declares, without a fallback.
struct ChartScreen: DeeplinkScreen {
    init(path: String, data: [String: String]) {}
    func screen() async throws -> Screen {
        Screen { Node(kind: .component, type: "custom:chart") }
    }
}
