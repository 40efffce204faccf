import ScreenService
import Vapor

/// The methods the screen routes answer: `GET` and `HEAD` serve, the others get `405`
/// from the service.
private let screenMethods: [HTTPMethod] = [.GET, .HEAD, .POST, .PUT, .DELETE, .PATCH, .OPTIONS, .TRACE]

extension RoutesBuilder {
    /// Mounts the screens of `service` below `basePath`: `GET /screens/profile/42?tab=posts`
    /// renders that screen; `HEAD` answers the same without a body; other methods get
    /// `405`.
    ///
    /// ```swift
    /// import ScreenServerVapor
    /// import Vapor
    ///
    /// let app = try await Application.make(.detect())
    /// let service = ScreenService(registry: Catalog.registry)
    /// app.screens(service, at: "screens")
    /// app.screenServiceEndpoints(service)      // GET /routes and GET /health
    /// try await app.execute()
    /// ```
    ///
    /// The service reads no request body, so the routes never collect one. HTML pages
    /// link to other screens below `basePath`, unless the service's `linkBase` names
    /// another base.
    public func screens(_ service: ScreenService, at basePath: String = "screens") {
        let segments = basePath.split(separator: "/").map { PathComponent.constant(String($0)) }
        let base = "/" + basePath.split(separator: "/").joined(separator: "/")
        for method in screenMethods {
            for path in [segments, segments + [.catchall]] {
                on(method, path, body: .stream) { request async -> Response in
                    let id = VaporAdapter.requestID(request)
                    let answer = await service.respond(
                        to: VaporAdapter.screenRequest(request, basePath: base, requestID: id),
                        logger: VaporAdapter.logger(request, requestID: id)
                    )
                    return VaporAdapter.response(answer, requestID: id)
                }
            }
        }
    }

    /// Adds `GET /routes` (the registry's routes as JSON) and `GET /health`.
    public func screenServiceEndpoints(_ service: ScreenService) {
        for method in screenMethods {
            on(method, "routes", body: .stream) { request async -> Response in
                let id = VaporAdapter.requestID(request)
                let answer = service.routes(
                    for: VaporAdapter.screenRequest(request, basePath: "", requestID: id),
                    logger: VaporAdapter.logger(request, requestID: id)
                )
                return VaporAdapter.response(answer, requestID: id)
            }
            on(method, "health", body: .stream) { request async -> Response in
                let id = VaporAdapter.requestID(request)
                let answer = service.health(
                    for: VaporAdapter.screenRequest(request, basePath: "", requestID: id),
                    logger: VaporAdapter.logger(request, requestID: id)
                )
                return VaporAdapter.response(answer, requestID: id)
            }
        }
    }
}
