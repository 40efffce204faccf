/// One HTTP response from the framework-neutral core.
///
/// `headers` already hold `Content-Type`, `Content-Length`, `ETag`, `Cache-Control`,
/// `Vary`, `X-Content-Type-Options` and `Content-Security-Policy` where they apply; an adapter copies them and the body as they are. For
/// `HEAD` the body is empty and `Content-Length` is the length a `GET` would send.
public struct ScreenResponse: Sendable {
    /// The status code, such as `200`.
    public var status: Int
    /// The header fields, in order.
    public var headers: [HeaderField]
    /// The body bytes (empty for `HEAD`, `304` and `204`).
    public var body: [UInt8]
    /// The route pattern that matched, when one did: for logs and metrics.
    public var pattern: String?

    /// Creates a response.
    public init(status: Int, headers: [HeaderField] = [], body: [UInt8] = [], pattern: String? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.pattern = pattern
    }

    /// The value of the first field named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.equalsIgnoringASCIICase(name) }?.value
    }

    /// The body as UTF-8 text.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}
