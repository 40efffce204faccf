import ScreenRegistry
import ScreenRendering

/// A request to the preview, parsed once: the index, or a screen for a client.
///
/// Below the preview's mount point, `/profile/42?tab=posts` is the screen at that link.
/// The form on every page sends `path` and `data` (`tab=posts`) to the index instead, so
/// that a path typed by hand needs no script. Either way the `preview.` items name the
/// client (``PreviewClient``) and never reach the screen.
struct PreviewRequest {
    /// What the request asks for.
    enum Page {
        /// Every route, with sample links, and the form.
        case index
        /// One screen, beside its wire formats and what the registry and checks say of it.
        case screen(DeepLink)
    }

    var page: Page
    var client: PreviewClient

    /// Parses `target`, the path and query below the mount point; a malformed one, or a
    /// malformed `path` from the form, is `.invalidPath`.
    init(_ target: String) throws(ScreenRegistryError) {
        var link = try DeepLink(target)
        client = PreviewClient(taking: &link.query)
        guard link.segments.isEmpty else {
            page = .screen(link)
            return
        }
        guard let path = link.query["path"], !path.isEmpty else {
            page = .index
            return
        }
        let data = link.query["data"] ?? ""
        let separator = path.contains("?") ? "&" : "?"
        page = .screen(try DeepLink(data.isEmpty ? path : path + separator + data))
    }
}

/// The client a preview is for, from the `preview.` query items: which format's tab is
/// shown first and which version of its client library (`preview.format`,
/// `preview.version`), the platform (`preview.platform`) and the app's version
/// (`preview.app`). A value that does not read is left out, and the page says what it used.
struct PreviewClient: Equatable {
    var format: ScreenFormat = ContentNegotiation.defaultFormat
    var version: Version?
    /// The version as given (`0.85.0`), as a client's header would send it.
    var versionName: String?
    var platform: Platforms?
    var appVersion: Version?

    init() {}

    /// The client named by the `preview.` items of `query`, which it removes.
    init(taking query: inout [String: String]) {
        if let name = query.removeValue(forKey: "preview.format"), let format = ContentNegotiation.format(named: name) {
            self.format = format
        }
        versionName = query.removeValue(forKey: "preview.version")
        version = versionName.flatMap(Version.init)
        if version == nil { versionName = nil }
        platform = query.removeValue(forKey: "preview.platform").flatMap(Platforms.init(name:))
        appVersion = query.removeValue(forKey: "preview.app").flatMap(Version.init)
    }

    /// What the client of `format` is: the version applies to the chosen format's client only.
    func profile(for format: ScreenFormat) -> ClientProfile {
        ClientProfile(
            format: format, platform: platform, clientVersion: format == self.format ? version : nil, appVersion: appVersion)
    }
}
