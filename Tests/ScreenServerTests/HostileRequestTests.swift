import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ScreenRendering
import ScreenServerHummingbird
import ScreenService
import Testing

/// Requests an attacker or a broken client sends: each gets a 4xx, never a 5xx, and the
/// server goes on answering.
@Suite("Hostile requests")
struct HostileRequestTests {
    /// Each hostile target with the exact status and error code it gets; an unknown path
    /// gets the catalog's fallback screen (no code).
    static let targets: [(name: String, uri: String, status: Int, code: String?)] = [
        ("encoded NUL", "/screens/profile/%00", 400, "invalidPath"),
        ("dot-dot segment", "/screens/profile/../etc/passwd", 400, "invalidPath"),
        ("encoded dot-dot", "/screens/%2e%2e/profile/42", 400, "invalidPath"),
        ("dot segment", "/screens/./profile/42", 400, "invalidPath"),
        ("10 KB path", "/screens/" + String(repeating: "a", count: 10 * 1024), 414, "uriTooLong"),
        ("10 KB of segments", "/screens" + String(repeating: "/a", count: 5 * 1024), 414, "uriTooLong"),
        ("65 segments", "/screens" + String(repeating: "/x", count: 65), 400, "invalidPath"),
        ("invalid UTF-8 escape", "/screens/profile/%C3%28", 400, "invalidPath"),
        ("lone continuation byte", "/screens/profile/%80", 400, "invalidPath"),
        ("overlong encoding", "/screens/profile/%C0%AF", 400, "invalidPath"),
        ("bad escape", "/screens/profile/%zz", 400, "invalidPath"),
        ("truncated escape", "/screens/profile/%4", 400, "invalidPath"),
        ("encoded control character", "/screens/profile/%1B%5B31m", 400, "invalidPath"),
        ("1 MB query", "/screens/profile/42?tab=" + String(repeating: "q", count: 1024 * 1024), 414, "uriTooLong"),
        ("format that does not exist", "/screens/profile/42?format=%00", 406, "notAcceptable"),
        ("unknown path", "/screens/nothing/here", 404, nil),
    ]

    /// The status and code of an error body: the `custom:error` node of a Beagle JSON error
    /// screen (the default format), or the first words of the plain-text body of a `406`.
    static func errorDetails(_ body: String) throws -> (status: Int, code: String) {
        guard body.hasPrefix("{") else {
            // `406 Not Acceptable: …`: no format was acceptable, so the body is plain text.
            return (Int(body.prefix(3)) ?? 0, body.hasPrefix("406 Not Acceptable: ") ? "notAcceptable" : "")
        }
        func find(_ value: Any) -> [String: Any]? {
            if let object = value as? [String: Any] {
                if object["_beagleComponent_"] as? String == "custom:error" { return object }
                return object.values.lazy.compactMap(find).first
            }
            return (value as? [Any])?.lazy.compactMap(find).first
        }
        let error = try #require(find(try JSONSerialization.jsonObject(with: Data(body.utf8))))
        return (try #require(error["status"] as? Int), try #require(error["code"] as? String))
    }

    static func check(_ name: String, _ status: HTTPResponse.Status, _ body: String) throws {
        let expected = try #require(targets.first { $0.name == name })
        #expect(Int(status.code) == expected.status, "\(name)")
        guard let code = expected.code else {
            #expect(body.contains(#""_beagleComponent_":"beagle:screenComponent""#) && body.contains("/nothing/here"))
            return
        }
        let details = try errorDetails(body)
        #expect(details.status == expected.status && details.code == code, "\(name): \(details)")
    }

    /// Query values may hold any character (ARCHITECTURE.md, routing rule 3): the screen gets them and
    /// every renderer writes them well-formed, so these are not errors, but never a 5xx.
    static let oddQueries: [String] = [
        "/screens/profile/42?tab=%00",
        "/screens/profile/42?tab=%01%1B%7F%EF%BF%BE",
        "/screens/profile/42?tab=%3C%2Ftext%3E%26%22",
    ]

    /// Hostile header values and the status each one gets.
    static let hostileHeaders: [(name: String, value: String, status: Int)] = [
        ("Accept", String(repeating: "a/b;q=0.5, ", count: 2000), 406),  // nothing acceptable
        ("Accept", "text/plain;q=2", 200),  // an out-of-range q-value does not refuse text
        ("Accept", ";;;,,,/", 200),  // malformed ranges are skipped: the default format
        ("If-None-Match", String(repeating: "\"x\",", count: 2000), 200),  // matches no tag
        ("beagle-platform", String(repeating: "ANDROID", count: 500), 200),  // an unknown platform: all of them
        ("Content-Length", "abc", 400),  // a GET declaring a body
    ]

    @Test("Hostile targets in memory: the exact status, and an error body that says why", arguments: targets.map(\.name))
    func hostileTargetsInMemory(name: String) async throws {
        let uri = try #require(Self.targets.first { $0.name == name }).uri
        try await withServer { client in
            try await client.execute(uri: uri, method: .get) { response in
                try Self.check(name, response.status, response.text)
            }
        }
    }

    @Test("Hostile targets over a real socket: the exact status, and the server still answers", arguments: targets.map(\.name))
    func hostileTargetsLive(name: String) async throws {
        let uri = try #require(Self.targets.first { $0.name == name }).uri
        try await withServer(.live) { client in
            try await client.execute(uri: uri, method: .get) { response in
                guard uri.utf8.count < 80 * 1024 else {
                    // Hummingbird's HTTP parser refuses a request head this far over its limit
                    // before the service sees it.
                    #expect(response.status == .badRequest, "\(name)")
                    return
                }
                try Self.check(name, response.status, response.text)
            }
        }
        // A new connection, as the server may close one after a request it refuses.
        try await withServer(.live) { client in
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test("Control characters and markup in query values: a well-formed 200 in every format")
    func oddQueryValues() async throws {
        try await withServer { client in
            for uri in Self.oddQueries {
                for format in ScreenFormat.allCases {
                    try await client.execute(uri: uri + "&format=\(format.rawValue)", method: .get) { response in
                        #expect(response.status == .ok, "\(uri) as \(format)")
                        #expect(!response.text.contains("\u{0}"))
                        #expect(!response.text.contains("</text>&\""))
                        try Self.expectWellFormed(response.text, format, "\(uri) as \(format)")
                    }
                }
            }
        }
    }

    @Test("Hostile header values get the status their meaning calls for, never a 5xx")
    func hostileHeaders() async throws {
        try await withServer { client in
            for (name, value, status) in Self.hostileHeaders {
                try await client.execute(
                    uri: "/screens/profile/42", method: .get, headers: .fields([(name, value)])
                ) { response in
                    #expect(Int(response.status.code) == status, "\(name): \(value.prefix(40))")
                    if status == 200 { #expect(response.text.contains("User 42")) }
                }
            }
        }
    }

    /// Parses a body as its format: JSON for Beagle and DivKit, XML for our dialect,
    /// HXML and HTML (written as well-formed XML too); a text tree has one node a line and no raw control character but newlines.
    static func expectWellFormed(_ body: String, _ format: ScreenFormat, _ comment: Comment) throws {
        switch format {
        case .json, .divkit:
            _ = try JSONSerialization.jsonObject(with: Data(body.utf8))
        case .xml, .hxml, .html:
            let parser = XMLParser(data: Data(body.utf8))
            #expect(parser.parse(), comment)
        case .text:
            #expect(!body.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, comment)
        }
    }
}
