import Foundation
import Testing

/// Runs `screen-registry` with standard input.
private func run(_ arguments: [String], input: String = "") throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = CLIRun.executable
    process.arguments = arguments
    let stdin = Pipe(), out = Pipe(), err = Pipe()
    process.standardInput = stdin
    process.standardOutput = out
    process.standardError = err
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let outData = CLIRun.readAll(out.fileHandleForReading)
    let errData = CLIRun.readAll(err.fileHandleForReading)
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

@Suite("screen-registry render --format xml and validate", .serialized)
struct ValidateCommandTests {
    @Test("render --format xml writes the dialect; --compact leaves out the indentation")
    func renderXML() throws {
        let pretty = try run(["render", "/profile/42", "--format", "xml"])
        #expect(pretty.status == 0)
        #expect(pretty.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<screenComponent xmlns=\"urn:screenregistry:screen:1\" xmlns:custom=\"urn:screenregistry:custom:1\">\n  <navigationBar"))
        let compact = try run(["render", "/profile/42", "--format", "xml", "--compact"])
        #expect(compact.status == 0)
        #expect(compact.stdout.filter { $0 == "\n" }.count == 2)
    }

    @Test("validate: 0 for a rendered screen, from a file and from standard input")
    func valid() throws {
        let xml = try run(["render", "/profile/42", "--format", "xml"]).stdout
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("validate-\(UUID()).xml")
        try xml.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let fromFile = try run(["validate", file.path])
        #expect(fromFile.status == 0)
        #expect(fromFile.stderr.isEmpty)
        #expect(try run(["validate", "-"], input: xml).status == 0)
    }

    @Test("validate: 1 and one file:line:col line per error when invalid")
    func invalid() throws {
        let xml = """
            <screenComponent xmlns="urn:screenregistry:screen:1">
              <child>
                <button enabled="maybe"/>
              </child>
              <child><marquee/></child>
            </screenComponent>
            """
        let result = try run(["validate", "-"], input: xml)
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("<stdin>:3:") == true)
        #expect(lines.last?.hasPrefix("<stdin>:5:") == true)
    }

    @Test("validate: 65 when not well-formed or carrying a DTD; 66 for a missing file")
    func malformed() throws {
        let broken = try run(["validate", "-"], input: "<screenComponent xmlns=\"urn:screenregistry:screen:1\">\n<child>\n")
        #expect(broken.status == 65)
        #expect(broken.stderr.hasPrefix("<stdin>:"))
        let doctype = try run(["validate", "-"], input: "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><x>&e;</x>")
        #expect(doctype.status == 65)
        #expect(!doctype.stderr.contains("root:"))
        #expect(try run(["validate", "/nonexistent/screen.xml"]).status == 66)
        // A directory is no file to read; an endless file is refused at the limit, not read whole.
        let directory = try run(["validate", FileManager.default.temporaryDirectory.path])
        #expect(directory.status == 66 && directory.stderr.contains("is a directory"))
        let endless = try run(["validate", "/dev/zero"])
        #expect(endless.status == 65 && endless.stderr.contains("is larger than 16777216 bytes"))
    }
}
