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
    static let targets: [(name: String, uri: String)] = [
        ("encoded NUL", "/screens/profile/%00"),
        ("dot-dot segment", "/screens/profile/../etc/passwd"),
        ("encoded dot-dot", "/screens/%2e%2e/profile/42"),
        ("dot segment", "/screens/./profile/42"),
        ("10 KB path", "/screens/" + String(repeating: "a", count: 10 * 1024)),
        ("10 KB of segments", "/screens" + String(repeating: "/a", count: 5 * 1024)),
        ("65 segments", "/screens" + String(repeating: "/x", count: 65)),
        ("invalid UTF-8 escape", "/screens/profile/%C3%28"),
        ("lone continuation byte", "/screens/profile/%80"),
        ("overlong encoding", "/screens/profile/%C0%AF"),
        ("bad escape", "/screens/profile/%zz"),
        ("truncated escape", "/screens/profile/%4"),
        ("encoded control character", "/screens/profile/%1B%5B31m"),
        ("1 MB query", "/screens/profile/42?tab=" + String(repeating: "q", count: 1024 * 1024)),
        ("format that does not exist", "/screens/profile/42?format=%00"),
        ("unknown path", "/screens/nothing/here"),
    ]

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

    @Test("Hostile targets in memory: 4xx, never 5xx", arguments: targets.map(\.name))
    func hostileTargetsInMemory(name: String) async throws {
        let uri = try #require(Self.targets.first { $0.name == name }).uri
        try await withServer { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect((400..<500).contains(response.status.code), "\(name): \(response.status)")
            }
        }
    }

    @Test("Hostile targets over a real socket: 4xx, never 5xx, and the server still answers", arguments: targets.map(\.name))
    func hostileTargetsLive(name: String) async throws {
        let uri = try #require(Self.targets.first { $0.name == name }).uri
        try await withServer(.live) { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect((400..<500).contains(response.status.code), "\(name): \(response.status)")
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
}
