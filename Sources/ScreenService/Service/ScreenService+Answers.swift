import Logging
import ScreenRegistry
import ScreenRendering

extension ScreenService {
    /// `GET` and `HEAD` only, without a body.
    static func checkMethod(_ request: ScreenRequest, _ headers: RequestHeaders) throws(ServiceError) {
        guard request.method == "GET" || request.method == "HEAD" else {
            throw ServiceError(
                status: 405, code: "methodNotAllowed", message: "Only GET and HEAD are allowed here.",
                headers: [HeaderField("Allow", "GET, HEAD")]
            )
        }
        guard !headers.declaresBody else {
            throw ServiceError(status: 400, code: "bodyNotAllowed", message: "A \(request.method) request must not have a body.")
        }
    }

    /// How a body is written for a client: compact, as a client reads it (XML's
    /// indentation is bytes and writes for no one), for its platform, its links below
    /// `linkBase`.
    static func servedOptions(platform: Platforms?, linkBase: String) -> RenderOptions {
        RenderOptions(compact: true, platform: platform, linkBase: linkBase)
    }

    func errorResponse(_ error: ServiceError, format: ScreenFormat?, linkBase: String = "") -> ScreenResponse {
        var body: [UInt8]
        var contentType = "text/plain; charset=utf-8"
        if let format, let rendered = try? format.renderBytes(error.screen, options: Self.servedOptions(platform: nil, linkBase: linkBase)) {
            body = rendered
            contentType = format.contentType
        } else {
            body = Array(error.plainText.utf8)
        }
        if error.status == 406 { body = Array(error.plainText.utf8) }
        var headers = [
            HeaderField("Content-Type", contentType),
            HeaderField("Content-Length", String(body.count)),
            HeaderField("Cache-Control", "no-store"),
            HeaderField("Vary", vary),
        ]
        headers += error.headers
        return ScreenResponse(status: error.status, headers: headers, body: body, pattern: error.pattern)
    }

    /// The same response without its body; `Content-Length` still tells the length a
    /// `GET` gets.
    static func headResponse(_ response: ScreenResponse) -> ScreenResponse {
        var head = response
        head.body = []
        return head
    }

    /// The request's line: method, target, status, pattern and latency.
    static func write(_ request: ScreenRequest, _ response: ScreenResponse, since start: ContinuousClock.Instant, to log: RequestLog) {
        let milliseconds = (ContinuousClock.now - start).milliseconds
        log.info(
            "\(request.method) \(ScreenRegistryError.shownText(request.target)) \(response.status)",
            metadata: [
                "pattern": "\(response.pattern ?? "-")",
                "status": "\(response.status)",
                "latency_ms": "\((milliseconds * 1000).rounded() / 1000)",
            ]
        )
    }
}
