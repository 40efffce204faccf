import Foundation
import ScreenRegistry
import ScreenRendering
import Screens
import Testing

@Suite("The sample catalog")
struct CatalogTests {
    /// A concrete path for every pattern of the catalog.
    static func samplePath(for route: Route) -> String {
        let segments = route.parsed.segments.map { segment -> String in
            switch segment {
            case .literal(let text): text
            case .typed(_, .int): "7"
            case .typed(_, .double): "1.5"
            case .typed(_, .uuid): "123e4567-e89b-12d3-a456-426614174000"
            case .parameter(let name): "sample-\(name)"
            case .wildcard: "any"
            case .catchAll: ""
            }
        }
        return DeepLink.path(of: segments.filter { !$0.isEmpty })
    }

    /// Every navigation target in a node tree.
    static func targets(in node: Node) -> [String] {
        var found: [String] = []
        func walk(_ value: Node.Value) {
            switch value {
            case .node(let child): visit(child)
            case .list(let items): items.forEach(walk)
            default: break
            }
        }
        func visit(_ node: Node) {
            if node.type == "beagle:pushView", case .node(let route)? = node[property: "route"],
                case .string(let url)? = route[property: "url"]
            {
                found.append(url)
            }
            node.properties.forEach { walk($0.value) }
        }
        visit(node)
        return found
    }

    @Test("It has the screens of the deep-link literature")
    func patterns() {
        #expect(Set(Catalog.registry.routes.map(\.pattern)) == [
            "profile/:userId", "follow/:userId", "retweet/:tweetId", "home", "home/dashboard",
            "cards/:cardId(int)", "cards/:cardId(int)/detail", "settings", "login", "login/registration",
            "products", "products/:productId", "payment", "text", "u/:userId",
        ])
    }

    @Test("Every route renders, and every button and link navigates to a path the catalog resolves")
    func linksResolve() async throws {
        var checked = 0
        for route in Catalog.registry.routes {
            let path = Self.samplePath(for: route)
            let match = try Catalog.registry.resolve(path, context: TrustedContext(session: "s1"))
            #expect(!match.isFallback, "\(path)")
            // A route wins for its own sample path; a redirect hands it on to its target.
            let expected = try route.redirect.map { try RoutePattern($0).description } ?? route.pattern
            #expect(try RoutePattern(match.pattern).description == (try RoutePattern(expected).description), "\(path) resolved to \(match.pattern)")
            let screen = try await Catalog.registry.screen(for: match)
            _ = try TextRenderer().render(screen)
            for target in Self.targets(in: screen.node) {
                let resolved = try Catalog.registry.resolve(target)
                #expect(!resolved.isFallback, "\(route.pattern) links to \(target), which nothing handles")
                checked += 1
            }
        }
        #expect(checked > 20)
        // The registry's own checker agrees.
        let report = await Catalog.registry.checkLinks()
        #expect(report.isClean, "\(report.problems)")
        #expect(report.routesChecked == Catalog.registry.routes.count)
    }

    @Test("Links stay resolvable for hostile parameter values")
    func hostileParameters() async throws {
        let userId = "a/b c?d#e%f"
        let screen = try await Catalog.registry.screen(for: DeepLink.path(of: ["profile", userId]))
        let follows = try Self.targets(in: screen.node).map { try Catalog.registry.resolve($0) }
            .filter { $0.pattern == "follow/:userId" }
        #expect(follows.count == 1)
        #expect(follows.map { $0.parameters["userId"] } == [userId])
    }

    @Test("The profile shows the user id")
    func profile() async throws {
        let output = try TextRenderer().render(try await Catalog.registry.screen(for: "myapp://profile/42"))
        #expect(output.contains("text=\"User 42\""))
    }

    @Test("Cards take integer ids only; an unknown path gets the fallback screen, never a catch-all route")
    func unknown() throws {
        for path in ["/cards/gold", "/nothing/here", "/profile", "/products/p1/extra"] {
            let match = try Catalog.registry.resolve(path)
            #expect(match.isFallback, "\(path)")
            #expect(match.data["path"] == path)
        }
        #expect(try Catalog.registry.resolve("/cards/gold").data["suggestion"] == "cards/:cardId(int)")
        #expect(!Catalog.registry.routes.contains { $0.parsed.segments.contains(.catchAll) })
    }

    @Test("The coordinator flows restore the whole stack")
    func stacks() throws {
        #expect(try Catalog.registry.stack(for: "/cards/7/detail").map(\.path) == [
            "/home", "/home/dashboard", "/cards/7", "/cards/7/detail",
        ])
        #expect(try Catalog.registry.stack(for: "myapp://follow/42").map(\.path) == ["/home", "/profile/42", "/follow/42"])
        #expect(try Catalog.registry.stack(for: "/u/42").map(\.path) == ["/home", "/profile/42"])
    }

    @Test("Every in-app URL in the catalog's DivKit documents resolves in the catalog")
    func divKitLinks() async throws {
        var followed = 0
        for route in Catalog.registry.routes {
            let match = try Catalog.registry.resolve(Self.samplePath(for: route), context: TrustedContext(session: "s1"))
            let screen = try await Catalog.registry.screen(for: match)
            let json = try DivKitRenderer(appScheme: "myapp", usesTemplates: false).render(screen)
            var urls: [String] = []
            func collect(_ value: Any) {
                if let object = value as? [String: Any] {
                    if object["log_id"] != nil, let url = object["url"] as? String, url.hasPrefix("myapp://") { urls.append(url) }
                    object.values.forEach(collect)
                } else if let list = value as? [Any] {
                    list.forEach(collect)
                }
            }
            collect(try JSONSerialization.jsonObject(with: Data(json.utf8)))
            for url in urls {
                // The client's handler hands the URL back; the registry reads its host as the first segment.
                let resolved = try Catalog.registry.resolve(url)
                #expect(!resolved.isFallback, "\(route.pattern) links to \(url), which nothing handles")
                followed += 1
            }
        }
        #expect(followed > 20)
    }

    @Test("Every href in the catalog's Hyperview documents resolves in the catalog")
    func hyperviewLinks() async throws {
        var followed = 0
        for route in Catalog.registry.routes {
            let match = try Catalog.registry.resolve(Self.samplePath(for: route), context: TrustedContext(session: "s1"))
            let xml = try HXMLRenderer(compact: true).render(try await Catalog.registry.screen(for: match))
            for piece in xml.components(separatedBy: #" href=""#).dropFirst() {
                let raw = piece.prefix { $0 != "\"" }
                let href = raw.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                    .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
                // `#` is back or close without a reload; web addresses leave the app.
                guard href != "#", !href.hasPrefix("https://") else { continue }
                #expect(href.hasPrefix("/") && !href.hasPrefix("//"), "\(route.pattern): \(href)")
                // Hyperview loads the href from the service, which resolves it as a deep link.
                let resolved = try Catalog.registry.resolve(href, context: TrustedContext(session: "s1"))
                #expect(!resolved.isFallback, "\(route.pattern) links to \(href), which nothing handles")
                followed += 1
            }
        }
        #expect(followed > 20)
    }

    @Test("Payment needs a session; without one the login screen shows and returns to payment")
    func paymentGuard() async throws {
        let guarded = try Catalog.registry.resolve("/payment?product=p1")
        #expect(guarded.pattern == "login")
        #expect(guarded.data["next"] == "/payment?product=p1")
        #expect(guarded.redirects == ["/payment"])
        let screen = try await Catalog.registry.screen(for: guarded)
        #expect(Self.targets(in: screen.node).contains("/payment?product=p1"))
        // Only the trusted context opens it: a session in the query or the data does not.
        #expect(try Catalog.registry.resolve("/payment?product=p1&session=s1").pattern == "login")
        #expect(try Catalog.registry.resolve("/payment?product=p1", data: ["session": "s1"]).pattern == "login")
        #expect(try Catalog.registry.resolve("/payment?product=p1", context: TrustedContext(session: "s1")).pattern == "payment")
    }

    @Test("The login screen only returns to paths of this app that resolve")
    func openRedirect() async throws {
        for next in [
            "https://evil.example/", "//evil.example/x", "javascript:alert(1)", "/\\evil.example", "/%5Cevil.example",
            "/%2F%2Fevil.example", "/home%0d%0aX: y", "/nowhere",
        ] {
            let screen = try await Catalog.registry.screen(for: "/login", data: ["next": next])
            #expect(Self.targets(in: screen.node).first == "/home", "\(next)")
        }
        // The same through the query, as a client would send it.
        let query = try await Catalog.registry.screen(for: "/login?next=/%5Cevil.example")
        #expect(Self.targets(in: query.node).first == "/home")
        let good = try await Catalog.registry.screen(for: "/login", data: ["next": "/payment?product=p1"])
        #expect(Self.targets(in: good.node).first == "/payment?product=p1")
    }

    @Test("u/:userId redirects to the profile")
    func shortLink() throws {
        let match = try Catalog.registry.resolve("/u/42?tab=likes")
        #expect(match.pattern == "profile/:userId")
        #expect(match.parameters == ["userId": "42"])
        #expect(match.data["tab"] == "likes")
        #expect(match.redirects == ["/u/42"])
    }
}

@Suite("The sample catalog and user data")
struct CatalogDataTests {
    @Test("Data from the path cannot inject a Beagle expression")
    func noInjection() async throws {
        let screen = try await Catalog.registry.screen(for: DeepLink.path(of: ["profile", "@{secret}"]) + "?tab=@{x}")
        let json = try BeagleJSONRenderer().render(screen)
        #expect(json.contains(#""text":"User \\@{secret}""#))
        #expect(json.contains(#""text":"Showing \\@{x}""#))
        #expect(!json.contains(#"" @{"#))
        // Backslashes in the data do not turn the escape off: \@{secret} gets three, \\@{x} five.
        let tricky = try await Catalog.registry.screen(for: "/profile/%5C@%7Bsecret%7D?tab=%5C%5C@%7Bx%7D")
        let trickyJSON = try BeagleJSONRenderer().render(tricky)
        #expect(trickyJSON.contains(#""text":"User \\\\\\@{secret}""#))
        #expect(trickyJSON.contains(#""text":"Showing \\\\\\\\\\@{x}""#))
    }
}
