import Foundation
import Testing

/// Runs the built `screen-registry` executable, which sits beside the test bundle.
struct CLIRun {
    var status: Int32
    var stdout: String
    var stderr: String

    static var executable: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // On macOS the tests run inside an .xctest bundle: climb out of it.
        while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
        return folder.appendingPathComponent("screen-registry")
    }

    /// Reads to the end, retrying reads a signal interrupts (Foundation's
    /// `readDataToEndOfFile` traps on EINTR, which other tests' child processes cause).
    static func readAll(_ handle: FileHandle) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return data
            }
        }
    }

    init(_ arguments: String...) throws {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read before waiting, so a large output cannot fill the pipe and block the child.
        let outData = Self.readAll(out.fileHandleForReading)
        let errData = Self.readAll(err.fileHandleForReading)
        process.waitUntilExit()
        status = process.terminationStatus
        stdout = String(decoding: outData, as: UTF8.self)
        stderr = String(decoding: errData, as: UTF8.self)
    }
}

@Suite("The screen-registry command line", .serialized)
struct CLITests {
    @Test("render prints the profile screen")
    func render() throws {
        let run = try CLIRun("render", "/profile/42")
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("screenComponent\n├─ navigationBar: title=\"Profile\"\n"))
        #expect(run.stdout.contains("text text=\"User 42\""))
        #expect(run.stderr.isEmpty)
    }

    @Test("render takes URLs, query items and --data, with --data over the query")
    func renderData() throws {
        let run = try CLIRun("render", "myapp://profile/7?tab=likes", "--format", "text")
        #expect(run.status == 0)
        #expect(run.stdout.contains("text=\"Showing likes\""))
        let data = try CLIRun("render", "/payment?product=p2", "--data", "product=p1", "--data", "note=a=b", "--data", "session=s1")
        #expect(data.status == 0)
        #expect(data.stdout.contains("text=\"Paying for p1\""))
    }

    @Test("--data is the operator's and opens a guard; a session in the path's query does not")
    func trustedData() throws {
        let trusted = try CLIRun("render", "/payment?product=p1", "--data", "session=s1")
        #expect(trusted.status == 0)
        #expect(trusted.stdout.contains("title=\"Payment\""))
        let claimed = try CLIRun("render", "/payment?product=p1&session=s1")
        #expect(claimed.status == 0)
        #expect(claimed.stdout.contains("title=\"Log in\""))
        #expect(claimed.stdout.contains("url=\"/payment?product=p1&session=s1\""))
    }

    @Test("An unknown path exits 2 and names the path and the suggestion on stderr")
    func unknownPath() throws {
        let run = try CLIRun("render", "/profil/42")
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("'/profil/42'"))
        #expect(run.stderr.contains("did you mean 'profile/:userId'"))
    }

    @Test("serve names the option whose item is malformed, and what it expects", arguments: [
        ("--memoize", "pattern=seconds"), ("--cache-control", "pattern=value"),
    ])
    func malformedServeItems(_ option: String, _ expected: String) throws {
        let run = try CLIRun("serve", option, "profile/:userId")
        #expect(run.status == 64)
        #expect(run.stderr.contains("invalid \(option) 'profile/:userId': expected \(expected)"))
    }

    @Test("An invalid path exits 65 with a message", arguments: ["/profile/%zz", "/profile/..", "/a/%00"])
    func invalidPath(_ path: String) throws {
        let run = try CLIRun("render", path)
        #expect(run.status == 65)
        #expect(run.stderr.contains("invalid path"))
        #expect(!run.stderr.contains("Fatal error"))
    }

    @Test("Bad --data exits 65", arguments: ["novalue", "=x"])
    func badData(_ item: String) throws {
        let run = try CLIRun("render", "/profile/1", "--data", item)
        #expect(run.status == 65)
        #expect(run.stderr.contains("invalid --data '\(item)'"))
    }

    @Test("Usage errors exit 64")
    func usage() throws {
        #expect(try CLIRun("render").status == 64)
        #expect(try CLIRun("render", "/text", "--format", "pdf").status == 64)
        #expect(try CLIRun("frobnicate").status == 64)
    }

    @Test("routes lists every pattern with its screen type, in precedence order")
    func routes() throws {
        let run = try CLIRun("routes")
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 15)
        let patterns = lines.compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(patterns.firstIndex(of: "cards/:cardId(int)") ?? 99 < patterns.firstIndex(of: "cards/:cardId(int)/detail") ?? 0)
        #expect(lines.contains { $0.hasPrefix("profile/:userId") && $0.contains(" ProfileScreen  (parent: home)") })
        #expect(lines.contains { $0.hasPrefix("payment") && $0.hasSuffix("(requires session, else login)") })
        #expect(lines.contains { $0.hasPrefix("u/:userId") && $0.hasSuffix("→ profile/:userId") })
    }

    @Test("A very long path is refused with a message, not a crash")
    func longPath() throws {
        let run = try CLIRun("render", "/" + String(repeating: "a/", count: 3000))
        #expect(run.status == 65)
        #expect(run.stderr.contains("4096"))
    }
}

@Suite("The screen-registry command line: Beagle JSON and import", .serialized)
struct CLIJSONTests {
    @Test("render and import --format divkit print a DivKit document; --stack makes the screens states")
    func renderDivKit() throws {
        let run = try CLIRun("render", "/profile/42", "--format", "divkit")
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix(#"{"templates":"#) && run.stdout.contains(#""text":"User 42""#))
        #expect(run.stdout.contains(#""myapp://follow/42""#))
        let stack = try CLIRun("render", "/cards/7/detail", "--stack", "--format", "divkit")
        #expect(stack.status == 0 && stack.stdout.contains(#""state_id":3"#))
        let json = try CLIRun("render", "/text", "--format", "json")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("screen-\(UUID().uuidString).json")
        try json.stdout.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let imported = try CLIRun("import", file.path, "--format", "divkit")
        #expect(imported.status == 0 && imported.stdout.hasPrefix(#"{"templates":"#))
    }

    @Test("render and import --format hxml print a Hyperview document; --stack its screens; --fragment one element")
    func renderHXML() throws {
        let run = try CLIRun("render", "/profile/42", "--format", "hxml")
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<doc xmlns=\"https://hyperview.org/hyperview\""))
        #expect(run.stdout.contains(#"<behavior trigger="press" action="push" href="/follow/42"/>"#))
        let stack = try CLIRun("render", "/cards/7/detail", "--stack", "--format", "hxml")
        #expect(stack.status == 0)
        #expect(stack.stdout.components(separatedBy: "<screen id=").count == 5)
        #expect(stack.stdout.contains(#"<screen id="/cards/7/detail">"#))
        let fragment = try CLIRun("render", "/home", "--format", "hxml", "--fragment", "tabs")
        #expect(fragment.status == 0)
        #expect(fragment.stdout.contains(#"<view xmlns="https://hyperview.org/hyperview""#) && fragment.stdout.contains(#"id="tabs""#))
        #expect(try CLIRun("render", "/home", "--format", "hxml", "--fragment", "nope").status == 65)
        #expect(try CLIRun("render", "/home", "--fragment", "tabs").status == 64)
        let json = try CLIRun("render", "/text", "--format", "json")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("screen-\(UUID().uuidString).json")
        try json.stdout.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let imported = try CLIRun("import", file.path, "--format", "hxml")
        #expect(imported.status == 0 && imported.stdout.contains("<text>Beagle</text>"))
    }

    @Test("render --format json prints compact Beagle JSON; --pretty indents it")
    func renderJSON() throws {
        let run = try CLIRun("render", "/text", "--format", "json")
        #expect(run.status == 0)
        #expect(run.stdout == #"{"_beagleComponent_":"beagle:screenComponent","navigationBar":{"title":"Text Screen"},"child":{"_beagleComponent_":"beagle:text","text":"Beagle"}}"#)
        let pretty = try CLIRun("render", "/text", "--format", "json", "--pretty")
        #expect(pretty.stdout.hasPrefix("{\n  \"_beagleComponent_\": \"beagle:screenComponent\",\n"))
    }

    @Test("--platform takes IOS, ANDROID, WEB or MOBILE, in any case")
    func platform() throws {
        #expect(try CLIRun("render", "/text", "--format", "json", "--platform", "ios").status == 0)
        let bad = try CLIRun("render", "/text", "--format", "json", "--platform", "tv")
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--platform"))
    }

    @Test("import re-renders a Beagle JSON file in another format; malformed JSON exits 65 with its position")
    func importCommand() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cli-import-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("screen.json")
        try #"{"_beagleComponent_":"BEAGLE:screenComponent","child":{"_beagleComponent_":"beagle:TEXT","text":"Imported"}}"#
            .write(to: good, atomically: true, encoding: .utf8)
        let text = try CLIRun("import", good.path, "--format", "text")
        #expect(text.status == 0)
        #expect(text.stdout == "screenComponent\n└─ child: text text=\"Imported\"\n")
        let json = try CLIRun("import", good.path, "--format", "json")
        #expect(json.stdout == #"{"_beagleComponent_":"beagle:screenComponent","child":{"_beagleComponent_":"beagle:text","text":"Imported"}}"#)

        let bad = folder.appendingPathComponent("bad.json")
        try "{\n  \"a\": tru\n}".write(to: bad, atomically: true, encoding: .utf8)
        let malformed = try CLIRun("import", bad.path)
        #expect(malformed.status == 65)
        #expect(malformed.stderr.contains("bad.json:2:8:"))
        #expect(try CLIRun("import", folder.appendingPathComponent("missing.json").path).status == 66)
        #expect(try CLIRun("import", folder.path).status == 66)
        // An endless input is refused at 16 MiB, not read whole.
        let endless = try CLIRun("import", "/dev/zero")
        #expect(endless.status == 65 && endless.stderr.contains("is larger than 16777216 bytes"))
    }
}

@Suite("The screen-registry command line: deep-link flows", .serialized)
struct CLIFlowTests {
    @Test("check passes on the catalog")
    func check() throws {
        let run = try CLIRun("check")
        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix("nothing broken\n"))
    }

    @Test("render --stack prints the four-screen stack of a card's detail")
    func stack() throws {
        let text = try CLIRun("render", "/cards/7/detail", "--stack")
        #expect(text.status == 0)
        let paths = text.stdout.split(separator: "\n").filter { $0.contains("screens: path=") }
        #expect(paths.map { $0.split(separator: "\"")[1] } == ["/home", "/home/dashboard", "/cards/7", "/cards/7/detail"])
        let json = try CLIRun("render", "/cards/7/detail", "--stack", "--format", "json")
        #expect(json.stdout == #"[{"_beagleAction_":"beagle:resetApplication","route":{"url":"/home"}},{"_beagleAction_":"beagle:pushView","route":{"url":"/home/dashboard"}},{"_beagleAction_":"beagle:pushView","route":{"url":"/cards/7"}},{"_beagleAction_":"beagle:pushView","route":{"url":"/cards/7/detail"}}]"#)
    }

    @Test("An unknown path exits 2; --fallback also prints the fallback screen")
    func fallback() throws {
        let plain = try CLIRun("render", "/nowhere")
        #expect(plain.status == 2 && plain.stdout.isEmpty)
        let shown = try CLIRun("render", "/nowhere", "--fallback")
        #expect(shown.status == 2)
        #expect(shown.stdout.contains("title=\"Not found\""))
        #expect(shown.stderr.contains("'/nowhere'"))
    }

    @Test("routes --format json has each route's parent, guard, redirect and rank")
    func routesJSON() throws {
        let run = try CLIRun("routes", "--format", "json")
        #expect(run.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let routes = try #require(document["routes"] as? [[String: Any]])
        #expect(routes.count == 15)
        #expect(routes.map { $0["rank"] as? Int } == (0..<15).map { $0 })
        let payment = try #require(routes.first { $0["pattern"] as? String == "payment" })
        #expect((payment["guard"] as? [String: String]) == ["requires": "requires session", "else": "login"])
        #expect(payment["parent"] as? String == "products")
        let short = try #require(routes.first { $0["pattern"] as? String == "u/:userId" })
        #expect(short["redirect"] as? String == "profile/:userId")
    }
}
