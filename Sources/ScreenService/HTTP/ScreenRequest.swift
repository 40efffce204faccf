/// One HTTP request, as the framework-neutral core sees it.
///
/// An adapter for any HTTP framework fills it from its own request type: the method,
/// the request target relative to the mount point (the path and the query, still
/// percent-encoded), and the header fields.
///
/// ```swift
/// let request = ScreenRequest(
///     method: "GET",
///     target: "/profile/42?tab=posts",
///     headers: [("Accept", "application/xml")]
/// )
/// ```
public struct ScreenRequest: Sendable {
    /// The request method, such as `GET` (compared case-sensitively, as HTTP does).
    public var method: String
    /// The path and query below the mount point, still percent-encoded, such as
    /// `/profile/42?tab=posts`. The screen's path is the part before the first `?`.
    public var target: String
    /// The header fields, in order; names compare case-insensitively.
    public var headers: [HeaderField]
    /// The request's id, written as `request_id` in the service's log lines for it;
    /// `nil` leaves it out.
    public var requestID: String?
    /// Where the adapter mounted the service, such as `/screens`: HTML pages link to other
    /// screens below it when the service has no `linkBase` of its own. Empty by default.
    public var mountPath: String

    /// Creates a request.
    public init(method: String, target: String, headers: [HeaderField] = [], requestID: String? = nil, mountPath: String = "") {
        self.method = method
        self.target = target
        self.headers = headers
        self.requestID = requestID
        self.mountPath = mountPath
    }

    /// Creates a request from `(name, value)` pairs.
    public init(method: String, target: String, headers: [(String, String)], requestID: String? = nil, mountPath: String = "") {
        self.init(
            method: method, target: target, headers: headers.map { HeaderField($0.0, $0.1) }, requestID: requestID, mountPath: mountPath
        )
    }

    /// The values of every field named `name`, joined with `, ` as HTTP allows for
    /// list-valued fields; `nil` when there is none.
    public func header(_ name: String) -> String? {
        var result: String?
        for field in headers where field.name.equalsIgnoringASCIICase(name) {
            // Appended in place, so that many fields of one name cost linear time.
            if result == nil {
                result = field.value
            } else {
                result?.append(", ")
                result?.append(field.value)
            }
        }
        return result
    }

    /// The request target below a mount point, for ``target``: the path after the
    /// segments of `basePath`, with one leading `/`, and the query, both still
    /// percent-encoded. `/screens/profile/42` and `tab=posts` below `/screens` are
    /// `/profile/42?tab=posts`; `/screens` alone is `/`.
    ///
    /// Adapters pass the path and query their framework parsed from the request line.
    public static func target(path: String, query: String?, below basePath: String) -> String {
        var path = Substring(path)
        for segment in basePath.split(separator: "/") {
            while path.first == "/" { path = path.dropFirst() }
            guard path.hasPrefix(segment) else { break }
            path = path.dropFirst(segment.count)
        }
        var target = path.first == "/" ? String(path) : "/" + path
        if let query { target += "?" + query }
        return target
    }

    /// Whether a client's `X-Request-ID` can stand in the service's logs as it is: a
    /// short token of letters, digits, `-`, `_` and `.` (at most 128). Adapters use a
    /// request id of their own for anything else.
    public static func isUsableRequestID(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.count <= 128 && value.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                true
            default: false
            }
        }
    }

    /// Whether the request says it carries a body: a `Content-Length` other than `0`,
    /// or any `Transfer-Encoding`.
    public var declaresBody: Bool {
        RequestHeaders(headers).declaresBody
    }
}

/// One header field: a name and a value.
public struct HeaderField: Sendable, Hashable {
    /// The field name, such as `Content-Type`.
    public var name: String
    /// The field value.
    public var value: String

    /// Creates a header field.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

extension StringProtocol {
    /// Whether the two are equal when ASCII letters are folded to lower case, as HTTP
    /// compares field names; without allocating.
    func equalsIgnoringASCIICase<Other: StringProtocol>(_ other: Other) -> Bool {
        let lhs = utf8, rhs = other.utf8
        guard lhs.count == rhs.count else { return false }
        for (a, b) in zip(lhs, rhs) where a != b {
            let lowerA = a >= 65 && a <= 90 ? a + 32 : a
            let lowerB = b >= 65 && b <= 90 ? b + 32 : b
            if lowerA != lowerB { return false }
        }
        return true
    }

    /// The text without leading and trailing spaces and tabs (HTTP's optional whitespace).
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }),
              let last = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return Substring(self[first...last])
    }
}
