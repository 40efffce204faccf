import HTTPTypes
import Hummingbird
import Logging
import ScreenService

/// The methods the screen routes answer: `GET` and `HEAD` serve, the others get `405`.
private let screenMethods: [HTTPRequest.Method] = [.get, .head, .post, .put, .delete, .patch, .options, .trace]

extension RouterMethods {
    /// Mounts the screens of `service` below `basePath`: `GET /screens/profile/42?tab=posts`
    /// renders that screen; `HEAD` answers the same without a body; other methods get
    /// `405`.
    ///
    /// Use it to embed the screens in an existing Hummingbird application:
    ///
    /// ```swift
    /// let router = Router()
    /// let service = ScreenService(registry: Catalog.registry)
    /// router.addScreens(service, at: "/screens")
    /// router.addServiceEndpoints(service)          // GET /routes and GET /health
    /// ```
    ///
    /// HTML pages link to other screens below `basePath`, unless the service's `linkBase`
    /// names another base. `ScreenServer` also sets an idle timeout and a connection
    /// limit, and closes every connection HTTP/1 closes: an application of your own sets
    /// the limit itself, and gets the rest from ``ScreenServer/http1(idleTimeout:)`` or
    /// ``ScreenServer/http1(configuration:)``.
    @discardableResult
    public func addScreens(_ service: ScreenService, at basePath: String = "/screens") -> Self {
        mount(at: "/" + basePath.split(separator: "/").joined(separator: "/"), service.respond(to:logger:))
    }

    /// Mounts the live preview of `preview` (`ScreenPreview`) at its base path: for
    /// people who build screens; never mount it where apps are served in production.
    @discardableResult
    public func addPreview(_ preview: ScreenPreview) -> Self {
        mount(at: preview.basePath, preview.respond(to:logger:))
    }

    /// Routes every method at `base` and below it to `respond`, with the target below `base`.
    private func mount(
        at base: String, _ respond: @escaping @Sendable (ScreenRequest, Logger) async -> ScreenResponse
    ) -> Self {
        for path in base == "/" ? ["/", "/**"] : [base, base + "/**"] {
            for method in screenMethods {
                on(RouterPath(path), method: method) { request, context in
                    let id = HummingbirdAdapter.requestID(request, context: context)
                    let answer = await respond(HummingbirdAdapter.screenRequest(request, basePath: base, requestID: id), context.logger)
                    return HummingbirdAdapter.response(answer, requestID: id)
                }
            }
        }
        return self
    }

    /// Adds `GET /routes` (the registry's routes as JSON) and `GET /health`.
    @discardableResult
    public func addServiceEndpoints(_ service: ScreenService) -> Self {
        for method in screenMethods {
            on("/routes", method: method) { request, context in
                let id = HummingbirdAdapter.requestID(request, context: context)
                let answer = service.routes(
                    for: HummingbirdAdapter.screenRequest(request, basePath: "", requestID: id), logger: context.logger
                )
                return HummingbirdAdapter.response(answer, requestID: id)
            }
            on("/health", method: method) { request, context in
                let id = HummingbirdAdapter.requestID(request, context: context)
                let answer = service.health(
                    for: HummingbirdAdapter.screenRequest(request, basePath: "", requestID: id), logger: context.logger
                )
                return HummingbirdAdapter.response(answer, requestID: id)
            }
        }
        return self
    }
}
