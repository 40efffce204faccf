import ScreenRegistry
import ScreenRendering
import Testing

/// A type a client renders can still reach it as a view of the app's own: DivKit and
/// Hyperview load images by URL only, Hyperview's web view gets only web addresses, and a
/// touchable without the components its mapping puts the press on is the app's own view.
/// And an action a client has no equivalent for runs only where the format hands it to
/// the app's own code.
@Suite("Know the client: what a format hands to the app's own views and handlers")
struct AppViewFormTests {
    static func profile(_ format: ScreenFormat) -> ClientProfile {
        ClientProfile(format: format, platform: .ios, appVersion: Version("3.0"))
    }

    static func image(path: Node?) -> Node {
        Node(kind: .component, type: "beagle:image", properties: path.map { [.init("path", .node($0))] } ?? [])
    }

    /// Images, web views and touchables in every form the mappings tell apart, by name.
    static let variants: [(String, Node)] = [
        ("remote image", Image(url: "https://images.example.com/a.png").node),
        ("remote image with a bound URL", image(path: Node(kind: .imagePath, type: "remote", properties: [.init("url", .expression(.bind("user.avatar")))]))),
        ("local image", Image(named: "logo").node),
        ("remote path without a URL", image(path: Node(kind: .imagePath, type: "remote", properties: []))),
        ("remote path with a URL that is an object", image(path: Node(kind: .imagePath, type: "remote", properties: [.init("url", .node(.object([])))]))),
        ("image without a path", image(path: nil)),
        ("remote path for another platform", image(path: Node(kind: .imagePath, type: "remote", properties: [.init("url", .string("https://a.example/b.png"))], platforms: .android))),
        ("web view of a web address", WebView(url: "https://example.com/help").node),
        ("web view of a file", WebView(url: "file:///etc/hosts").node),
        ("web view of a bound URL", Node(kind: .component, type: "beagle:webView", properties: [.init("url", .expression(.bind("page.url")))])),
        ("touchable of a component", Touchable(action: .navigate(to: "/home")) { Text("Back") }.node),
        ("touchable of components", Touchable(action: .navigate(to: "/home")) { Text("Back"); Text("Home") }.node),
        ("touchable of a list of one component", touchable(child: .list([.node(Text("Back").node)]))),
        ("touchable of a list of two components", touchable(child: .list([.node(Text("Back").node), .node(Text("Home").node)]))),
        ("touchable of an empty list", touchable(child: .list([]))),
        ("touchable of text", touchable(child: .string("Back"))),
        ("touchable of an object", touchable(child: .node(.object([.init("text", .string("Back"))])))),
        ("touchable of a list with text", touchable(child: .list([.node(Text("Back").node), .string("Home")]))),
        ("touchable without a child", touchable(child: nil)),
    ]

    /// A touchable as an imported tree can hold one: `child` whatever it is, or none.
    static func touchable(child: Node.Value?) -> Node {
        var touchable = Touchable(action: .navigate(to: "/home")) { Text("Back") }.node
        touchable.properties.removeAll { $0.name == "child" }
        if let child { touchable.properties.append(.init("child", child)) }
        return touchable
    }

    /// What in each format's output is a view of the app's own.
    static let appViewMarks: [ScreenFormat: [String]] = [
        .divkit: [#""type":"custom""#],
        .hxml: ["<sr:local-image", "<sr:webView", "<sr:touchable"],
    ]

    @Test("The fit refuses exactly what the format would write, for the client's platform, as an undeclared app view", arguments: [ScreenFormat.divkit, .hxml])
    func fitAgreesWithTheMapping(format: ScreenFormat) throws {
        let fit = ClientFit(Self.profile(format), appComponents: AppComponents())
        let options = RenderOptions(platform: .ios)
        func writesAppView(_ screen: Node) throws -> Bool {
            let output = String(decoding: try format.renderBytes(screen, options: options), as: UTF8.self)
            return Self.appViewMarks[format, default: []].contains { output.contains($0) }
        }
        // An app that declares every form gets each variant; what it gets as the app's view
        // is exactly what the fit refuses an app that declares none.
        var everything = AppComponents()
        for name in ["beagle:image(local)", "beagle:webView", "beagle:touchable"] { everything.declare(name) }
        let declared = ClientFit(Self.profile(format), appComponents: everything)
        for (name, node) in Self.variants {
            let screen = Screen { node }.node
            let problems = fit.problems(in: screen)
            #expect(problems.map(\.type) == (try writesAppView(try declared.fit(screen)) ? [node.type] : []), "\(format): \(name)")
        }
        // With a fallback, what would have been written as the app's view is not.
        var withFallback = try #require(Self.variants.first { $0.0 == "remote path for another platform" }).1
        withFallback.fallback = [Text("Avatar").node]
        #expect(try fit.fit(Screen { withFallback }.node) == Screen { Text("Avatar") }.node)
    }

    @Test("A local image reaches DivKit and Hyperview only where the app declares beagle:image(local)")
    func localImage() throws {
        let screen = Screen { Image(named: "logo") }.node
        for format in [ScreenFormat.divkit, .hxml] {
            let undeclared = ClientFit(Self.profile(format), appComponents: AppComponents())
            do {
                _ = try undeclared.fit(screen)
                Issue.record("\(format): an undeclared local image was fitted")
            } catch {
                #expect(error.type == "beagle:image")
                #expect(error.reason == "this form of it is written as the app's own view beagle:image(local), which app 3.0 on IOS does not declare")
            }
            var app = AppComponents()
            app.declare("beagle:image(local)", since: Version("2.0"), on: .mobile)
            #expect(try ClientFit(Self.profile(format), appComponents: app).fit(screen) == screen, "\(format)")
        }
        // Beagle's clients draw an asset by its `mobileId` themselves.
        #expect(try ClientFit(Self.profile(.json), appComponents: AppComponents()).fit(screen) == screen)
    }

    @Test("An undeclared form gets its fallback; a web view of a web address needs no declaration in Hyperview")
    func fallbackAndWebView() throws {
        let fit = ClientFit(Self.profile(.hxml), appComponents: AppComponents())
        let withFallback = Screen { Image(named: "logo").fallback { Text("Logo") } }.node
        #expect(try fit.fit(withFallback) == Screen { Text("Logo") }.node)
        let web = Screen { WebView(url: "https://example.com/help") }.node
        #expect(try fit.fit(web) == web)
        let file = Screen { WebView(url: "file:///etc/hosts") }.node
        #expect(fit.problems(in: file).map(\.reason) == [
            "this form of it is written as the app's own view beagle:webView, which app 3.0 on IOS does not declare",
        ])
        var app = AppComponents()
        app.declare("beagle:webView")
        #expect(try ClientFit(Self.profile(.hxml), appComponents: app).fit(file) == file)
    }

    static func action(_ type: String, route: Node.Value?) -> Node {
        Node(kind: .action, type: type, properties: route.map { [.init("route", $0)] } ?? [])
    }

    static func routeObject(url: Node.Value) -> Node.Value {
        .node(.object([.init("url", url)]))
    }

    /// Navigations in every form HXML tells apart, by name; `item.link` is in the screen's
    /// context.
    static let navigations: [(String, Node)] = [
        ("push of a literal path", Action.navigate(to: "/profile/42").node),
        ("push of a bound URL", action("beagle:pushView", route: routeObject(url: .expression(.bind("item.link"))))),
        ("push of a URL of text and a binding", action("beagle:pushView", route: routeObject(url: .expression(BeagleExpression(parts: [.text("/posts/"), .binding("item.id")]))))),
        ("push of an operation", action("beagle:pushView", route: routeObject(url: .expression(BeagleExpression(parts: [.binding("concat('/posts/', item.link)")]))))),
        ("push of an operation not computed", action("beagle:pushView", route: routeObject(url: .expression(BeagleExpression(parts: [.binding("divide(item.id, 1)")]))))),
        ("push of a route without a URL", action("beagle:pushView", route: .node(.object([.init("shouldPrefetch", .bool(true))])))),
        ("push of a route that is a string", action("beagle:pushView", route: .string("/profile/42"))),
        ("push without a route", action("beagle:pushView", route: nil)),
        ("new stack of a literal path", action("beagle:pushStack", route: routeObject(url: .string("/home")))),
        ("new stack of a bound URL", action("beagle:pushStack", route: routeObject(url: .expression(.bind("item.link"))))),
        ("new stack of a URL that is an object", action("beagle:pushStack", route: routeObject(url: .node(.object([]))))),
        ("reset of a literal path", action("beagle:resetApplication", route: routeObject(url: .string("/home")))),
        ("reset of a URL that is a number", action("beagle:resetStack", route: routeObject(url: .int(42)))),
        ("reset without a route", action("beagle:resetApplication", route: nil)),
        ("back to a path", action("beagle:popToView", route: .string("/home"))),
        ("back to a binding", action("beagle:popToView", route: .expression(.bind("item.link")))),
        ("back to a number", action("beagle:popToView", route: .int(2))),
        ("native route of a name", action("beagle:openNativeRoute", route: .string("settings"))),
        ("native route of an object", action("beagle:openNativeRoute", route: .node(.object([])))),
        ("native route of a binding", action("beagle:openNativeRoute", route: .expression(.bind("item.route")))),
        ("back", Action.popView.node),
    ]

    /// A screen of a button that runs `action`, in a container whose context has `item`.
    static func buttonScreen(_ action: Node) -> Node {
        let button = Node(kind: .component, type: "beagle:button", properties: [.init("text", .string("Go")), .init("onPress", .list([.node(action)]))])
        let item: JSONValue = ["link": "/profile/7", "id": 9, "route": "settings/a b", "away": "//evil.example/x", "info": ["a": 1]]
        return Screen { Container(context: Context(id: "item", value: item)) { button } }.node
    }

    @Test("A navigation HXML can write no href for runs nowhere in Hyperview: the fit refuses exactly those, declared or not")
    func navigationsWithoutHref() throws {
        var app = AppComponents()
        for (_, node) in Self.navigations { app.declare(node.type) }
        let fit = ClientFit(Self.profile(.hxml), appComponents: app)
        for (name, node) in Self.navigations {
            let screen = Self.buttonScreen(node)
            let hxml = String(decoding: try ScreenFormat.hxml.renderBytes(screen), as: UTF8.self)
            #expect(fit.problems(in: screen).map(\.type) == (hxml.contains("<behavior") ? [] : [node.type]), "\(name)")
        }
        // A binding is resolved from the screen's contexts into the href.
        func written(_ action: Node) throws -> String {
            String(decoding: try ScreenFormat.hxml.renderBytes(Self.buttonScreen(action)), as: UTF8.self)
        }
        #expect(try written(Self.navigations[2].1).contains(#"<behavior trigger="press" action="push" href="/posts/9"/>"#))
        // Data never names another host, and a route from data is encoded as any href is.
        let away = Self.action("beagle:pushView", route: Self.routeObject(url: .expression(.bind("item.away"))))
        #expect(try written(away).contains(#"href="/evil.example/x""#))
        let native = Self.action("beagle:openNativeRoute", route: .expression(.bind("item.route")))
        #expect(try written(native).contains(#"action="deep-link" href="myapp://settings/a%20b""#))
        let unrouted = Self.buttonScreen(Self.action("beagle:pushView", route: .node(.object([]))))
        #expect(fit.problems(in: unrouted).map(\.reason) == [
            "hyperview has no equivalent for it with a route of no path, and its format hands it to no handler of the app's own",
        ])
        // DivKit hands it to the app, in the action's payload.
        #expect(try ClientFit(Self.profile(.divkit), appComponents: AppComponents()).fit(unrouted) == unrouted)
        // What the fit, which reads the tree's shape and not its data, lets through: a
        // binding to a path the data does not have, or has no text at. HXML writes no part
        // of such a path, and says so in the comment.
        for path in ["user.link", "item.info"] {
            let missing = Self.action("beagle:pushView", route: Self.routeObject(url: .expression(.bind(path))))
            #expect(fit.problems(in: Self.buttonScreen(missing)) == [])
            let comment = try written(missing)
            #expect(!comment.contains("<behavior") && comment.contains("unresolved @{\(path)}"), "\(path)")
        }
    }

    @Test("An action Hyperview has no behavior for runs nowhere in HXML, declared or not; DivKit hands it to the app")
    func appActions() throws {
        let track = Node(kind: .action, type: "custom:track", properties: [.init("event", .string("follow"))])
        func screen(_ action: Node) -> Node {
            Screen { Node(kind: .component, type: "beagle:button", properties: [.init("text", .string("Follow")), .init("onPress", .list([.node(action)]))]) }.node
        }
        var app = AppComponents()
        app.declare("custom:track")
        let hxml = String(decoding: try ScreenFormat.hxml.renderBytes(screen(track)), as: UTF8.self)
        #expect(hxml.contains("custom:track") && !hxml.contains("<behavior"))
        #expect(ClientFit(Self.profile(.hxml), appComponents: app).problems(in: screen(track)).map(\.reason) == [
            "hyperview has no equivalent for it, and its format hands it to no handler of the app's own",
        ])
        #expect(try ClientFit(Self.profile(.divkit), appComponents: app).fit(screen(track)) == screen(track))
        #expect(String(decoding: try ScreenFormat.divkit.renderBytes(screen(track)), as: UTF8.self).contains(#""event":"follow""#))
        // A fallback stands in, as for a component: here, nothing.
        var optional = track
        optional.fallback = []
        #expect(ClientFit(Self.profile(.hxml), appComponents: app).problems(in: screen(optional)) == [])
    }
}
