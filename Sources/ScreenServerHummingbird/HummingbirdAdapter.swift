import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ScreenService

/// Copies Hummingbird requests into the framework-neutral core and its responses back.
enum HummingbirdAdapter {
    /// The core's request for a Hummingbird request routed below `basePath`.
    /// `basePath` is also the request's mount path, below which HTML pages link.
    static func screenRequest(_ request: Request, basePath: String, requestID: String) -> ScreenRequest {
        var headers = request.headers.map { HeaderField($0.name.canonicalName, $0.value) }
        // HTTP/1's `Host` becomes the request's authority and leaves its fields: put back,
        // so that an authenticator reads it as it would behind any other adapter.
        if let authority = request.head.authority { headers.append(HeaderField("host", authority)) }
        return ScreenRequest(
            method: request.method.rawValue, target: target(request.uri, below: basePath), headers: headers, requestID: requestID,
            mountPath: basePath
        )
    }

    /// The path and query of `uri` after the segments of `basePath`, still
    /// percent-encoded: `/screens/profile/42?tab=posts` below `/screens` is
    /// `/profile/42?tab=posts`.
    static func target(_ uri: URI, below basePath: String) -> String {
        // The usual request target is the base path, then `/` and the rest, with no
        // fragment: cut it off the raw target without parsing the URI's parts.
        let raw = uri.string.utf8
        if raw.starts(with: basePath.utf8), basePath.utf8.last != UInt8(ascii: "/") {
            let rest = raw.dropFirst(basePath.utf8.count)
            if rest.first == UInt8(ascii: "/"), rest.dropFirst().first != UInt8(ascii: "/"), !rest.contains(UInt8(ascii: "#")) {
                return String(Substring(rest))
            }
        }
        return ScreenRequest.target(path: uri.path, query: uri.query, below: basePath)
    }

    /// The Hummingbird response for the core's response.
    static func response(_ answer: ScreenResponse, requestID: String) -> Response {
        var fields = HTTPFields()
        fields.reserveCapacity(answer.headers.count + 1)
        for field in answer.headers {
            // Hummingbird writes Content-Length itself from the body, except for HEAD,
            // which keeps the length of the GET. A 304 has none.
            if field.name == "Content-Length", !answer.body.isEmpty || answer.status == 304 { continue }
            guard let name = fieldName(field.name) else { continue }
            fields.append(HTTPField(name: name, value: field.value))
        }
        if let name = requestIDName {
            fields.append(HTTPField(name: name, value: requestID))
        }
        let status = HTTPResponse.Status(code: answer.status)
        if answer.body.isEmpty {
            return Response(status: status, headers: fields, body: ResponseBody(contentLength: answer.status == 304 ? nil : 0) { _ in })
        }
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
    }

    /// `X-Request-ID`, checked once.
    private static let requestIDName = HTTPField.Name("X-Request-ID")

    /// The field name for a header of the core: the predefined names (the same raw
    /// and canonical spelling) for those every screen response has, so that they are
    /// not validated and lower-cased again for every response.
    static func fieldName(_ name: String) -> HTTPField.Name? {
        switch name {
        case "Content-Type": .contentType
        case "ETag": .eTag
        case "Cache-Control": .cacheControl
        case "Vary": .vary
        default: HTTPField.Name(name)
        }
    }

    /// The request id: the client's `X-Request-ID` when it is a short token (letters,
    /// digits, `-`, `_`, `.`, at most 128), else the one Hummingbird put in the
    /// context's logger, else a new random one.
    static func requestID(_ request: Request, context: some RequestContext) -> String {
        guard let given = clientRequestID(request) else {
            if let generated = context.logger[metadataKey: "hb.request.id"] { return "\(generated)" }
            return String(UInt64.random(in: .min ... .max), radix: 16)
        }
        return given
    }

    private static func clientRequestID(_ request: Request) -> String? {
        guard let name = requestIDName, let given = request.headers[name], ScreenRequest.isUsableRequestID(given) else { return nil }
        return given
    }
}
