import Foundation
import Logging
import ScreenRegistry
import ScreenRendering
@testable import ScreenService
import Testing

/// Run under the thread sanitizer in CI: one service, its render store and the registry
/// shared by many tasks at once.
@Suite("Concurrency: one service, many tasks")
struct ConcurrencyTests {
    let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    @Test("Many tasks share one service: memoized, evicted and fresh screens answer with their golden bodies")
    func sharedService() async throws {
        // A store of four bodies for eight, so tasks evict each other's entries while others hit.
        let service = ScreenService(registry: testRegistry, configuration: .init(memoCapacity: 4))
        var expected: [String: [UInt8]] = [:]
        for (target, file) in [
            ("/profile/42?format=xml", "profile.xml"), ("/profile/42?tab=likes&format=text", "profile.txt"),
            ("/home?format=xml", "home.xml"), ("/home?format=text", "home.txt"), ("/products?format=xml", "products.xml"),
            ("/products?format=text", "products.txt"), ("/text?format=xml", "text.xml"), ("/text?format=text", "text.txt"),
        ] {
            expected[target] = try servedGoldenFile(file)
        }
        let targets = expected.keys.sorted()
        let answers = await withTaskGroup(of: (String, Int, [UInt8]).self) { group in
            for round in 0..<400 {
                let target = targets[round % targets.count]
                group.addTask {
                    // An app that ships the profile's badge (from 2.0) gets the screen as it is.
                    let request = ScreenRequest(method: "GET", target: target, headers: [("X-App-Version", "2.0")])
                    let response = await service.respond(to: request, logger: logger)
                    return (target, response.status, response.body)
                }
            }
            var collected: [(String, Int, [UInt8])] = []
            for await answer in group { collected.append(answer) }
            return collected
        }
        #expect(answers.count == 400)
        for (target, status, body) in answers {
            #expect(status == 200 && body == expected[target], "\(target)")
        }
    }

    @Test("Renderers and readers are used from many tasks at once")
    func renderersFromManyTasks() async throws {
        let screen = try await testRegistry.screen(for: "/profile/42")
        let json = BeagleJSONRenderer().renderBytes(screen.node)
        let xml = try XMLRenderer().render(screen)
        let imported = try BeagleJSONReader().read(json)
        let read = try XMLReader().read(xml)
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<64 {
                group.addTask {
                    if index % 2 == 0 {
                        let again = try BeagleJSONReader().read(json)
                        return BeagleJSONRenderer().renderBytes(screen.node) == json && again == imported
                    }
                    let again = try XMLReader().read(xml)
                    return try XMLRenderer().render(screen) == xml && again == read
                }
            }
            var all: [Bool] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 64 && results.allSatisfy { $0 })
    }
}
