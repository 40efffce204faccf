/// One problem `check` found.
public struct LinkProblem: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Kind: String, Sendable, Hashable {
        /// A navigation target in a screen does not resolve.
        case brokenLink = "broken link"
        /// A redirect's target does not resolve.
        case brokenRedirect = "broken redirect"
        /// A parent pattern does not resolve.
        case brokenParent = "broken parent"
        /// A guard's screen does not resolve.
        case brokenGuard = "broken guard"
        /// The route never wins for its own sample paths.
        case shadowed
        /// The screen could not be built for a sample path.
        case screenFailed = "screen failed"
    }

    public var kind: Kind
    /// The route's pattern.
    public var route: String
    /// The sample path the route was checked with.
    public var samplePath: String
    /// Where the target appears, such as `button "Follow" onPress`; empty when not in a screen.
    public var location: String
    /// The target that failed, if any.
    public var target: String?
    /// Why it failed.
    public var message: String

    public var description: String {
        var text = "\(route) (\(samplePath)): \(kind.rawValue)"
        if !location.isEmpty { text += " in \(location)" }
        if let target { text += ": '\(target)'" }
        return text + ": " + message
    }
}

/// What `check` found.
public struct LinkCheckReport: Sendable {
    /// The routes checked.
    public var routesChecked = 0
    /// The navigation targets, redirects, parents and guards checked.
    public var linksChecked = 0
    /// Every problem, in route precedence order.
    public var problems: [LinkProblem] = []

    /// Whether nothing is broken.
    public var isClean: Bool { problems.isEmpty }
}

extension ScreenRegistry {
    /// Renders every route with sample parameters and reports every navigation target
    /// (navigate, push, reset, popToView, openNativeRoute), redirect, parent and guard
    /// that does not resolve, screens that fail to build, and routes that never win
    /// for their own sample paths (shadowed).
    ///
    /// Sample parameters come from `examples` (each entry the path parameters, and any
    /// other data, of one sample path; the `check` command asks the screen type), or,
    /// when it gives none, typed defaults (`1`, `1.5`, a fixed UUID, `example`).
    /// `progress` is called after each route with (done, total).
    public func checkLinks(
        examples: (any DeeplinkScreen.Type) -> [[String: String]] = { _ in [] },
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) async -> LinkCheckReport {
        var report = LinkCheckReport()
        let all = routes
        for (index, route) in all.enumerated() {
            await check(route, samples: Self.samples(for: route, examples: examples(route.screenType)), into: &report)
            report.routesChecked += 1
            progress?(index + 1, all.count)
        }
        return report
    }

    /// The link check of one route, as ``checkLinks(examples:progress:)`` makes it for
    /// each: at the route's sample paths (`examples`, else typed defaults).
    public func checkLinks(of route: Route, examples: [[String: String]] = []) async -> LinkCheckReport {
        var report = LinkCheckReport(routesChecked: 1)
        await check(route, samples: Self.samples(for: route, examples: examples), into: &report)
        return report
    }

    private func check(_ route: Route, samples: [[String: String]], into report: inout LinkCheckReport) async {
        for sample in samples {
            let path: String
            do {
                path = try Self.fill(route.pattern, with: sample, from: route.pattern)
            } catch {
                report.problems.append(LinkProblem(
                    kind: .screenFailed, route: route.pattern, samplePath: "-", location: "", target: nil,
                    message: "no sample path: \(error)"
                ))
                continue
            }
            func problem(_ kind: LinkProblem.Kind, _ location: String, _ target: String?, _ message: String) {
                report.problems.append(LinkProblem(
                    kind: kind, route: route.pattern, samplePath: path, location: location, target: target, message: message
                ))
            }
            let link: DeepLink
            do {
                link = try DeepLink(path)
            } catch {
                problem(.screenFailed, "", nil, error.description)
                continue
            }
            guard let match = firstMatch(link, data: sample, context: .anonymous) else {
                problem(.shadowed, "", nil, "its sample path matches no route (every candidate declines)")
                continue
            }
            guard match.pattern == route.pattern else {
                problem(.shadowed, "", nil, "'\(match.pattern)' wins for its sample path")
                continue
            }
            if let target = route.redirect {
                report.linksChecked += 1
                if let message = failure(resolving: { () throws(ScreenRegistryError) in
                    try Self.fill(target, with: match.parameters, from: route.pattern)
                }) {
                    problem(.brokenRedirect, "", target, message)
                }
                continue
            }
            if let routeGuard = route.routeGuard {
                report.linksChecked += 1
                if let message = failure(resolving: { () throws(ScreenRegistryError) in routeGuard.target }) {
                    problem(.brokenGuard, "", routeGuard.target, message)
                }
            }
            if let parent = route.parent {
                report.linksChecked += 1
                do {
                    _ = try stack(for: path, data: sample)
                } catch {
                    problem(.brokenParent, "", parent, error.description)
                }
            }
            let screen: Screen
            do {
                screen = try await self.screen(for: match)
            } catch {
                problem(.screenFailed, "", nil, error.description)
                continue
            }
            for (location, target) in Self.navigationTargets(in: screen.node) {
                report.linksChecked += 1
                if let message = failure(resolving: { () throws(ScreenRegistryError) in target }) {
                    problem(.brokenLink, location, target, message)
                }
            }
        }
    }

    /// Why the path `make` builds does not resolve to a screen, or `nil` when it does.
    private func failure(resolving make: () throws(ScreenRegistryError) -> String) -> String? {
        do {
            let match = try resolve(try make())
            return match.isFallback ? "no route matches; only the fallback would answer" : nil
        } catch {
            return error.description
        }
    }

    /// The sample paths of `route`: its pattern filled with each of `examples` (the path
    /// parameters and other data of one sample), or with typed defaults when there are
    /// none (`1`, `1.5`, a fixed UUID, `example`): what `check` renders a route at.
    public func samplePaths(for route: Route, examples: [[String: String]] = []) -> [(path: String, data: [String: String])] {
        Self.samples(for: route, examples: examples).compactMap { sample in
            (try? Self.fill(route.pattern, with: sample, from: route.pattern)).map { ($0, sample) }
        }
    }

    /// Sample parameter sets: the examples given, or typed defaults.
    static func samples(for route: Route, examples: [[String: String]]) -> [[String: String]] {
        if !examples.isEmpty { return examples }
        var sample: [String: String] = [:]
        for segment in route.parsed.segments {
            switch segment {
            case .parameter(let name): sample[name] = "example"
            case .typed(let name, .int): sample[name] = "1"
            case .typed(let name, .double): sample[name] = "1.5"
            case .typed(let name, .uuid): sample[name] = "123e4567-e89b-12d3-a456-426614174000"
            case .wildcard: sample["*"] = "any"
            case .literal, .catchAll: break
            }
        }
        return [sample]
    }

    /// Every navigation target in a tree, with where it appears.
    static func navigationTargets(in root: Node) -> [(location: String, target: String)] {
        var found: [(String, String)] = []
        func describe(_ node: Node) -> String {
            let type = node.type.hasPrefix("beagle:") ? String(node.type.dropFirst(7)) : node.type
            for name in ["text", "title", "id"] {
                if case .string(let text)? = node[property: name] { return "\(type) \"\(text)\"" }
            }
            return type
        }
        func visit(_ node: Node, component: String, property: String) {
            let here = node.kind == .component ? describe(node) : component
            if node.kind == .action {
                let location = component + (property.isEmpty ? "" : " \(property)")
                switch node.type {
                case "beagle:pushView", "beagle:pushStack", "beagle:resetApplication", "beagle:resetStack":
                    if case .node(let route)? = node[property: "route"], case .string(let url)? = route[property: "url"] {
                        found.append((location, url))
                    }
                case "beagle:popToView", "beagle:openNativeRoute":
                    if case .string(let route)? = node[property: "route"] { found.append((location, route)) }
                default:
                    break
                }
            }
            for item in node.properties {
                walk(item.value, component: here, property: node.kind == .component ? item.name : property)
            }
        }
        func walk(_ value: Node.Value, component: String, property: String) {
            switch value {
            case .node(let child): visit(child, component: component, property: property)
            case .list(let items): items.forEach { walk($0, component: component, property: property) }
            default: break
            }
        }
        visit(root, component: "screen", property: "")
        return found
    }
}
