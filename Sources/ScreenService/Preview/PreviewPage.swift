import ScreenRegistry
import ScreenRendering

/// The preview's pages as HTML: the index, a screen's page and an error page. Every
/// string from a request, a screen or the registry goes through `HTMLEscaping`; links
/// stay inside the preview; the pages need no script.
struct PreviewPage {
    /// Where the preview is mounted, such as `/preview`.
    let base: String
    /// The form's values: what the page shows.
    var path = ""
    var data = ""
    var client = PreviewClient()

    // MARK: Pages

    /// Every route with links to its sample paths, and the form.
    func index(_ routes: [(route: Route, samples: [(path: String, data: [String: String])])]) -> String {
        var rows = ""
        for (route, samples) in routes {
            let links = samples.map { sample in
                let extra = sample.data.filter { !route.parsed.parameterNames.contains($0.key) }
                return link(ScreenRegistry.pathWithQuery(sample.path, extra))
            }
            var kind = String(describing: route.screenType)
            if let redirect = route.redirect { kind = "redirect to " + redirect }
            rows += "<tr><td><code>\(text(route.pattern))</code></td><td>\(text(kind))</td><td>\(links.joined(separator: " "))</td></tr>\n"
        }
        return document(title: "Screens", body: """
            <section class="pv-section"><h2>Routes</h2>
            <p>Each route at its sample paths (those of <code>screen-registry check</code>). Open one, or type a path above.</p>
            <table class="pv-table"><thead><tr><th>Pattern</th><th>Screen</th><th>Samples</th></tr></thead>
            <tbody>
            \(rows)</tbody></table></section>

            """)
    }

    /// The closest route to an unknown path, and a sample path of it when it has one.
    struct Suggestion {
        var pattern: String
        var path: String?
    }

    /// One screen in a phone-sized frame beside its wire formats, its resolution, what the
    /// clients and the link checker say of it and what it cost. For the fallback screen,
    /// a notice heads the page, with `suggestion`.
    func screen(_ report: PreviewReport, suggestion: Suggestion? = nil) -> String {
        var body = ""
        if report.match.isFallback {
            body += "<p class=\"pv-notice\">No route matches <code>\(text(report.match.path))</code>: "
                + "the registry's fallback screen stands in, with status 404.\(closest(suggestion))</p>\n"
        }
        body += "<div class=\"pv-layout\">\n<div class=\"pv-phone\" role=\"region\" aria-label=\"The screen as a page\">\n"
        switch report.page {
        case .success(let page): body += page
        case .failure(let problem): body += "<p class=\"pv-problem\">This client cannot be shown the screen: \(text(problem.description))</p>\n"
        }
        body += "</div>\n<div class=\"pv-side\">\n"
        body += formats(report.renderings) + resolution(report) + clients(report.renderings) + links(report.links)
            + timing(report)
        body += "</div>\n</div>\n"
        return document(title: report.match.path, body: body)
    }

    /// An error: the status, what went wrong and, for an unknown path, a link to the
    /// closest route's sample path.
    func error(status: Int, reason: String, message: String, suggestion: Suggestion? = nil) -> String {
        var body = "<section class=\"pv-section pv-error\"><h2>\(status) \(text(reason))</h2>\n<p>\(text(message))</p>\n"
        if suggestion != nil { body += "<p class=\"pv-suggestion\">\(closest(suggestion))</p>\n" }
        body += "<p><a href=\"\(attribute(base))/\">Every route</a></p></section>\n"
        return document(title: "\(status) \(reason)", body: body)
    }

    // MARK: Sections of a screen's page

    /// The wire formats as tabs: radio buttons and CSS, no script.
    private func formats(_ renderings: [PreviewReport.Rendering]) -> String {
        var inputs = "", panels = ""
        for rendering in renderings {
            let format = rendering.profile.format, id = format.rawValue
            let checked = format == client.format ? " checked=\"checked\"" : ""
            inputs += "<input type=\"radio\" name=\"pv-tab\" id=\"pv-tab-\(id)\" class=\"pv-tab\"\(checked) />"
                + "<label for=\"pv-tab-\(id)\">\(text(Self.label(of: rendering.profile)))</label>\n"
            panels += "<div class=\"pv-panel\" id=\"pv-panel-\(id)\">"
            switch rendering.body {
            case .success(let document): panels += "<pre><code>\(text(document))</code></pre>"
            case .failure(let problem):
                panels += "<p class=\"pv-problem\">The service answers this client 500 unsupportedComponent: \(text(problem.description))</p>"
            }
            panels += "</div>\n"
        }
        return "<section class=\"pv-section pv-formats\"><h2>Wire formats</h2>\n" + inputs + panels + "</section>\n"
    }

    private func resolution(_ report: PreviewReport) -> String {
        let match = report.match
        var rows: [(String, String)] = [
            ("Path", "<code>\(text(match.path))</code>"),
            ("Pattern", match.isFallback ? "none: the fallback screen" : "<code>\(text(match.pattern))</code>"),
            ("Screen type", "<code>\(text(String(describing: match.screenType)))</code>"),
            ("Parameters", pairs(match.parameters)),
            ("Data", pairs(match.data)),
        ]
        if !match.redirects.isEmpty {
            rows.append(("Forwarded from", match.redirects.map(link).joined(separator: " → ") + " (redirects and guards)"))
        }
        if let routeGuard = report.route?.routeGuard {
            rows.append(("Guard", text(routeGuard.description) + ": satisfied by this request, else " + link(routeGuard.target)))
        }
        switch report.stack {
        case .success(let stack): rows.append(("Back stack", stack.map { link($0.path) }.joined(separator: " → ")))
        case .failure(let error): rows.append(("Back stack", "<span class=\"pv-problem\">\(text(error.description))</span>"))
        }
        let table = rows.map { "<tr><th>\($0.0)</th><td>\($0.1)</td></tr>" }.joined(separator: "\n")
        return "<section class=\"pv-section\"><h2>Resolution</h2>\n<table class=\"pv-table pv-facts\">\n\(table)\n</table></section>\n"
    }

    /// What `check --client` reports for this screen, for each format's client.
    private func clients(_ renderings: [PreviewReport.Rendering]) -> String {
        var items = ""
        for rendering in renderings {
            items += "<li><strong>\(text(rendering.profile.description))</strong>: "
            if rendering.problems.isEmpty {
                items += "every component renders</li>\n"
            } else {
                let problems = rendering.problems.map { "<li>\(text("\($0.path): cannot render \($0.type): \($0.reason)"))</li>" }
                items += "\(rendering.problems.count) cannot be rendered<ul>\(problems.joined())</ul></li>\n"
            }
        }
        return "<section class=\"pv-section pv-clients\"><h2>Clients</h2>\n<ul>\n\(items)</ul></section>\n"
    }

    private func links(_ report: LinkCheckReport?) -> String {
        guard let report else { return "" }
        let summary = "\(report.linksChecked) links, redirects, parents and guards checked at the route's sample paths: "
        guard !report.isClean else {
            return "<section class=\"pv-section pv-links\"><h2>Links</h2>\n<p>\(summary)none broken.</p></section>\n"
        }
        let items = report.problems.map { "<li>\(text($0.description))</li>" }.joined(separator: "\n")
        return "<section class=\"pv-section pv-links\"><h2>Links</h2>\n<p>\(summary)\(report.problems.count) problems.</p>\n<ul>\n\(items)\n</ul></section>\n"
    }

    private func timing(_ report: PreviewReport) -> String {
        let each = report.renderings.map { "\(text($0.profile.format.rawValue)) \(Self.shown($0.milliseconds)) ms" }
        return "<section class=\"pv-section pv-time\"><h2>Time</h2>\n<p>Built in \(Self.shown(report.buildMilliseconds)) ms; "
            + "fitted and written: \(each.joined(separator: ", ")).</p></section>\n"
    }

    // MARK: Parts

    /// A whole page: the screens' stylesheet and the preview's, the form, then `body`.
    private func document(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>\(text(title)) · ScreenRegistry preview</title>
        <style>\(HTMLRenderer.stylesheet)\(Self.stylesheet)</style>
        </head>
        <body class="pv">
        <header class="pv-top"><a class="pv-home" href="\(attribute(base))/">ScreenRegistry preview</a>
        \(form())</header>
        \(body)</body>
        </html>

        """
    }

    /// The form: a path, data and a client, sent to the index, which shows that screen.
    private func form() -> String {
        let formats = ScreenFormat.allCases.map { option($0.rawValue, $0.rawValue, selected: $0 == client.format) }.joined()
        let platforms = [("", "any platform"), ("IOS", "iOS"), ("ANDROID", "Android"), ("WEB", "web")].map {
            option($0.0, $0.1, selected: client.platform.map(\.description) ?? "" == $0.0)
        }.joined()
        return """
            <form class="pv-form" method="get" action="\(attribute(base))/">
            <label>Path <input name="path" value="\(attribute(path))" placeholder="/profile/42" /></label>
            <label>Data <input name="data" value="\(attribute(data))" placeholder="tab=posts" /></label>
            <label>Format <select name="preview.format">\(formats)</select></label>
            <label>Client version <input name="preview.version" size="8" value="\(attribute(client.version?.description ?? ""))" placeholder="latest" /></label>
            <label>Platform <select name="preview.platform">\(platforms)</select></label>
            <label>App version <input name="preview.app" size="8" value="\(attribute(client.appVersion?.description ?? ""))" placeholder="any" /></label>
            <button type="submit">Preview</button>
            </form>
            """
    }

    /// ` The closest route is profile/:userId: /profile/example.`, linked.
    private func closest(_ suggestion: Suggestion?) -> String {
        guard let suggestion else { return "" }
        return " The closest route is <code>\(text(suggestion.pattern))</code>" + (suggestion.path.map { ": " + link($0) } ?? "") + "."
    }

    private func option(_ value: String, _ label: String, selected: Bool) -> String {
        "<option value=\"\(attribute(value))\"\(selected ? " selected=\"selected\"" : "")>\(text(label))</option>"
    }

    /// A link to the preview of an in-app path; the path as text when it is not one.
    private func link(_ path: String) -> String {
        guard let href = HTMLEscaping.appPath(path, base: base) else { return "<code>\(text(path))</code>" }
        return "<a href=\"\(attribute(href))\">\(text(path))</a>"
    }

    private func pairs(_ values: [String: String]) -> String {
        values.isEmpty ? "none" : values.sorted { $0.key < $1.key }.map { "<code>\(text($0.key))=\(text($0.value))</code>" }.joined(separator: " ")
    }

    private func text(_ string: String) -> String { HTMLEscaping.text(string) }
    private func attribute(_ string: String) -> String { HTMLEscaping.attribute(string) }

    /// `json (beagle)`: the format and, when it differs, its client's name.
    static func label(of profile: ClientProfile) -> String {
        let client = profile.capabilities.client
        return client == profile.format.rawValue ? client : "\(profile.format.rawValue) (\(client))"
    }

    /// Milliseconds to two decimals.
    static func shown(_ milliseconds: Double) -> String {
        String((milliseconds * 100).rounded() / 100)
    }

    /// The preview's own style: a phone-sized frame beside the sections, and the tabs.
    static let stylesheet: String = {
        var css = """
            body.pv{font-family:system-ui,sans-serif;margin:0;background:#f3f3f5;color:#222}\
            .pv-top{display:flex;flex-wrap:wrap;gap:12px;align-items:center;padding:8px 16px;background:#222;color:#eee}\
            .pv-home{color:#fff;font-weight:bold;text-decoration:none}.pv-form{display:flex;flex-wrap:wrap;gap:8px;align-items:center}\
            .pv-form label{font-size:.8rem}.pv-form input,.pv-form select{font-size:.9rem}\
            .pv-layout{display:flex;flex-wrap:wrap;gap:24px;padding:16px;align-items:flex-start}\
            .pv-phone{flex:0 0 auto;width:375px;height:720px;overflow:auto;background:#fff;border:12px solid #222;border-radius:36px;box-sizing:content-box}.pv-phone .sr-screen{padding:0 12px 12px}\
            .pv-side{flex:1 1 480px;min-width:0}.pv-section{background:#fff;border-radius:8px;padding:8px 16px;margin:0 0 16px}\
            .pv-section h2{font-size:1rem}.pv-table{border-collapse:collapse}.pv-table th,.pv-table td{text-align:left;vertical-align:top;padding:4px 8px;border-bottom:1px solid #eee}\
            .pv-problem{color:#a00}.pv-notice{margin:16px;padding:8px 16px;background:#fff4d6;border-radius:8px}\
            .pv-tab{position:absolute;opacity:0}.pv-formats label{display:inline-block;padding:4px 10px;margin:0 4px 4px 0;border:1px solid #ccc;border-radius:4px;cursor:pointer}\
            .pv-tab:checked+label{background:#222;color:#fff}.pv-panel{display:none}.pv-panel pre{max-height:480px;overflow:auto;background:#f7f7f7;padding:8px;font-size:.8rem}
            """
        for format in ScreenFormat.allCases {
            css += "#pv-tab-\(format.rawValue):checked~#pv-panel-\(format.rawValue){display:block}"
        }
        return css
    }()
}
