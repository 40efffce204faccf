// Per-request cost of the HTTP service's core, without sockets: ScreenService.respond
// for the catalog's /profile/42 (Accept: application/xml by default), in a loop.
//
//   swift build -c release --package-path Benchmarks --product ServiceBenchmark
//   .build/release/ServiceBenchmark [iterations] [xml|json|text|divkit|hxml|html] [target]
//   RENDER_EVERY_REQUEST=1 .build/release/ServiceBenchmark ...   # no reuse of bodies
//   APP_VERSION=2.1 .build/release/ServiceBenchmark ...          # an app that ships the badge
//   THREADS=2 .build/release/ServiceBenchmark ...                # two loops at once, one service
//   valgrind --tool=callgrind .build/release/ServiceBenchmark 200
//
// Instruction counts under callgrind are repeatable on a loaded machine; divide the
// total by the iterations (after subtracting a run of 0 iterations) for the cost of
// one request.
import BenchmarkSupport
import Foundation
import Logging
import ScreenRendering
import ScreenService
import Screens

let arguments = CommandLine.arguments
let iterations = arguments.count > 1 ? Int(arguments[1]) ?? 10_000 : 10_000
let format = arguments.count > 2 ? arguments[2] : "xml"
let target = arguments.count > 3 ? arguments[3] : "/profile/42"
// Any format's own media type: json, xml, text, divkit, hxml, html.
guard let screenFormat = ScreenFormat(rawValue: format) else {
    fatalError("no format '\(format)': one of \(ScreenFormat.allCases.map(\.rawValue).joined(separator: ", "))")
}
let accept = ContentNegotiation.mediaType(of: screenFormat)

// The serve command's logger at its benchmark level: `notice`, no line per request.
var logger = Logger(label: "bench") { _ in SwiftLogNoOpLogHandler() }
logger.logLevel = .notice

// By default the profile's rendered body is reused (it declares a cache lifetime), as
// `serve` does; RENDER_EVERY_REQUEST=1 builds and renders every request.
let renderEveryRequest = ProcessInfo.processInfo.environment["RENDER_EVERY_REQUEST"] == "1"
let service = ScreenService(
    registry: Catalog.registry,
    configuration: .init(reusesRenderedScreens: !renderEveryRequest)
)
// APP_VERSION=2.1 sends `X-App-Version`: an app that ships the profile's badge, so that its
// fallback is not used and the client fit changes nothing.
let appVersion = ProcessInfo.processInfo.environment["APP_VERSION"].map { [HeaderField("X-App-Version", $0)] } ?? []
let request = ScreenRequest(
    method: "GET", target: target,
    headers: [
        HeaderField("Host", "127.0.0.1:8080"),
        HeaderField("Accept", accept),
    ] + appVersion,
    requestID: "0123456789abcdef"
)

// THREADS=2 runs that many loops side by side, each on a thread of its own, sharing the
// service, as a server's threads do; µs/request is then each thread's. One loop runs on
// the main thread: on another, glibc's malloc and free of a thread's own arena count about
// 1 k more a request.
let threads = max(1, ProcessInfo.processInfo.environment["THREADS"].flatMap { Int($0) } ?? 1)
nonisolated(unsafe) var firstBytes = 0
nonisolated(unsafe) var seconds = 0.0
nonisolated(unsafe) var bytes = 0
let results = NSLock()

/// One loop of `iterations` requests after a first one, on the calling thread. The globals
/// of main.swift belong to the main actor: the loop takes copies, or reading them would
/// hop to the main actor, which never runs here.
@Sendable func loop(_ service: ScreenService, _ request: ScreenRequest, _ logger: Logger, _ iterations: Int) {
    let executor = InlineExecutor()
    Task.detached(executorPreference: executor) {
        let first = await service.respond(to: request, logger: logger)
        precondition(first.status == 200, "status \(first.status)")
        var sum = 0
        let start = ContinuousClock.now
        for _ in 0..<iterations {
            let response = await service.respond(to: request, logger: logger)
            sum &+= response.body.count
        }
        let elapsed = ContinuousClock.now - start
        let time = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        results.withLock {
            firstBytes = first.body.count
            seconds = max(seconds, time)
            bytes &+= sum
        }
    }
    executor.drain()
}

if threads == 1 {
    loop(service, request, logger, iterations)
} else {
    let finished = DispatchSemaphore(value: 0)
    for _ in 0..<threads {
        Thread { [service, request, logger, iterations] in
            loop(service, request, logger, iterations)
            finished.signal()
        }.start()
    }
    for _ in 0..<threads { finished.wait() }
}
print("\(iterations) × \(target) as \(format)\(threads > 1 ? " on each of \(threads) threads" : ""): \(firstBytes) bytes, "
    + "\(iterations > 0 ? String(format: "%.2f", seconds * 1e6 / Double(iterations)) : "-") µs/request, "
    + "\(iterations > 0 ? String(format: "%.0f", Double(iterations * threads) / seconds) : "-") requests/s (\(bytes) bytes)")
