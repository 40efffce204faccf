import ScreenRegistry
import Testing

@Suite("Route patterns (rule 6)")
struct PatternTests {
    @Test("Every kind of segment parses")
    func kinds() throws {
        let pattern = try RoutePattern("/users/:id(int)/:name/*/files/:u(uuid)/:x(double)/**")
        #expect(pattern.segments == [
            .literal("users"), .typed("id", .int), .parameter("name"), .wildcard, .literal("files"),
            .typed("u", .uuid), .typed("x", .double), .catchAll,
        ])
        #expect(pattern.description == "users/:id(int)/:name/*/files/:u(uuid)/:x(double)/**")
        #expect(pattern.parameterNames == ["id", "name", "u", "x"])
    }

    @Test("The leading slash is optional; empty and / are the root")
    func root() throws {
        #expect(try RoutePattern("").segments == [])
        #expect(try RoutePattern("/").segments == [])
        #expect(try RoutePattern("profile/:id") == RoutePattern("/profile/:id/"))
    }

    @Test("Literals are decoded like paths")
    func decodedLiterals() throws {
        #expect(try RoutePattern("hello%20world").segments == [.literal("hello world")])
    }

    @Test(
        "Invalid patterns are .invalidPattern",
        arguments: [
            ":", ":(int)", ":id(color)", "**/a", "a/**/b", "a**", "*a", "a*b", ":id(int", ":a/:a",
            ":a(int)/b/:a", ":1x", ":my-name", "%zz", "a/../b", "a/./b", "%00",
        ]
    )
    func invalid(_ pattern: String) {
        #expect {
            _ = try RoutePattern(pattern)
        } throws: { error in
            guard case .invalidPattern(let reported, _) = error as? ScreenRegistryError else { return false }
            return reported == pattern
        }
    }

    /// A fuzzer's finding: `:` and a combining mark are one `Character`, so the pattern
    /// is a literal, and its canonical form must stay one (`%3A%CC%A9a`, not `:%CC%A9a`).
    @Test("A literal that starts with a colon and a combining mark reads back as the same literal")
    func colonAndCombiningMark() throws {
        let pattern = try RoutePattern(":\u{329}a/_")
        #expect(pattern.segments == [.literal(":\u{329}a"), .literal("_")])
        #expect(pattern.description == "%3A%CC%A9a/_")
        #expect(try RoutePattern(pattern.description) == pattern)
    }

    @Test("Typed parameters accept only what converts")
    func typedValues() {
        #expect(ParameterType.int.accepts("42"))
        #expect(ParameterType.int.accepts("-7"))
        #expect(ParameterType.int.accepts("007"))
        for bad in ["", "-", "+5", "4.2", "1e3", "0x10", "99999999999999999999", " 1", "١٢"] {
            #expect(!ParameterType.int.accepts(bad), "\(bad)")
        }
        for good in ["1", "-1.5", "3.25", "1e10", "2.5E-3"] {
            #expect(ParameterType.double.accepts(good), "\(good)")
        }
        for bad in ["", ".5", "5.", "nan", "inf", "-infinity", "0x1p3", "1e", "1e999", "1,5"] {
            #expect(!ParameterType.double.accepts(bad), "\(bad)")
        }
        #expect(ParameterType.uuid.accepts("123e4567-e89b-12d3-a456-426614174000"))
        #expect(ParameterType.uuid.accepts("123E4567-E89B-12D3-A456-426614174000"))
        for bad in ["123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400g", "x"] {
            #expect(!ParameterType.uuid.accepts(bad), "\(bad)")
        }
    }
}
