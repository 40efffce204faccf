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

    @Test("Many tasks share one service: memoized, evicted and fresh screens answer identically")
    func sharedService() async throws {
        // A store of four bodies, so tasks evict each other's entries while others hit.
        let service = ScreenService(registry: testRegistry, configuration: .init(memoCapacity: 4))
        let targets = (0..<12).map { "/profile/\($0)?format=\(["json", "xml", "text"][$0 % 3])" } + ["/payment", "/home"]
        var expected: [String: [UInt8]] = [:]
        for target in targets {
            expected[target] = await service.respond(to: ScreenRequest(method: "GET", target: target), logger: logger).body
        }
        let answers = await withTaskGroup(of: (String, Int, [UInt8]).self) { group in
            for round in 0..<400 {
                let target = targets[round % targets.count]
                group.addTask {
                    let response = await service.respond(to: ScreenRequest(method: "GET", target: target), logger: logger)
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
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<64 {
                group.addTask {
                    if index % 2 == 0 {
                        return BeagleJSONRenderer().renderBytes(screen.node) == json
                            && (try? BeagleJSONReader().read(json)) != nil
                    }
                    return (try? XMLRenderer().render(screen)) == xml && (try? XMLReader().read(xml)) != nil
                }
            }
            var all: [Bool] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 64 && results.allSatisfy { $0 })
    }
}
