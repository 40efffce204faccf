import ConformanceSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The built `screen-registry` executable, which sits beside the test bundle.
private var executable: URL {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    // On macOS the tests run inside an .xctest bundle: climb out of it.
    while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
    return folder.appendingPathComponent("screen-registry")
}

/// A running `screen-registry serve` on a free loopback port.
private final class ServeProcess: @unchecked Sendable {
    let process = Process()
    let output = Pipe()
    let errors = Pipe()
    private(set) var port = 0

    init(_ arguments: [String]) throws {
        process.executableURL = executable
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0"] + arguments
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // The first line on stdout names the address: "serving http://127.0.0.1:PORT/screens".
        let line = try nextLine(timeout: 30)
        guard let portText = line.split(separator: ":").last?.split(separator: "/").first,
              let port = Int(portText)
        else {
            process.terminate()
            throw Failure(description: "unexpected first line: \(line)")
        }
        self.port = port
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What the server wrote to standard output and no line has taken yet.
    private var unread = Data()

    /// The next line the server writes to standard output. The timeout only bounds the
    /// wait for a server that never writes it; nothing is asserted about the time.
    func nextLine(timeout: TimeInterval) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while !unread.contains(UInt8(ascii: "\n")) {
            guard Date() < deadline else { throw Failure(description: "no line within \(timeout) s") }
            // read(2), retried on EINTR: Foundation's availableData traps when a signal interrupts it.
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(output.fileHandleForReading.fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { throw Failure(description: "the server's output ended") }
            unread.append(contentsOf: buffer[0..<count])
        }
        let line = unread.prefix { $0 != UInt8(ascii: "\n") }
        unread.removeFirst(line.count + 1)
        return String(decoding: line, as: UTF8.self)
    }

    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Waits for the process to exit, up to `timeout`; its status, or `nil`.
    func waitForExit(timeout: Duration) async -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now > deadline { return nil }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}

private func get(_ url: URL, accept: String) async throws -> (HTTPURLResponse, Data) {
    var request = URLRequest(url: url)
    request.setValue(accept, forHTTPHeaderField: "Accept")
    request.timeoutInterval = 30
    let configuration = URLSessionConfiguration.ephemeral
    configuration.connectionProxyDictionary = [:]
    let session = URLSession(configuration: configuration)
    defer { session.finishTasksAndInvalidate() }
    let (data, response) = try await session.data(for: request)
    guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
    return (http, data)
}

@Suite("screen-registry serve, the real process", .serialized)
struct EndToEndTests {
    @Test("serve answers over HTTP; SIGTERM during a request lets it finish, then exits 0")
    func gracefulShutdown() async throws {
        // --test-delay-ms (hidden, for this test) holds every request, and says so on
        // standard output: SIGTERM goes out once the server holds one.
        let server = try ServeProcess(["--test-delay-ms", "6000", "--log-level", "info"])
        let base = try #require(URL(string: "http://127.0.0.1:\(server.port)"))

        let (health, healthBody) = try await get(base.appendingPathComponent("health"), accept: "*/*")
        #expect(health.statusCode == 200)
        #expect(try server.nextLine(timeout: 60) == "holding /health")
        #expect(String(decoding: healthBody, as: UTF8.self) == #"{"status":"ok"}"#)

        let url = try #require(URL(string: "screens/profile/42?tab=likes", relativeTo: base))
        let inFlight = Task { try await get(url, accept: "text/plain") }
        // The server says when it holds the request: then it is in flight, whatever the load.
        #expect(try server.nextLine(timeout: 60) == "holding /screens/profile/42")
        server.signal(SIGTERM)

        let (response, body) = try await inFlight.value
        #expect(response.statusCode == 200)
        let text = String(decoding: body, as: UTF8.self)
        #expect(response.value(forHTTPHeaderField: "Content-Length") == String(body.count))
        #expect(text.hasPrefix("screenComponent\n"))
        #expect(text.contains("Showing likes"))
        #expect(text.hasSuffix("\n"))

        let status = await server.waitForExit(timeout: .seconds(15))
        #expect(status == 0)
        let log = String(decoding: (try? server.errors.fileHandleForReading.readToEnd()) ?? Data(), as: UTF8.self)
        #expect(log.contains("GET /profile/42?tab=likes 200"), "\(log)")
    }

    /// On in CI, which installs Chromium and names it in `CHROMIUM`: then a missing browser
    /// or interpreter fails the test instead of skipping it.
    static let browserTestsEnabled = ProcessInfo.processInfo.environment["CHROMIUM"] != nil
        || ProcessInfo.processInfo.environment["CI"] != nil

    @Test(
        "serve --preview in headless Chromium: the index, a screen, a link to another, the tabs, no script from data",
        .enabled(if: browserTestsEnabled, "skipped: set CHROMIUM (Debian's chromium) and CONFORMANCE_PYTHON with websocket-client; see .ci/run")
    )
    func previewInChromium() async throws {
        let server = try ServeProcess(["--preview", "--log-level", "warning"])
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Browser/preview_check.py")
        let screenshot = ProcessInfo.processInfo.environment["PREVIEW_SCREENSHOT"]
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("screen-registry-preview.png").path
        let (status, report) = try Conformance.run(scriptAt: script, ["http://127.0.0.1:\(server.port)", "--screenshot", screenshot])
        #expect(status == 0, "\(report)")
        #expect(report.contains("ok   the link leads to another resolved screen"), "\(report)")
        #expect(FileManager.default.fileExists(atPath: screenshot))
    }

    @Test("Half-open connections beyond --max-connections are closed after --idle-timeout; the service answers throughout")
    func halfOpenConnections() async throws {
        let server = try ServeProcess(["--idle-timeout", "1", "--max-connections", "32", "--log-level", "warning"])
        let base = try #require(URL(string: "http://127.0.0.1:\(server.port)"))
        // Twice the limit: half are accepted and held, half wait in the listen queue.
        let held = try (0..<64).map { _ in try RawConnection(port: server.port) }
        // A real client is answered once the idle timeout frees a connection.
        let (health, body) = try await get(base.appendingPathComponent("health"), accept: "*/*")
        #expect(health.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self) == #"{"status":"ok"}"#)
        // Every one of them is closed by the server.
        let open = try await openConnections(held, until: ContinuousClock.now + .seconds(30))
        #expect(open.isEmpty, "\(open.count) of \(held.count) half-open connections still held")
        let (profile, _) = try await get(base.appendingPathComponent("screens/profile/42"), accept: "text/plain")
        #expect(profile.statusCode == 200)
    }

    @Test("No more than --max-connections are open: a request beyond them waits until one of them closes")
    func connectionCap() async throws {
        let server = try ServeProcess(["--idle-timeout", "60", "--max-connections", "4", "--log-level", "warning"])
        let health = "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        // Four clients, each answered once and keeping its connection (HTTP/1.1), so that
        // the server has taken all four before the fifth comes: it checks its limit before
        // each batch of up to four accepts, not within one.
        var held = try (0..<4).map { _ in try RawConnection(port: server.port, sending: health) }
        let deadline = ContinuousClock.now + .seconds(20)
        while held.contains(where: { $0.responseHead.isEmpty }), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(held.allSatisfy { $0.responseHead.hasPrefix("HTTP/1.1 200 OK\r\n") })
        // The kernel completes the fifth handshake, but the server does not take it.
        let waiting = try RawConnection(port: server.port, sending: health)
        try await Task.sleep(for: .milliseconds(1500))
        #expect(waiting.responseHead.isEmpty, "answered beyond the limit: \(waiting.responseHead)")
        // One held connection closed by its client makes room for it.
        held.removeFirst()
        while waiting.responseHead.isEmpty, ContinuousClock.now < deadline + .seconds(20) {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(waiting.responseHead.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(held.count == 3 && held.allSatisfy { !$0.isClosedByServer })
    }

    @Test("A connection HTTP/1 closes after the response is closed at once: HTTP/1.0 without keep-alive, close in any case; one it keeps is kept")
    func connectionClose() async throws {
        let server = try ServeProcess(["--idle-timeout", "60", "--log-level", "warning"])
        func request(_ version: String, connection: String?) -> String {
            "GET /health HTTP/\(version)\r\nHost: 127.0.0.1\r\n" + (connection.map { "Connection: \($0)\r\n" } ?? "") + "\r\n"
        }
        let closing = try [request("1.0", connection: nil), request("1.1", connection: "Close"), request("1.1", connection: "keep-alive, CLOSE")]
            .map { try RawConnection(port: server.port, sending: $0) }
        let kept = try [request("1.0", connection: "keep-alive"), request("1.1", connection: nil)]
            .map { try RawConnection(port: server.port, sending: $0) }
        // Long before the idle timeout.
        let deadline = ContinuousClock.now + .seconds(20)
        let open = try await openConnections(closing, until: deadline)
        #expect(open.isEmpty, "\(open.count) of \(closing.count) connections still open")
        // Each answered, saying that it closes.
        #expect(closing.map(\.responseHead).allSatisfy { $0.hasPrefix("HTTP/1.1 200 OK\r\n") && $0.contains("\r\nconnection: close\r\n") })
        while !kept.allSatisfy({ !$0.responseHead.isEmpty }), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(kept.map(\.responseHead).allSatisfy { $0.hasPrefix("HTTP/1.1 200 OK\r\n") })
        // An HTTP/1.0 client reads a connection as closing unless the response keeps it.
        #expect(kept[0].responseHead.contains("\r\nconnection: keep-alive\r\n"))
        #expect(!kept[1].responseHead.contains("connection:"))
        // Still open a while after the answer, not only at the moment it arrived.
        try await Task.sleep(for: .milliseconds(300))
        #expect(kept.map(\.isClosedByServer) == [false, false])
        // Pipelined on one connection: each response says its own request's fate, in order.
        let pipelined = try RawConnection(
            port: server.port,
            sending: request("1.0", connection: "keep-alive") + request("1.1", connection: nil) + request("1.1", connection: "close")
        )
        #expect(try await openConnections([pipelined], until: deadline).isEmpty)
        let responses = String(decoding: pipelined.received, as: UTF8.self).components(separatedBy: "HTTP/1.1 200 OK\r\n").dropFirst()
        #expect(responses.map { $0.contains("\r\nconnection: keep-alive\r\n") } == [true, false, false])
        #expect(responses.map { $0.contains("\r\nconnection: close\r\n") } == [false, false, true])
    }

    @Test("SIGINT stops an idle server with status 0")
    func sigint() async throws {
        let server = try ServeProcess([])
        server.signal(SIGINT)
        let status = await server.waitForExit(timeout: .seconds(15))
        #expect(status == 0)
    }
}
