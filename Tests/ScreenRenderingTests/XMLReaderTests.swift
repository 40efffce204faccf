import Foundation
import ScreenRegistry
import ScreenRendering
import Testing

@Suite("XMLReader and XMLValidator on hostile documents")
struct XMLReaderTests {
    @Test("A malformed document is a typed error with line and column")
    func malformed() throws {
        let xml = "<?xml version=\"1.0\"?>\n<screenComponent xmlns=\"urn:screenregistry:screen:1\">\n  <child>\n</screenComponent>\n"
        let error = try #require(throws: XMLReadError.self) { try XMLReader().read(xml) }
        #expect(error.reason == .notWellFormed)
        #expect(error.line >= 4)
        #expect(error.column > 0)
        #expect(try #require(throws: XMLReadError.self) { try XMLValidator().validate(xml) }.reason == .notWellFormed)
        for bad in ["", "<", "<a", "\u{0}", "<a></b>", "<a x='1' x='2'/>", "<a>&undefined;</a>", "text"] {
            #expect(try #require(throws: XMLReadError.self) { try XMLReader().read(bad) }.reason == .notWellFormed, "\(bad)")
            #expect(try #require(throws: XMLReadError.self) { try XMLValidator().validate(bad) }.reason == .notWellFormed, "\(bad)")
        }
    }

    @Test("A file is read up to the limit: an endless one is too large, a missing one unavailable")
    func files() throws {
        let small = XMLValidator(maxBytes: 1024)
        #expect(try #require(throws: XMLReadError.self) { try small.validate(fileAt: "/dev/zero") }.reason == .tooLarge)
        #expect(try #require(throws: XMLReadError.self) { try small.validate(fileAt: "/nonexistent/x.xml") }.reason == .unavailable)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("validate-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(try XMLRenderer().render(Screen { Text("a") }).utf8).write(to: file)
        #expect(try XMLValidator().validate(fileAt: file.path) == [])
    }

    @Test("Well-formed XML outside the dialect is a typed error with a line")
    func notInDialect() throws {
        let cases = [
            "<screenComponent/>",
            "<screenComponent xmlns=\"urn:other\"/>",
            "<screenComponent xmlns=\"urn:screenregistry:screen:1\">\n<children xmlns:sr=\"urn:screenregistry:meta:1\" sr:shape=\"list\"><marquee/></children></screenComponent>",
            "<screenComponent xmlns=\"urn:screenregistry:screen:1\">\n<style>x<flex/></style></screenComponent>",
            "<screenComponent xmlns=\"urn:screenregistry:screen:1\" xmlns:o=\"urn:other\">\n<o:child/></screenComponent>",
            "<int xmlns=\"urn:screenregistry:screen:1\">x</int>",
            "<string xmlns=\"urn:screenregistry:screen:1\">x</string>",
        ]
        for xml in cases {
            let error = try #require(throws: XMLReadError.self) { try XMLReader().read(xml) }
            #expect(error.reason == .notInDialect, "\(xml)")
        }
    }

    @Test("An external entity is refused and no file content appears")
    func externalEntity() throws {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE screenComponent [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <screenComponent xmlns="urn:screenregistry:screen:1"><child><text>&xxe;</text></child></screenComponent>
            """
        let error = try #require(throws: XMLReadError.self) { try XMLReader().read(xml) }
        #expect(error.reason == .doctypeNotAllowed)
        #expect(error.line == 2)
        #expect(!error.message.contains("root:"))
        let validation = try #require(throws: XMLReadError.self) { try XMLValidator().validate(xml) }
        #expect(validation.reason == .doctypeNotAllowed)
        let external = "<!DOCTYPE screenComponent SYSTEM \"file:///etc/passwd\"><screenComponent xmlns=\"urn:screenregistry:screen:1\"/>"
        #expect(try #require(throws: XMLReadError.self) { try XMLReader().read(external) }.reason == .doctypeNotAllowed)
    }

    @Test("A billion-laughs document is refused before any entity is expanded")
    func billionLaughs() throws {
        var xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            xml += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">\n"
        }
        xml += "]>\n<screenComponent xmlns=\"urn:screenregistry:screen:1\"><child><text>&lol9;</text></child></screenComponent>\n"
        // Refused for its DOCTYPE, which comes before any entity: nothing is expanded.
        let error = try #require(throws: XMLReadError.self) { try XMLReader().read(xml) }
        #expect(error.reason == .doctypeNotAllowed)
        #expect(try #require(throws: XMLReadError.self) { try XMLValidator().validate(xml) }.reason == .doctypeNotAllowed)
    }

    @Test("Size and depth limits")
    func limits() throws {
        let big = "<screenComponent xmlns=\"urn:screenregistry:screen:1\" id=\"" + String(repeating: "x", count: 2_000) + "\"/>"
        let tooLarge = try #require(throws: XMLReadError.self) { try XMLReader(maxBytes: 1_000).read(big) }
        #expect(tooLarge.reason == .tooLarge)
        #expect(try XMLReader().read(big).type == "beagle:screenComponent")

        func nested(_ depth: Int) -> String {
            "<list xmlns=\"urn:screenregistry:screen:1\">" + String(repeating: "<list>", count: depth)
                + String(repeating: "</list>", count: depth) + "</list>"
        }
        let wrapped = "<screenComponent xmlns=\"urn:screenregistry:screen:1\"><child sr:shape=\"list\" xmlns:sr=\"urn:screenregistry:meta:1\">"
            + String(repeating: "<list>", count: 30) + String(repeating: "</list>", count: 30) + "</child></screenComponent>"
        let deep = try #require(throws: XMLReadError.self) { try XMLReader(maxDepth: 20).read(wrapped) }
        #expect(deep.reason == .tooDeep)
        #expect(deep.line == 1)
        #expect(try #require(throws: XMLReadError.self) { try XMLReader().read(nested(100_000)) }.reason == .tooDeep)
    }

    @Test("Validation reports every violation with its line")
    func invalid() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <screenComponent xmlns="urn:screenregistry:screen:1">
              <child>
                <button text="Go" enabled="maybe">
                  <onPress>
                    <marquee/>
                  </onPress>
                </button>
              </child>
            </screenComponent>
            """
        let issues = try XMLValidator().validate(xml)
        #expect(issues.count == 2)
        #expect(issues.map(\.line) == [4, 6])
        #expect(issues.allSatisfy { !$0.message.isEmpty })
        #expect(XMLValidator.schemaURL != nil)
    }
}
