import ScreenRegistry

/// What the service answers when a request fails, before it is written in a format.
///
/// The body is a screen, so a client shows it with the renderer it already has: a
/// title, the message as text, and a `custom:error` node whose properties (`status`,
/// `code`, `message`, `suggestion`) a client can read without parsing the message.
struct ServiceError: Error, Sendable {
    /// The status code, such as `404`.
    var status: Int
    /// A stable, machine-readable name, such as `unknownPath`.
    var code: String
    /// A sentence for people; never holds a server-side detail.
    var message: String
    /// The closest registered pattern, for `unknownPath`.
    var suggestion: String?
    /// Extra response header fields, such as `Allow` for `405`.
    var headers: [HeaderField] = []
    /// The matched route, when the error came after matching: for the log.
    var pattern: String?

    /// The status and body for a registry error. `.screenFailed` and the errors only
    /// registration throws get a generic `500`: their details belong in the log.
    init(_ error: ScreenRegistryError) {
        switch error {
        case .unknownPath(_, let suggestion):
            self.init(status: 404, code: "unknownPath", message: error.description, suggestion: suggestion)
        case .invalidPath:
            self.init(status: 400, code: "invalidPath", message: error.description)
        case .missingParameter:
            self.init(status: 400, code: "missingParameter", message: error.description)
        case .invalidParameter:
            self.init(status: 400, code: "invalidParameter", message: error.description)
        case .screenFailed, .invalidPattern, .duplicateRoute:
            self = .internalError
        }
    }

    init(status: Int, code: String, message: String, suggestion: String? = nil, headers: [HeaderField] = []) {
        self.status = status
        self.code = code
        self.message = message
        self.suggestion = suggestion
        self.headers = headers
    }

    /// The generic `500`.
    static let internalError = ServiceError(
        status: 500, code: "internalError", message: "The screen could not be built. The server log has the details."
    )

    /// `414`: the path and query are longer than `limit` bytes.
    static func uriTooLong(limit: Int) -> ServiceError {
        ServiceError(status: 414, code: "uriTooLong", message: "The path and query are longer than \(limit) bytes.")
    }

    /// The error as a screen.
    var screen: Screen {
        var properties: [Node.Property] = [
            .init("status", .int(status)),
            .init("code", .string(code)),
            .init("message", .string(message)),
        ]
        if let suggestion { properties.append(.init("suggestion", .string(suggestion))) }
        let details = Node(kind: .component, type: "custom:error", properties: properties)
        return Screen(title: Self.reason(for: status)) {
            Text(message)
            details
        }
    }

    /// The plain-text body, for when no format is acceptable or rendering fails.
    var plainText: String {
        "\(status) \(Self.reason(for: status)): \(message)\n"
    }

    /// The standard reason phrase for the statuses the service uses.
    static func reason(for status: Int) -> String {
        switch status {
        case 200: "OK"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 414: "URI Too Long"
        case 500: "Internal Server Error"
        default: "Error"
        }
    }
}
