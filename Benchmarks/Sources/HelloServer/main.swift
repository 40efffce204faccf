// The baseline of Benchmarks/http-bench.sh: Hummingbird's hello world, set up as
// `screen-registry serve` is (HTTP/1.1, the same application configuration, no log
// line per request), so the ratio measures what the screen service itself costs.
//
//   HelloServer [port]      # 0 (the default) picks a free port
//
// Prints "serving http://127.0.0.1:PORT/hello" on stdout once it listens; SIGTERM
// stops it.
import Foundation
import Hummingbird
import NIOCore
import Logging

let port = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 0
var logger = Logger(label: "HelloServer")
logger.logLevel = .notice

let router = Router()
router.get("/hello") { _, _ in "Hello, world!" }

let app = Application(
    router: router,
    configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: "HelloServer"),
    onServerRunning: { channel in
        let bound = channel.localAddress?.port.map(String.init) ?? "?"
        FileHandle.standardOutput.write(Data("serving http://127.0.0.1:\(bound)/hello\n".utf8))
    },
    logger: logger
)
try await app.runService()
