import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ScreenRegistry
import ScreenRendering
import ScreenServerHummingbird
import ScreenService
import Testing

@Suite("beagle-platform")
struct PlatformTests {
    /// A screen with one text for iOS only and one for Android only.
    struct PlatformScreen: DeeplinkScreen {
        init(path: String, data: [String: String]) throws {}
        func screen() async throws -> Screen {
            Screen(title: "Platforms") {
                Node(kind: .component, type: "beagle:text", properties: [.init("text", .string("only-ios"))], platforms: .ios)
                Node(kind: .component, type: "beagle:text", properties: [.init("text", .string("only-android"))], platforms: .android)
            }
        }
    }

    @Test("Beagle JSON leaves out what is marked for other platforms; Vary names the header")
    func platformPruning() async throws {
        var registry = testRegistry
        registry["platforms"] = PlatformScreen.self
        let server = ScreenServer(registry: registry, configuration: .init(port: 0))
        try await server.makeApplication().test(.router) { client in
            let all = try await client.execute(uri: "/screens/platforms?format=json", method: .get)
            #expect(all.text.contains("only-ios") && all.text.contains("only-android"))
            #expect(all.headers[.vary] == "Accept, beagle-platform, X-Hyperview-Version, X-DivKit-Version, X-App-Version")
            let ios = try await client.execute(
                uri: "/screens/platforms?format=json", method: .get, headers: .fields([("beagle-platform", "IOS")])
            )
            #expect(ios.text.contains("only-ios") && !ios.text.contains("only-android"))
            #expect(ios.headers[.eTag] != all.headers[.eTag])
            let android = try await client.execute(
                uri: "/screens/platforms?format=json", method: .get, headers: .fields([("beagle-platform", " android ")])
            )
            #expect(!android.text.contains("only-ios") && android.text.contains("only-android"))
            let unknown = try await client.execute(
                uri: "/screens/platforms?format=json", method: .get, headers: .fields([("beagle-platform", "TOASTER")])
            )
            #expect(unknown.text == all.text)
        }
    }

    @Test(
        "Every format through the service leaves out the components marked for other platforms",
        arguments: ScreenFormat.allCases)
    func pruningInEveryFormat(format: ScreenFormat) async throws {
        var registry = testRegistry
        registry["platforms"] = PlatformScreen.self
        let server = ScreenServer(registry: registry, configuration: .init(port: 0))
        try await server.makeApplication().test(.router) { client in
            for (platform, kept, other) in [("IOS", "only-ios", "only-android"), ("ANDROID", "only-android", "only-ios")] {
                let response = try await client.execute(
                    uri: "/screens/platforms?format=\(format.rawValue)", method: .get,
                    headers: .fields([("beagle-platform", platform)]))
                #expect(response.status == .ok)
                #expect(response.text.contains(kept), "\(format) for \(platform)")
                #expect(!response.text.contains(other), "\(format) for \(platform)")
            }
        }
    }
}
