import Logging

extension ScreenService {
    /// Answers `GET /routes`: every route's pattern and screen type, in precedence
    /// order, as JSON: `{"routes":[{"pattern":"profile/:userId","screenType":"ProfileScreen"}]}`.
    public func routes(for request: ScreenRequest, logger: Logger) -> ScreenResponse {
        document(routesDocument, contentType: "application/json", cacheControl: "no-cache", request: request, logger: logger)
    }

    /// Answers `GET /health` with `{"status":"ok"}`; never cached.
    public func health(for request: ScreenRequest, logger: Logger) -> ScreenResponse {
        document(Array(#"{"status":"ok"}"#.utf8), contentType: "application/json", cacheControl: "no-store", request: request, logger: logger)
    }

    private func document(
        _ body: [UInt8], contentType: String, cacheControl: String, request: ScreenRequest, logger: Logger
    ) -> ScreenResponse {
        let start = ContinuousClock.now
        var response: ScreenResponse
        do {
            let fields = RequestHeaders(request.headers)
            try Self.checkMethod(request, fields)
            let tag = EntityTag.strong(for: body)
            let headers = [HeaderField("ETag", tag), HeaderField("Cache-Control", cacheControl)]
            if let condition = fields.ifNoneMatch, EntityTag.ifNoneMatch(condition, matches: tag) {
                response = ScreenResponse(status: 304, headers: headers)
            } else {
                response = ScreenResponse(
                    status: 200,
                    headers: [HeaderField("Content-Type", contentType), HeaderField("Content-Length", String(body.count))] + headers,
                    body: body
                )
            }
        } catch {
            response = errorResponse(error, format: nil)
        }
        // The same protection as a screen's: a browser that opens the document never
        // sniffs it as another type.
        response.headers += Self.protectionHeaders
        if request.method == "HEAD" { response = Self.headResponse(response) }
        Self.write(request, response, since: start, to: RequestLog(logger: logger, requestID: request.requestID))
        return response
    }
}
