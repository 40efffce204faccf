/// The header fields the service reads, found in one pass over a request's fields.
///
/// A field that appears more than once is joined with `, `, as HTTP allows for
/// list-valued fields.
struct RequestHeaders: Sendable {
    /// `Accept`, for content negotiation.
    var accept: String?
    /// `If-None-Match`, for `304`.
    var ifNoneMatch: String?
    /// `X-Hyperview-Version`: Hyperview's client sends it, and gets HXML.
    var hyperviewVersion: String?
    /// `beagle-platform`: Beagle's clients send `IOS`, `ANDROID` or `WEB`.
    var beaglePlatform: String?
    /// `X-DivKit-Version`: the DivKit release an app's client library is (our choice of
    /// header: DivKit's clients send none of their own; the app sets it from
    /// `DivKitInfo.version` on iOS or the library's version name on Android).
    var divKitVersion: String?
    /// The app's version, from the header the service is configured to read.
    var appVersion: String?
    /// `Content-Length` and `Transfer-Encoding`: whether a `GET` carries a body.
    var contentLength: String?
    var transferEncoding: String?

    init(_ fields: [HeaderField], appVersionHeader: String = "X-App-Version") {
        for field in fields {
            let name = field.name
            if name.equalsIgnoringASCIICase(appVersionHeader) {
                Self.add(field.value, to: &appVersion)
            } else if name.equalsIgnoringASCIICase("accept") {
                Self.add(field.value, to: &accept)
            } else if name.equalsIgnoringASCIICase("if-none-match") {
                Self.add(field.value, to: &ifNoneMatch)
            } else if name.equalsIgnoringASCIICase("x-hyperview-version") {
                Self.add(field.value, to: &hyperviewVersion)
            } else if name.equalsIgnoringASCIICase("beagle-platform") {
                Self.add(field.value, to: &beaglePlatform)
            } else if name.equalsIgnoringASCIICase("x-divkit-version") {
                Self.add(field.value, to: &divKitVersion)
            } else if name.equalsIgnoringASCIICase("content-length") {
                Self.add(field.value, to: &contentLength)
            } else if name.equalsIgnoringASCIICase("transfer-encoding") {
                Self.add(field.value, to: &transferEncoding)
            }
        }
    }

    /// Appends in place: a copy of the joined value for each field would make many
    /// repeated fields quadratic.
    private static func add(_ value: String, to field: inout String?) {
        if field == nil {
            field = value
        } else {
            field?.append(", ")
            field?.append(value)
        }
    }

    /// Whether the request says it carries a body: a `Content-Length` other than `0`, or
    /// any `Transfer-Encoding`.
    var declaresBody: Bool {
        if transferEncoding != nil { return true }
        return contentLength?.split(separator: ",").contains { $0.trimmingSpaces != "0" } ?? false
    }
}
