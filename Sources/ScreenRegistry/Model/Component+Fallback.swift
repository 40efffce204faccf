extension Component {
    /// What a client that cannot render this component shows instead: an app version that
    /// lacks a custom view, an older client library. `.fallback { Text("Update the app to
    /// see this") }`; `.fallback {}` leaves the component out for such a client.
    public func fallback(@ComponentBuilder _ content: () -> [any Component]) -> Node {
        var node = self.node
        node.fallback = content().map(\.node)
        return node
    }
}

extension Node {
    /// The node as a client on `platform` gets it: every component and action marked for
    /// other platforms left out, from lists and properties alike; `nil` when this node is
    /// such a one itself.
    public func forPlatform(_ platform: Platforms) -> Node? {
        guard !platforms.isDisjoint(with: platform) else { return nil }
        var copy = self
        copy.properties = properties.compactMap { property in
            Self.forPlatform(property.value, platform).map { Property(property.name, $0) }
        }
        return copy
    }

    private static func forPlatform(_ value: Value, _ platform: Platforms) -> Value? {
        switch value {
        case .node(let node): node.forPlatform(platform).map(Value.node)
        case .list(let items): .list(items.compactMap { forPlatform($0, platform) })
        default: value
        }
    }
}
