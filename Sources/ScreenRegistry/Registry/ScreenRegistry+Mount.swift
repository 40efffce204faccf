/// Feature registries: each feature owns and registers its own links.
extension ScreenRegistry {
    /// Adds every route of `feature` under `prefix` (`mount(cards, at: "home")` turns
    /// `cards/:id` into `home/cards/:id`), with its parents, guards and redirects.
    ///
    /// Inside the feature, parent patterns, guard targets and redirect targets are
    /// relative to it and get the prefix too; one that starts with `/` is absolute and
    /// stays as it is. The feature's fallback is not mounted. Nothing is added when any
    /// route conflicts: the `.duplicateRoute` names the mounted pattern and the route
    /// already registered.
    public mutating func mount(_ feature: ScreenRegistry, at prefix: String) throws(ScreenRegistryError) {
        let prefixPattern = try RoutePattern(prefix)
        if prefixPattern.segments.contains(.catchAll) {
            throw .invalidPattern(pattern: prefix, reason: "a mount prefix cannot contain '**'")
        }
        let base = Self.trimmed(prefix)
        func relocate(_ pattern: String) -> String {
            pattern.hasPrefix("/") ? pattern : Self.join(base, pattern)
        }
        var result = self
        for route in feature.entries {
            let pattern = Self.join(base, route.pattern)
            var routeGuard = route.routeGuard
            if let target = routeGuard?.target { routeGuard?.target = relocate(target) }
            try result.add(Route(
                pattern: pattern, parsed: try RoutePattern(pattern), screenType: route.screenType,
                parent: route.parent.map(relocate), routeGuard: routeGuard, redirect: route.redirect.map(relocate)
            ))
        }
        self = result
    }

    private static func trimmed(_ pattern: String) -> String {
        pattern.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/")
    }

    private static func join(_ base: String, _ pattern: String) -> String {
        let tail = trimmed(pattern)
        if base.isEmpty { return tail.isEmpty ? "/" : tail }
        return tail.isEmpty ? base : base + "/" + tail
    }
}
