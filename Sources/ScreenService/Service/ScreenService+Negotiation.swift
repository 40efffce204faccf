import Logging
import ScreenRegistry
import ScreenRendering

extension ScreenService {
    static let vary = FormatRendering.variesByPlatform ? "Accept, beagle-platform, X-Hyperview-Version" : "Accept, X-Hyperview-Version"

    /// Whether the request comes from Hyperview's client, which asks for `application/xml`
    /// and names its version in `X-Hyperview-Version`: it gets HXML without `?format=`.
    static func isHyperviewClient(_ request: ScreenRequest) -> Bool {
        request.header("x-hyperview-version") != nil
    }

    /// The Hyperview version a Hyperview client declares (`X-Hyperview-Version`): a
    /// token of at most 32 printable ASCII characters, else `nil`.
    static func hyperviewVersion(of request: ScreenRequest) -> String? {
        guard let value = request.header("x-hyperview-version"), !value.isEmpty, value.utf8.count <= 32,
              value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        return value
    }

    /// The format of the answer: `?format=` wins, then a Hyperview client's header, then
    /// `Accept`; nothing acceptable is `406`.
    static func negotiate(_ request: ScreenRequest, formatName: String?) throws(ServiceError) -> ScreenFormat {
        if let formatName {
            guard let format = ContentNegotiation.format(named: formatName) else {
                let available = ContentNegotiation.formatsByPreference.map(\.rawValue).joined(separator: ", ")
                throw ServiceError(
                    status: 406, code: "notAcceptable",
                    message: "There is no format '\(ScreenRegistryError.shownText(formatName))'; available: \(available)."
                )
            }
            return format
        }
        if isHyperviewClient(request) { return .hxml }
        guard let format = ContentNegotiation.format(forAccept: request.header("accept")) else {
            let types = ContentNegotiation.formatsByPreference.map(ContentNegotiation.mediaType(of:)).joined(separator: ", ")
            throw ServiceError(
                status: 406, code: "notAcceptable",
                message: "None of the accepted media types is available; available: \(types)."
            )
        }
        return format
    }

    /// The format an error body is written in: the requested one when there is one,
    /// else the default.
    func negotiatedFormatForErrors(_ request: ScreenRequest, _ target: RequestTarget) -> ScreenFormat? {
        if let name = target.format, let format = ContentNegotiation.format(named: name) { return format }
        if Self.isHyperviewClient(request) { return .hxml }
        return ContentNegotiation.format(forAccept: request.header("accept"))
    }
}
