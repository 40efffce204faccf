/// Back stacks: a screen and its parents, resolved from the root down.
extension ScreenRegistry {
    /// The back stack for `path`: the resolved chain from the root to the target, each
    /// route's parent pattern filled with the parameters carried down from its child
    /// (`/cards/7/detail` → `/home`, `/home/dashboard`, `/cards/7`, `/cards/7/detail`).
    ///
    /// Parents that lead back to a route already on the stack throw `.screenFailed`
    /// wrapping a ``RoutingLoop``.
    public func stack(
        for path: String, data: [String: String] = [:], context: TrustedContext = .anonymous
    ) throws(ScreenRegistryError) -> [RouteMatch] {
        try stack(endingAt: resolve(path, data: data, context: context), data: data)
    }

    /// The back stack ending at `target`, a match ``resolve(_:data:context:)-(String,_,_)`` returned:
    /// its parents are resolved with the caller's `data` and the match's context.
    public func stack(endingAt target: RouteMatch, data: [String: String] = [:]) throws(ScreenRegistryError) -> [RouteMatch] {
        var stack = [target]
        var carried = target.parameters
        var current = target
        var seen: Set<String> = [target.pattern]
        while let id = current.routeID, let parent = entries[id].parent {
            let parentPath = try Self.fill(parent, with: carried, from: parent)
            let match = try resolve(parentPath, data: data, context: target.context)
            guard seen.insert(match.pattern).inserted, !match.isFallback else {
                throw .screenFailed(path: target.path, underlying: RoutingLoop(chain: stack.reversed().map(\.path) + [parentPath]))
            }
            stack.insert(match, at: 0)
            carried.merge(match.parameters) { mine, _ in mine }
            current = match
        }
        return stack
    }

    /// Builds every screen of the back stack ending at `target`, root first, each with
    /// its normalised path: what `screen-registry render --stack` and the service's
    /// `?stack=1` render (`ScreenRendering`'s `renderStack`).
    public func stackScreens(
        endingAt target: RouteMatch, data: [String: String] = [:]
    ) async throws(ScreenRegistryError) -> [(path: String, screen: Screen)] {
        var screens: [(path: String, screen: Screen)] = []
        for match in try stack(endingAt: target, data: data) {
            screens.append((match.path, try await screen(for: match)))
        }
        return screens
    }
}
