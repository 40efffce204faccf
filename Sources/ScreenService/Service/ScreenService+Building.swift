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

    /// Builds every screen of the back stack ending at `match` and renders them together
    /// (``ScreenFormat/renderStack(_:options:)``: Beagle JSON as `resetApplication`
    /// followed by `pushView`s; XML and text list the screens).
    func renderStack(
        _ match: RouteMatch, as format: ScreenFormat, platform: Platforms?, log: RequestLog
    ) async throws(ServiceError) -> [UInt8] {
        let entries: [(path: String, screen: Screen)]
        do {
            entries = try await registry.stackScreens(endingAt: match)
        } catch {
            if case .screenFailed = error {
                log.error("stack failed", metadata: ["path": "\(match.path)", "error": "\(String(describing: error))"])
            }
            throw ServiceError(error)
        }
        do {
            return Array(try format.renderStack(entries, options: RenderOptions(platform: platform)).utf8)
        } catch {
            log.error("rendering failed", metadata: ["path": "\(match.path)", "format": "\(format.rawValue)", "error": "\(error)"])
            throw ServiceError.internalError
        }
    }

    /// Builds the matched screen and renders the element of its component `id` as an
    /// HXML fragment; no such component is `404`.
    func renderFragment(
        _ match: RouteMatch, id: String, platform: Platforms?, log: RequestLog
    ) async throws(ServiceError) -> [UInt8] {
        let screen = try await build(match, log: log)
        do {
            return try HXMLRenderer(platform: platform).renderFragment(screen.node, id: id)
        } catch .fragmentNotFound {
            var failure = ServiceError(
                status: 404, code: "unknownFragment",
                message: "This screen has no component with id '\(ScreenRegistryError.shownText(id))'."
            )
            failure.pattern = match.pattern
            throw failure
        } catch {
            log.error("rendering failed", metadata: ["pattern": "\(match.pattern)", "format": "hxml", "error": "\(error)"])
            var failure = ServiceError.internalError
            failure.pattern = match.pattern
            throw failure
        }
    }

    /// Builds the matched screen; a failure is logged and becomes its status.
    func build(_ match: RouteMatch, log: RequestLog) async throws(ServiceError) -> Screen {
        do {
            return try await registry.screen(for: match)
        } catch {
            log.error(
                "screen failed",
                metadata: ["pattern": "\(match.pattern)", "error": "\(String(describing: error))"]
            )
            var failure = ServiceError(error)
            failure.pattern = match.pattern
            throw failure
        }
    }

    /// Builds the matched screen and renders it; a failure is logged and becomes `500`.
    func render(
        _ match: RouteMatch, as format: ScreenFormat, platform: Platforms?, log: RequestLog
    ) async throws(ServiceError) -> [UInt8] {
        let screen = try await build(match, log: log)
        do {
            return try FormatRendering.renderBytes(screen, as: format, platform: platform)
        } catch {
            log.error(
                "rendering failed",
                metadata: ["pattern": "\(match.pattern)", "format": "\(format.rawValue)", "error": "\(error)"]
            )
            var failure = ServiceError.internalError
            failure.pattern = match.pattern
            throw failure
        }
    }
}
