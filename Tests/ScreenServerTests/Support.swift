import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import ScreenRegistry
import ScreenRendering
import ScreenServerHummingbird
import ScreenService
import Screens

/// A screen whose `screen()` fails with a detail that must never reach a client.
struct FailingScreen: DeeplinkScreen {
    struct Secret: Error, CustomStringConvertible {
        var description: String { "database password is hunter2" }
    }
    init(path: String, data: [String: String]) throws {}
    func screen() async throws -> Screen { throw Secret() }
}

/// A screen that needs a data item the route does not capture.
struct NeedsDataScreen: DeeplinkScreen {
    init(path: String, data: [String: String]) throws {
        _ = try data.required("token", path: path)
    }
    func screen() async throws -> Screen { Screen(title: "Needs") { Text("ok") } }
}

/// A screen whose parameter must be an integer, checked in `init`.
struct NumberScreen: DeeplinkScreen {
    let number: Int
    init(path: String, data: [String: String]) throws {
        number = try data.requiredInt("n", path: path)
    }
    func screen() async throws -> Screen { Screen(title: "Number") { Text("n=\(number)") } }
}

/// Shows its data, sorted, as one text: `a=1 b=2`.
struct EchoScreen: DeeplinkScreen {
    let data: [String: String]
    init(path: String, data: [String: String]) { self.data = data }
    func screen() async throws -> Screen {
        Screen(title: "Echo") { Text(data.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")) }
    }
}

/// The catalog plus screens that fail in each way the service maps.
let testRegistry: ScreenRegistry = {
    var registry = Catalog.registry
    registry["boom"] = FailingScreen.self
    registry["needs"] = NeedsDataScreen.self
    registry["number/:n"] = NumberScreen.self
    registry["echo"] = EchoScreen.self
    return registry
}()

/// A golden file of the rendering tests (`Tests/ScreenRenderingTests/Golden/`), read by a
/// person when it was written: the body a catalog screen must have.
func goldenFile(_ name: String) throws -> [UInt8] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("ScreenRenderingTests/Golden")
    return Array(try Data(contentsOf: folder.appendingPathComponent(name)))
}

/// A golden document as the service writes it: XML and HXML without the indentation the
/// golden file has for the person who reads it (a line break and spaces between two tags;
/// the line after the XML declaration stays).
func servedGoldenFile(_ name: String) throws -> [UInt8] {
    let golden = try goldenFile(name)
    guard name.hasSuffix(".xml") || name.hasSuffix(".hxml") else { return golden }
    let text = String(decoding: golden, as: UTF8.self)
    guard let declarationEnd = text.firstIndex(of: "\n") else { return golden }
    return Array((text[...declarationEnd] + text[text.index(after: declarationEnd)...].replacing(/>\n *</, with: "><")).utf8)
}

/// Log lines, captured.
final class LogCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(message: String, metadata: Logger.Metadata)] = []

    var lines: [(message: String, metadata: Logger.Metadata)] {
        lock.withLock { entries }
    }

    func append(_ message: String, _ metadata: Logger.Metadata) {
        lock.withLock { entries.append((message, metadata)) }
    }

    var logger: Logger {
        Logger(label: "test") { _ in CaptureHandler(capture: self) }
    }

    struct CaptureHandler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            var all = metadata
            if let extra = event.metadata { all.merge(extra) { _, new in new } }
            capture.append("\(event.message)", all)
        }
    }
}

/// Runs `body` against a ScreenServer over `setup` (`.router` in memory, `.live` over
/// a real loopback socket).
func withServer(
    _ setup: TestingSetup = .router,
    basePath: String = "/screens",
    cachePolicy: CachePolicy = CachePolicy(),
    logger: Logger? = nil,
    preview: Bool = false,
    _ body: @Sendable @escaping (any TestClientProtocol) async throws -> Void
) async throws {
    let server = ScreenServer(
        registry: testRegistry,
        configuration: .init(port: 0, basePath: basePath, service: .init(cachePolicy: cachePolicy), preview: preview),
        logger: logger ?? Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    )
    try await server.makeApplication().test(setup, body)
}

extension HTTPFields {
    /// Fields from name-value pairs.
    static func fields(_ pairs: [(String, String)]) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in pairs {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        return fields
    }

    /// The value of the field `name`.
    func value(_ name: String) -> String? {
        HTTPField.Name(name).flatMap { self[$0] }
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }
}

/// Every format with a media type that asks for it.
let formatsAndTypes: [(ScreenFormat, String)] = ScreenFormat.allCases.map {
    ($0, ContentNegotiation.mediaType(of: $0))
}

/// Shows the Hyperview version the request's context holds (`version none` without one).
struct HyperviewVersionScreen: DeeplinkScreen {
    let version: String
    init(path: String, data: [String: String]) { version = "none" }
    init(path: String, data: [String: String], context: TrustedContext) {
        version = context["hyperviewVersion"] ?? "none"
    }
    func screen() async throws -> Screen { Screen(title: "Version") { Text("version \(version)") } }
}
