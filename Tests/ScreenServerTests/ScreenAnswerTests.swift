import ScreenRegistry
import ScreenRendering
import ScreenService
import Testing

/// The one decision of what a request gets, shared by the service and `render`.
@Suite("ScreenAnswer: one decision, one way to write it")
struct ScreenAnswerTests {
    /// Echo's data as its text, in the registry with a fallback screen.
    static let registry: ScreenRegistry = {
        var registry = ScreenRegistry()
        registry["echo"] = EchoScreen.self
        registry["boom"] = FailingScreen.self
        registry.fallback = EchoScreen.self
        return registry
    }()

    func kind(_ path: String, fragment: String? = nil, stack: Bool = false) throws -> String {
        switch ScreenAnswer(try Self.registry.resolve(path), fragment: fragment, stack: stack) {
        case .screen(let match): "screen \(match.pattern)"
        case .fragment(let match, let id): "fragment \(id) of \(match.pattern)"
        case .stack(let match): "stack \(match.pattern)"
        case .fallback(let match): "fallback for \(match.path)"
        }
    }

    @Test("The fallback wins over everything asked for, then a fragment, then a stack, else the screen")
    func decision() throws {
        #expect(try kind("/nowhere", fragment: "x", stack: true) == "fallback for /nowhere")
        #expect(try kind("/echo", fragment: "x", stack: true) == "fragment x of echo")
        #expect(try kind("/echo", stack: true) == "stack echo")
        #expect(try kind("/echo") == "screen echo")
    }

    @Test("Writing an answer: the body and media type of the format, or the exact failure")
    func writing() async throws {
        let match = try Self.registry.resolve("/echo?a=1")
        let (body, type) = try await ScreenAnswer(match, fragment: nil, stack: false).render(in: Self.registry, as: .text)
        #expect(String(decoding: body, as: UTF8.self).contains(#"text text="a=1""#))
        #expect(type == "text/plain; charset=utf-8")
        let stack = try await ScreenAnswer(match, fragment: nil, stack: true).render(in: Self.registry, as: .json)
        #expect(String(decoding: stack.body, as: UTF8.self).hasPrefix(#"[{"_beagleAction_":"beagle:resetApplication""#))

        let fragment = ScreenAnswer(match, fragment: "missing", stack: false)
        do {
            _ = try await fragment.render(in: Self.registry, as: .json)
            Issue.record("a fragment rendered as Beagle JSON")
        } catch {
            guard case .fragmentNeedsHXML = error else { throw error }
        }
        do {
            _ = try await fragment.render(in: Self.registry, as: .hxml)
            Issue.record("a fragment of no component rendered")
        } catch {
            guard case .fragmentNotFound(let id) = error, id == "missing" else { throw error }
        }
        let failing = ScreenAnswer(try Self.registry.resolve("/boom"), fragment: nil, stack: false)
        do {
            _ = try await failing.render(in: Self.registry, as: .xml)
            Issue.record("a failing screen rendered")
        } catch {
            guard case .building(.screenFailed(let path, _)) = error, path == "/boom" else { throw error }
        }
    }
}
