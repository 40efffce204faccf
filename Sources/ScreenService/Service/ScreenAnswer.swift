import ScreenRegistry
import ScreenRendering

/// What a request for a screen is answered with, decided once from the match and the
/// request's own items. The HTTP service and `screen-registry render` both build it with
/// ``init(_:fragment:stack:)`` and write it with ``render(in:as:options:data:client:)``.
public enum ScreenAnswer: Sendable {
    /// The matched screen.
    case screen(RouteMatch)
    /// The element of one component of the matched screen, for Hyperview's partial updates.
    case fragment(RouteMatch, id: String)
    /// The back stack from the root to the matched screen, in one document.
    case stack(RouteMatch)
    /// No route matched, and the registry's fallback screen stands in.
    case fallback(RouteMatch)

    /// The decision: the fallback screen when nothing matched, else a fragment when one
    /// is asked for, else the back stack when it is asked for, else the screen.
    public init(_ match: RouteMatch, fragment: String?, stack: Bool) {
        if match.isFallback {
            self = .fallback(match)
        } else if let fragment {
            self = .fragment(match, id: fragment)
        } else if stack {
            self = .stack(match)
        } else {
            self = .screen(match)
        }
    }

    /// The match the answer is built from.
    public var match: RouteMatch {
        switch self {
        case .screen(let match), .fragment(let match, _), .stack(let match), .fallback(let match): match
        }
    }

    /// Builds the answer's screens in `registry` and writes them in `format`: the body
    /// and its media type. `data` is the caller's, for the screens of a back stack. With a
    /// `client`, each screen is first fitted to it (`ClientFit`, with the registry's
    /// `appComponents`): fallbacks stand in for what it cannot render.
    public func render(
        in registry: ScreenRegistry, as format: ScreenFormat, options: RenderOptions = RenderOptions(),
        data: [String: String] = [:], client: ClientProfile? = nil
    ) async throws(ScreenAnswerError) -> (body: [UInt8], contentType: String) {
        let renderer = format.renderer(options: options)
        let fit = client.map { ClientFit($0, appComponents: registry.appComponents) }
        switch self {
        case .screen(let match), .fallback(let match):
            let node = try await Self.build(match, in: registry, fit: fit)
            return (try Self.writing { try renderer.renderBytes(node) }, renderer.contentType)
        case .fragment(let match, let id):
            guard format == .hxml else { throw .fragmentNeedsHXML }
            let node = try await Self.build(match, in: registry, fit: fit)
            let hxml = HXMLRenderer(options: options)
            do {
                return (try hxml.renderFragment(node, id: id), hxml.fragmentContentType)
            } catch .fragmentNotFound {
                throw .fragmentNotFound(id: id)
            } catch {
                throw .rendering(error)
            }
        case .stack(let match):
            var entries: [(path: String, node: Node)] = []
            do {
                for entry in try await registry.stackScreens(endingAt: match, data: data) {
                    entries.append((entry.path, try Self.fitted(entry.screen.node, fit)))
                }
            } catch {
                throw Self.answerError(error)
            }
            return (try Self.writing { try renderer.renderStackBytes(entries) }, renderer.contentType)
        }
    }

    /// The matched screen's node, fitted to the client when there is one.
    private static func build(_ match: RouteMatch, in registry: ScreenRegistry, fit: ClientFit?) async throws(ScreenAnswerError) -> Node {
        do {
            return try fitted(try await registry.screen(for: match).node, fit)
        } catch {
            throw answerError(error)
        }
    }

    /// A failure while building and fitting screens, as the answer's error.
    private static func answerError(_ error: any Error) -> ScreenAnswerError {
        switch error {
        case let error as ScreenRegistryError: .building(error)
        case let error as ScreenAnswerError: error
        default: .rendering(error)
        }
    }

    private static func fitted(_ node: Node, _ fit: ClientFit?) throws(ScreenAnswerError) -> Node {
        guard let fit else { return node }
        do {
            return try fit.fit(node)
        } catch {
            throw .unsupported(error)
        }
    }

    private static func writing(_ write: () throws -> [UInt8]) throws(ScreenAnswerError) -> [UInt8] {
        do {
            return try write()
        } catch {
            throw .rendering(error)
        }
    }
}
