import ScreenRegistry

/// Actions: navigation becomes an in-app URL the client's action handler opens;
/// what DivKit does itself (`set_variable`) becomes a typed action; the rest (back,
/// alerts, requests) is a `payload` for the host application, named by `log_id`.
extension DivKitMapping {
    /// The DivKit actions of a list of action nodes; `enabled: false` disables them.
    func actions(_ value: Node.Value?, enabled: Bool? = nil) -> DivJSON? {
        guard case .list(let items)? = value else { return nil }
        let actions = items.compactMap { item -> DivJSON? in
            guard case .node(let node) = item, isIncluded(node) else { return nil }
            var action = self.action(node)
            if enabled == false, case .object(var members) = action {
                members.append(.init("is_enabled", .bool(false)))
                action = .object(members)
            }
            return action
        }
        return actions.isEmpty ? nil : .array(actions)
    }

    /// One action.
    func action(_ node: Node) -> DivJSON {
        let name = node.type.hasPrefix("beagle:") ? String(node.type.dropFirst(7)) : node.type
        var action = DivObject()
        action.add("log_id", .string(DivKitExpression.escaped(name)))
        var properties = Properties(node.properties)
        switch node.type {
        case "beagle:pushView", "beagle:pushStack", "beagle:resetApplication", "beagle:resetStack":
            if let route = properties.takeNode("route"), case .string(let path)? = route[property: "url"] {
                action.add("url", url(forPath: path))
                action.add("payload", .object([.init("navigation", .string(name))]))
            } else {
                let rest = properties.takeAll { _ in true }
                action.add("payload", .object(rest.map { .init($0.name, raw($0.value)) } + [.init("navigation", .string(name))]))
            }
        case "beagle:openExternalURL":
            // Only web addresses are opened as such: any other scheme (javascript:, file:,
            // an intent) from data goes to the host application as a payload instead.
            if let address = properties.takeString("url") {
                let lowered = address.lowercased()
                if lowered.hasPrefix("https://") || lowered.hasPrefix("http://") {
                    action.add("url", .string(DivKitExpression.escaped(address)))
                } else {
                    action.add("payload", .object([.init("url", .string(address))]))
                }
            }
        case "beagle:setContext":
            guard let variable = properties.takeString("contextId") else { break }
            let value = typedValue(properties.takeAny("value"))
            if let key = properties.takeString("path") {
                action.add("typed", .object([
                    .init("type", .string("dict_set_value")), .init("variable_name", .string(DivKitExpression.escaped(variable))),
                    .init("key", .string(DivKitExpression.escaped(key))), .init("value", value),
                ]))
            } else {
                action.add("typed", .object([
                    .init("type", .string("set_variable")), .init("variable_name", .string(DivKitExpression.escaped(variable))),
                    .init("value", value),
                ]))
            }
        default:
            break
        }
        // Back, alerts, native routes, requests, custom actions and whatever else is
        // left: for the host application, in the payload.
        if !properties.isEmpty {
            let extra = properties.remaining.map { DivJSON.Member($0.name, rawAction($0.value)) }
            if case .object(let existing)? = action.members.first(where: { $0.key == "payload" })?.value {
                action.members.removeAll { $0.key == "payload" }
                action.add("payload", .object(existing + extra))
            } else {
                action.add("payload", .object(extra))
            }
        } else if action.members.count == 1 {
            action.add("payload", .object([]))
        }
        return action.json
    }

    /// `myapp://profile/42` for `/profile/42`: the host is the first segment, as in the
    /// registry's own reading of URLs, so the client's handler can pass it straight back.
    func url(forPath path: String) -> DivJSON {
        let trimmed = path.drop { $0 == "/" }
        return .string(DivKitExpression.escaped(appScheme + "://" + trimmed))
    }

    /// Nested actions (an alert's buttons) are mapped too; other values pass through.
    private func rawAction(_ value: Node.Value) -> DivJSON {
        if case .list(let items) = value, items.contains(where: { if case .node(let node) = $0 { node.kind == .action } else { false } }) {
            return actions(value) ?? .array([])
        }
        return raw(value)
    }

    /// A DivKit typed value (`{"type": "string", "value": …}`) for `set_variable`.
    private func typedValue(_ value: Node.Value?) -> DivJSON {
        switch value {
        case .int(let number)?: .object([.init("type", .string("integer")), .init("value", .int(number))])
        case .double(let number)? where number.isFinite: .object([.init("type", .string("number")), .init("value", .double(number))])
        case .bool(let flag)?: .object([.init("type", .string("boolean")), .init("value", .bool(flag))])
        case .list(let items)?: .object([.init("type", .string("array")), .init("value", .array(items.map(raw)))])
        case .node(let object)?: .object([
            .init("type", .string("dict")), .init("value", .object(object.properties.map { .init($0.name, raw($0.value)) })),
        ])
        default: .object([.init("type", .string("string")), .init("value", text(value) ?? .string(""))])
        }
    }
}
