import Logging
import ScreenRegistry
import ScreenRendering

extension ScreenService {
    /// The trusted context of `request`, from the configured authenticator; a refusal
    /// becomes its status with an error screen.
    func authenticate(_ request: ScreenRequest) async throws(ServiceError) -> TrustedContext {
        do {
            return try await configuration.authenticator.authenticate(request)
        } catch {
            throw ServiceError(
                status: error.status, code: error.status == 403 ? "forbidden" : "unauthorized",
                message: error.message, headers: error.headers
            )
        }
    }

    /// How long the rendered body of `match` may be reused: the configuration's entry
    /// for its pattern, else what its screen type declares (``CacheableScreen``), else not at
    /// all.
    func reuseLifetime(of match: RouteMatch) -> Duration? {
        if !configuration.memoizedRoutes.isEmpty, let lifetime = configuration.memoizedRoutes[match.pattern] {
            return lifetime
        }
        guard configuration.reusesRenderedScreens, let cacheable = match.screenType as? any CacheableScreen.Type else { return nil }
        return cacheable.cacheLifetime
    }

    /// Builds and writes `answer`; a failure is logged when it is the server's, and
    /// becomes its status.
    func render(
        _ answer: ScreenAnswer, as format: ScreenFormat, options: RenderOptions, client: ClientProfile, log: RequestLog
    ) async throws(ServiceError) -> (body: [UInt8], contentType: String) {
        let pattern = answer.match.pattern
        let answerFailure: ScreenAnswerError
        do {
            return try await answer.render(in: registry, as: format, options: options, client: client)
        } catch {
            answerFailure = error
        }
        var failure: ServiceError
        switch answerFailure {
        case .building(let error):
            if case .screenFailed = error {
                log.error("screen failed", metadata: ["pattern": "\(pattern)", "error": "\(String(describing: error))"])
            }
            failure = ServiceError(error)
        case .fragmentNeedsHXML:
            failure = ServiceError(
                status: 400, code: "fragmentNeedsHXML",
                message: "Fragments are written in HXML only: ask with ?format=hxml or Accept: \(HXMLRenderer().contentType)."
            )
        case .fragmentNotFound(let id):
            failure = ServiceError(
                status: 404, code: "unknownFragment",
                message: "This screen has no component with id '\(ScreenRegistryError.shownText(id))'."
            )
        case .unsupported(let component):
            // The screen sends the client what it cannot render, with no fallback: the
            // server's fault, with every detail in the log.
            log.error("client cannot render", metadata: [
                "pattern": "\(pattern)", "component": "\(component.path)", "client": "\(component.client)",
                "reason": "\(component.reason)",
            ])
            failure = ServiceError(
                status: 500, code: "unsupportedComponent",
                message: "This screen holds a component your app cannot show, without a fallback. The server log has the details.")
        case .rendering(let error):
            log.error("rendering failed", metadata: ["pattern": "\(pattern)", "format": "\(format.rawValue)", "error": "\(error)"])
            failure = .internalError
        }
        failure.pattern = pattern.isEmpty ? nil : pattern
        throw failure
    }
}
