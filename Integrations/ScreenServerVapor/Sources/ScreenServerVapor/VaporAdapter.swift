import Foundation
import ScreenService
import Vapor

/// Copies Vapor requests into the framework-neutral ``ScreenService`` and its responses
/// back.
enum VaporAdapter {
    /// The core's request for a Vapor request routed below `basePath`.
    static func screenRequest(_ request: Request, basePath: String, requestID: String) -> ScreenRequest {
        ScreenRequest(
            method: request.method.rawValue,
            target: ScreenRequest.target(path: request.url.path, query: request.url.query, below: basePath),
            headers: request.headers.map { HeaderField($0.name, $0.value) },
            requestID: requestID,
            mountPath: basePath
        )
    }

    /// The Vapor response for the core's response: status, headers and body as they
    /// are. The core's headers already hold the right `Content-Length` (for `HEAD`, the
    /// length a `GET` would send), so Vapor is told not to recount it from the body.
    static func response(_ answer: ScreenResponse, requestID: String) -> Response {
        var headers = HTTPHeaders()
        for field in answer.headers { headers.add(name: field.name, value: field.value) }
        headers.replaceOrAdd(name: .xRequestId, value: requestID)
        let body: Response.Body = answer.body.isEmpty ? .empty : .init(buffer: ByteBuffer(bytes: answer.body))
        return Response(
            status: HTTPResponseStatus(statusCode: answer.status), version: .http1_1, headersNoUpdate: headers, body: body
        )
    }

    /// The client's `X-Request-ID` when it is a short token (see
    /// `ScreenRequest.isUsableRequestID`); without one, Vapor's own `Request.id`; else
    /// (a header that is not such a token, which `Request.id` repeats) a new one.
    static func requestID(_ request: Request) -> String {
        guard let given = request.headers.first(name: .xRequestId) else { return request.id }
        return ScreenRequest.isUsableRequestID(given) ? given : UUID().uuidString
    }

    /// Vapor's logger for `request`, its `request-id` the id the service uses: Vapor puts
    /// the client's header there as it came, which may hold anything.
    static func logger(_ request: Request, requestID: String) -> Logger {
        var logger = request.logger
        logger[metadataKey: "request-id"] = .string(requestID)
        return logger
    }
}
