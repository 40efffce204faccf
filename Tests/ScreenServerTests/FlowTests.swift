import Foundation
import Logging
import ScreenRegistry
import ScreenRendering
@testable import ScreenService
import Testing

@Suite("The service and deep-link flows")
struct ServiceFlowTests {
    let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    func get(_ target: String, accept: String = "application/json") async -> ScreenResponse {
        await ScreenService(registry: testRegistry).respond(
            to: ScreenRequest(method: "GET", target: target, headers: [("Accept", accept)]), logger: logger
        )
    }

    @Test("?stack=1 answers Beagle JSON as resetApplication followed by pushViews")
    func stackJSON() async throws {
        let response = await get("/cards/7/detail?stack=1")
        #expect(response.status == 200)
        let actions = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]])
        #expect(actions.map { $0["_beagleAction_"] as? String } == [
            "beagle:resetApplication", "beagle:pushView", "beagle:pushView", "beagle:pushView",
        ])
        #expect(actions.map { ($0["route"] as? [String: String])?["url"] } == [
            "/home", "/home/dashboard", "/cards/7", "/cards/7/detail",
        ])
        #expect(response.header("ETag") != nil)
    }

    @Test("?stack=1 in XML and text lists every screen of the stack")
    func stackListed() async throws {
        let xml = await get("/cards/7/detail?stack=1", accept: "application/xml")
        #expect(xml.status == 200)
        #expect(xml.bodyText.components(separatedBy: "<screenComponent").count - 1 == 4)
        let text = await get("/cards/7/detail?stack=true", accept: "text/plain")
        #expect(text.bodyText.components(separatedBy: "screen: screenComponent").count - 1 == 4)
    }

    @Test("Without stack=1 the screen alone answers")
    func noStack() async throws {
        let response = await get("/cards/7/detail?stack=0", accept: "text/plain")
        #expect(response.bodyText.hasPrefix("screenComponent"))
    }

    @Test("A redirect answers the target's screen; a failed guard answers its screen")
    func redirectsAndGuards() async throws {
        let short = await get("/u/42", accept: "text/plain")
        #expect(short.status == 200)
        #expect(short.bodyText.contains("User 42"))
        let guarded = await get("/payment?product=p1", accept: "text/plain")
        #expect(guarded.status == 200)
        #expect(guarded.bodyText.contains("title=\"Log in\""))
        #expect(guarded.bodyText.contains("url=\"/payment?product=p1\""))
        // The query is the client's: it never satisfies a guard, nor does a header nobody vouched for.
        let claimed = await get("/payment?product=p1&session=s1", accept: "text/plain")
        #expect(claimed.bodyText.contains("title=\"Log in\""))
        let request = ScreenRequest(
            method: "GET", target: "/payment?product=p1", headers: [("Accept", "text/plain"), ("X-Session", "s1")]
        )
        let unvouched = await ScreenService(registry: testRegistry).respond(to: request, logger: logger)
        #expect(unvouched.bodyText.contains("title=\"Log in\""))
        // What the application's authenticator establishes does.
        let trusting = ScreenService(
            registry: testRegistry,
            configuration: .init(authenticator: TrustedHeaderAuthenticator(keysByHeader: ["X-Session": "session"]))
        )
        let allowed = await trusting.respond(to: request, logger: logger)
        #expect(allowed.status == 200)
        #expect(allowed.bodyText.contains("Paying for p1"))
    }

    /// Refuses every request that has no `Authorization` header.
    struct StrictAuthenticator: RequestAuthenticator {
        func authenticate(_ request: ScreenRequest) async throws(AuthenticationFailure) -> TrustedContext {
            guard let token = request.header("authorization") else {
                throw AuthenticationFailure(message: "Sign in first.", headers: [HeaderField("WWW-Authenticate", "Bearer")])
            }
            return TrustedContext(user: token, session: token)
        }
    }

    @Test("An authenticator's refusal answers its status with an error screen; nothing is resolved")
    func authenticatorRefuses() async throws {
        let service = ScreenService(registry: testRegistry, configuration: .init(authenticator: StrictAuthenticator()))
        let refused = await service.respond(
            to: ScreenRequest(method: "GET", target: "/profile/42", headers: [("Accept", "application/json")]), logger: logger
        )
        #expect(refused.status == 401)
        #expect(refused.header("WWW-Authenticate") == "Bearer")
        #expect(refused.header("Cache-Control") == "no-store")
        #expect(refused.bodyText.contains(#""code":"unauthorized""#) && refused.bodyText.contains("Sign in first."))
        #expect(refused.pattern == nil)
        let signedIn = await service.respond(
            to: ScreenRequest(method: "GET", target: "/payment", headers: [("Accept", "text/plain"), ("Authorization", "t1")]),
            logger: logger
        )
        #expect(signedIn.status == 200 && signedIn.bodyText.contains("title=\"Payment\""))
    }

    @Test("An unknown path answers 404 with the fallback screen, also with stack=1")
    func fallback() async throws {
        for target in ["/nowhere", "/nowhere?stack=1"] {
            let response = await get(target, accept: "text/plain")
            #expect(response.status == 404, "\(target)")
            #expect(response.bodyText.contains("title=\"Not found\""), "\(target)")
        }
    }
}
