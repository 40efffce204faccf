import ScreenRegistry

/// Actions: navigation becomes an in-app URL the client's action handler opens;
/// what DivKit does itself (`set_variable`) becomes a typed action; the rest (back,
/// alerts, requests) is a `payload` for the host application, named by `log_id`.
extension DivKitMapping {
    /// The items of `value` when it is a list with a node for this platform, which
    /// become DivKit actions; `nil` otherwise (the value stays for the extension).
    func actionItems(_ value: Node.Value) -> [Node.Value]? {
        guard case .list(let items) = value, items.contains(where: { isIncludedNode($0) }) else { return nil }
        return items
    }

    private func isIncludedNode(_ value: Node.Value) -> Bool {
        if case .node(let node) = value { return isIncluded(node) }
        return false
    }

    /// Writes `key`: the DivKit actions of the action nodes in `items`, when there are
    /// any; `enabled: false` disables them. `eventValue` names the variable that holds the
    /// event's implicit context, which the actions' bindings read whole.
    mutating func addActions(_ key: StaticString, _ items: [Node.Value]?, enabled: Bool? = nil, reading eventValue: String? = nil) {
        guard let items else { return }
        document.key(key)
        if let eventValue { scope.push(eventValue, .string("")) }
        writeActions(items, enabled: enabled)
        if eventValue != nil { scope.pop() }
    }

    private mutating func writeActions(_ items: [Node.Value], enabled: Bool?) {
        document.beginArray()
        for case .node(let node) in items where isIncluded(node) { action(node, enabled: enabled) }
        document.endArray()
    }

    /// What an action's payload starts with, before what the mapping did not take.
    private enum PayloadStart {
        /// Nothing: the payload, if any, is what the mapping did not take.
        case none
        /// Navigation to an in-app URL: its name.
        case navigation(String)
        /// Navigation without a route URL: its properties, then its name.
        case unrouted([Node.Property], navigation: String)
        /// An address that is not a web address, for the host application.
        case url(String)
    }

    /// Writes one action.
    private mutating func action(_ node: Node, enabled: Bool?) {
        // Read as bytes: the prefix is ASCII, and a String would count its characters to drop it.
        // Any other type whole, a bare one as the custom one it is: no two share a name.
        let name = node.type.hasPrefix("beagle:") ? String(decoding: node.type.utf8.dropFirst(7), as: UTF8.self) : Node.qualifiedType(node.type)
        document.beginObject()
        document.add("log_id", DivKitExpression.escaped(name))
        var properties = Properties(node.properties)
        var payload = PayloadStart.none
        var wroteMember = false
        switch node.type {
        case "beagle:pushView", "beagle:pushStack", "beagle:resetApplication", "beagle:resetStack":
            // A route without a URL (a screen of its own) goes to the payload with the rest.
            if let path = properties.take("route", { value -> String? in
                guard case .node(let route) = value, case .string(let path)? = route[property: "url"] else { return nil }
                return path
            }) {
                writeURL(forPath: path)
                wroteMember = true
                payload = .navigation(name)
            } else {
                payload = .unrouted(properties.takeAll { _ in true }.filter { isIncluded($0.value) }, navigation: name)
            }
        case "beagle:openExternalURL":
            // Only web addresses are opened as such: any other scheme (javascript:, file:,
            // an intent) from data goes to the host application as a payload instead.
            if let address = properties.takeString("url") {
                if address.isWebAddress {
                    document.add("url", DivKitExpression.escaped(address))
                    wroteMember = true
                } else {
                    payload = .url(address)
                }
            }
        case "beagle:setContext":
            // DivKit sets a variable, or one key of a dictionary variable (`dict_set_value`'s
            // `key`): a deeper path (`address.city`, `items[0]`) has no action, and goes to
            // the host application with the rest, never to a key of that whole name.
            if case .string(let path)? = node[property: "path"], path.contains(where: { $0 == "." || $0 == "[" }) { break }
            guard let variable = properties.takeString("contextId") else { break }
            let value = typedValue(properties.takeAny("value"))
            document.beginFreeForm()
            defer { document.endFreeForm() }
            if let key = properties.takeString("path") {
                document.add("typed", .object([
                    .init("type", .string("dict_set_value")), .init("variable_name", .string(DivKitExpression.escaped(variable))),
                    .init("key", .string(DivKitExpression.escaped(key))), .init("value", value),
                ]))
            } else {
                document.add("typed", .object([
                    .init("type", .string("set_variable")), .init("variable_name", .string(DivKitExpression.escaped(variable))),
                    .init("value", value),
                ]))
            }
            wroteMember = true
        default:
            break
        }
        // Back, alerts, native routes, requests, custom actions and whatever else is
        // left for this platform: for the host application, in the payload, after what it
        // starts with.
        let rest = properties.isEmpty ? [] : properties.remaining.filter { isIncluded($0.value) }
        // An action with nothing but its name still gets a payload, empty.
        if case .none = payload, rest.isEmpty, wroteMember {} else {
            writePayload(payload, rest)
        }
        if enabled == false { document.add("is_enabled", .bool(false)) }
        document.endObject()
    }

    private mutating func writePayload(_ start: PayloadStart, _ rest: [Node.Property]) {
        document.beginFreeForm()
        defer { document.endFreeForm() }
        document.key("payload")
        document.beginObject()
        // Each name once: the mapping's own (`navigation`, `url`) first, then the first
        // property of a name, as `Node[property:]` reads it. (An empty set allocates nothing.)
        var written: Set<String> = []
        switch start {
        case .none:
            break
        case .navigation(let name):
            document.add("navigation", name)
            if !rest.isEmpty { written.insert("navigation") }
        case .unrouted(let properties, let name):
            written.insert("navigation")
            for property in properties where written.insert(property.name).inserted {
                document.key(escaping: property.name)
                writeRaw(property.value, escaped: escapesActionText)
            }
            document.add("navigation", name)
        case .url(let address):
            document.add("url", escapesActionText ? DivKitExpression.escaped(address) : address)
            if !rest.isEmpty { written.insert("url") }
        }
        for property in rest where written.insert(property.name).inserted {
            document.key(escaping: property.name)
            rawAction(property.value)
        }
        document.endObject()
    }

    /// Writes the `url` member, `myapp://profile/42` for `/profile/42`: the host is the
    /// first segment, as in the registry's own reading of URLs, so the client's handler
    /// can pass it straight back.
    /// What a URL may not hold as it is (a space, a control byte, `"<>\^{|}[]`, a
    /// backtick, non-ASCII, a `%` that starts no escape, a second `#`) is percent-encoded:
    /// iOS's `URL(string:)` refuses it before iOS 17, and DivKit would drop the action.
    /// Written straight into the card, not built as a string first: most rows of a screen
    /// link somewhere.
    private mutating func writeURL(forPath path: String) {
        appScheme.withUTF8Bytes { scheme in
            path.withUTF8Bytes { path in
                // Found in the bytes, as the registry splits paths.
                let start = path.firstIndex { $0 != UInt8(ascii: "/") } ?? path.endIndex
                // Percent-encoding leaves no `\` and no `{`, so nothing DivKit could evaluate: no
                // expression escape is needed.
                document.addURL("url", scheme: scheme, path: UnsafeBufferPointer(rebasing: path[start...]))
            }
        }
    }

    /// Nested actions (an alert's buttons) are mapped too; other values pass through.
    private mutating func rawAction(_ value: Node.Value) {
        if case .list(let items) = value, items.contains(where: { if case .node(let node) = $0 { node.kind == .action } else { false } }) {
            writeActions(items, enabled: nil)
        } else {
            writeRaw(value, escaped: escapesActionText)
        }
    }

    /// A DivKit typed value (`{"type": "string", "value": …}`) for `set_variable`.
    private func typedValue(_ value: Node.Value?) -> DivJSON {
        switch value {
        case .int(let number)?: .object([.init("type", .string("integer")), .init("value", .int(number))])
        case .double(let number)? where number.isFinite: .object([.init("type", .string("number")), .init("value", .double(number))])
        case .bool(let flag)?: .object([.init("type", .string("boolean")), .init("value", .bool(flag))])
        case .list(let items)?:
            .object([.init("type", .string("array")), .init("value", raw(.list(items), escaped: escapesActionText))])
        case .node(let object)?: .object([
            .init("type", .string("dict")),
            .init("value", raw(.node(.object(object.properties)), escaped: escapesActionText)),
        ])
        default: .object([.init("type", .string("string")), .init("value", text(value) ?? .string(""))])
        }
    }
}
