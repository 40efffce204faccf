import Logging
import ScreenRegistry
import ScreenRendering

extension ScreenService {
    /// The client a request comes from, as it says (never as it is trusted): the format,
    /// `beagle-platform`, its library's version (`X-Hyperview-Version` for HXML,
    /// `X-DivKit-Version` for DivKit) and its app's version (``Configuration/appVersionHeader``).
    static func clientProfile(_ format: ScreenFormat, _ headers: RequestHeaders) -> ClientProfile {
        let clientVersion: String? = switch format {
        case .hxml: hyperviewVersion(headers)
        case .divkit: headers.divKitVersion
        default: nil
        }
        return ClientProfile(
            format: format, platform: Platforms(header: headers.beaglePlatform),
            clientVersion: clientVersion.flatMap(Version.init), appVersion: headers.appVersion.flatMap(Version.init))
    }

    /// The Hyperview version a Hyperview client declares (`X-Hyperview-Version`): a
    /// token of at most 32 printable ASCII characters, else `nil`.
    static func hyperviewVersion(_ headers: RequestHeaders) -> String? {
        guard let value = headers.hyperviewVersion, !value.isEmpty, value.utf8.count <= 32,
              value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        return value
    }

    /// The format of the answer: `?format=` wins, then a Hyperview client's header, then
    /// `Accept`; nothing acceptable is `406`.
    static func negotiate(_ headers: RequestHeaders, formatName: String?) throws(ServiceError) -> ScreenFormat {
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
        // Hyperview's client asks for `application/xml` and names its version: it gets HXML.
        if headers.hyperviewVersion != nil { return .hxml }
        guard let format = ContentNegotiation.format(forAccept: headers.accept) else {
            let types = ContentNegotiation.formatsByPreference.map(ContentNegotiation.mediaType(of:)).joined(separator: ", ")
            throw ServiceError(
                status: 406, code: "notAcceptable",
                message: "None of the accepted media types is available; available: \(types)."
            )
        }
        return format
    }

    /// The format an error body is written in: the requested one when there is one,
    /// else the negotiated one.
    static func formatForErrors(_ headers: RequestHeaders, formatName: String?) -> ScreenFormat? {
        if let name = formatName, let format = ContentNegotiation.format(named: name) { return format }
        if headers.hyperviewVersion != nil { return .hxml }
        return ContentNegotiation.format(forAccept: headers.accept)
    }
}
