import ScreenRegistry

/// A `<behavior>` to write: what triggers it, what it does, and an alert's options.
struct HXMLBehavior {
    var trigger: StaticString?
    var action: StaticString
    var href: String?
    var alertTitle: String?
    var alertMessage: String?
    var options: [Option] = []

    struct Option {
        var label: String
        var isCancel: Bool
        var behaviors: [HXMLBehavior]
    }
}

/// Actions as behaviors: navigation loads the deep-link path the service resolves
/// (`/products/p1`, relative to the document's own address), back and close pop (to a
/// route: `navigate`, which unwinds the stack to the screen loaded from it), web
/// addresses and native routes open through `deep-link`, alerts use Hyperview's alert
/// namespace. Actions with no Hyperview equivalent (contexts, requests, custom actions)
/// are reported in the element's comment.
extension HXMLMapping {
    /// The behaviors of a list of actions; what has no equivalent goes to `unmapped`.
    func behaviors(_ value: Node.Value?, trigger: StaticString?, _ unmapped: inout [String]) -> [HXMLBehavior] {
        guard let value else { return [] }
        guard case .list(let items) = value else {
            unmapped.append("actions")
            return []
        }
        var result: [HXMLBehavior] = []
        for item in items {
            guard case .node(let node) = item, node.kind == .action else {
                unmapped.append("actions")
                continue
            }
            guard isIncluded(node) else { continue }
            if let behavior = behavior(node, trigger: trigger, &unmapped) { result.append(behavior) }
        }
        return result
    }

    private func behavior(_ node: Node, trigger: StaticString?, _ unmapped: inout [String]) -> HXMLBehavior? {
        var properties = Properties(node.properties)
        var behavior: HXMLBehavior?
        let route = { (properties: inout Properties, unmapped: inout [String]) -> String? in
            properties.take("route") { value -> String? in
                guard case .node(let route) = value, let url = route[property: "url"] else { return nil }
                return resolvedText(url, &unmapped).map(Self.href)
            }
        }
        switch node.type {
        case "beagle:pushView":
            behavior = route(&properties, &unmapped).map { HXMLBehavior(trigger: trigger, action: "push", href: $0) }
        case "beagle:pushStack":
            behavior = route(&properties, &unmapped).map { HXMLBehavior(trigger: trigger, action: "new", href: $0) }
        case "beagle:resetApplication", "beagle:resetStack":
            // `navigate` unwinds to the screen when the stack has it, and pushes it otherwise.
            behavior = route(&properties, &unmapped).map { HXMLBehavior(trigger: trigger, action: "navigate", href: $0) }
        case "beagle:popView":
            behavior = HXMLBehavior(trigger: trigger, action: "back", href: "#")
        case "beagle:popStack":
            behavior = HXMLBehavior(trigger: trigger, action: "close", href: "#")
        case "beagle:popToView":
            // `back` would pop one screen and reload it from the route; `navigate` unwinds
            // the stack to the screen loaded from it (`docs/reference_behavior_attributes.md`).
            behavior = properties.take("route") { resolvedText($0, &unmapped) }.map { HXMLBehavior(trigger: trigger, action: "navigate", href: Self.href($0)) }
        case "beagle:openExternalURL":
            // Only web addresses: any other scheme from data (javascript:, file:, an
            // intent) is not opened, and is reported instead.
            behavior = properties.take("url") { value -> HXMLBehavior? in
                guard Self.isWebAddress(value), case .string(let address) = value else { return nil }
                return HXMLBehavior(trigger: trigger, action: "deep-link", href: address)
            }
        case "beagle:openNativeRoute":
            behavior = properties.take("route") { resolvedText($0, &unmapped) }.map { route in
                // Encoded as every other href is: a route from data may hold a space or a tab.
                HXMLBehavior(trigger: trigger, action: "deep-link", href: appScheme + "://" + String(route.drop { $0 == "/" }).percentEncodingURLUnsafeBytes)
            }
        case "beagle:alert", "beagle:confirm":
            behavior = alert(&properties, trigger: trigger, isConfirm: node.type == "beagle:confirm", &unmapped)
        default:
            break
        }
        if behavior == nil || !properties.isEmpty {
            let name = node.type.hasPrefix("beagle:") ? String(node.type.dropFirst(7)) : node.type
            unmapped += behavior == nil ? [name] : properties.remaining.map { name + "." + $0.name }
        }
        return behavior
    }

    /// `value` as text when it is a string, or a binding the screen's contexts resolve
    /// whole (a route from a list item's data); `nil` otherwise. What a binding names that
    /// is not there goes to `unmapped`: no part of a path is guessed.
    private func resolvedText(_ value: Node.Value, _ unmapped: inout [String]) -> String? {
        switch value {
        case .string(let text):
            return text
        case .expression(let expression):
            var missing: [String] = []
            let text = scope.text(of: expression, unresolved: &missing)
            unmapped += missing
            return missing.isEmpty ? text : nil
        default:
            return nil
        }
    }

    /// An alert (one option) or a confirmation (OK and Cancel), each option running its
    /// actions as nested behaviors.
    private func alert(_ properties: inout Properties, trigger: StaticString?, isConfirm: Bool, _ unmapped: inout [String]) -> HXMLBehavior {
        var unresolved: [String] = []
        var behavior = HXMLBehavior(trigger: trigger, action: "alert")
        behavior.alertTitle = properties.takeText("title", in: scope, &unresolved)
        behavior.alertMessage = properties.takeText("message", in: scope, &unresolved)
        let okLabel = properties.takeText("labelOk", in: scope, &unresolved) ?? "OK"
        behavior.options.append(.init(label: okLabel, isCancel: false, behaviors: behaviors(properties.takeAny("onPressOk"), trigger: nil, &unmapped)))
        if isConfirm {
            let cancelLabel = properties.takeText("labelCancel", in: scope, &unresolved) ?? "Cancel"
            behavior.options.append(.init(
                label: cancelLabel, isCancel: true, behaviors: behaviors(properties.takeAny("onPressCancel"), trigger: nil, &unmapped)
            ))
        }
        unmapped += unresolved
        return behavior
    }

    /// The deep-link path as an `href` relative to the document's address: one leading
    /// `/`, so that no path from data becomes another host (`//evil.example`) or a scheme.
    /// What a URL may not hold as it is is percent-encoded: a URL parser deletes a tab or a
    /// line break wherever it is, so `/<tab>/evil.example` would resolve to another host,
    /// and reads a `\` as a `/`.
    static func href(_ path: String) -> String {
        let isSlash = { (byte: UInt8) in byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") }
        // The usual case, `/products/p1`: one leading slash already (its second byte read
        // by index, which costs less than slicing the view for every link).
        let bytes = path.utf8
        if let first = bytes.first, first == UInt8(ascii: "/") {
            let second = bytes.index(after: bytes.startIndex)
            if second == bytes.endIndex || !isSlash(bytes[second]) { return path.percentEncodingURLUnsafeBytes }
        }
        return ("/" + String(decoding: bytes.drop(while: isSlash), as: UTF8.self)).percentEncodingURLUnsafeBytes
    }

    /// Writes behaviors as `<behavior>` children of the open element.
    mutating func write(_ behaviors: [HXMLBehavior]) {
        for behavior in behaviors {
            writer.start("behavior")
            if let trigger = behavior.trigger { writer.attribute("trigger", keyword: trigger) }
            writer.attribute("action", keyword: behavior.action)
            if let href = behavior.href { writer.attribute("href", href) }
            if let title = behavior.alertTitle { writer.attribute(name: "alert:title", title) }
            if let message = behavior.alertMessage { writer.attribute(name: "alert:message", message) }
            for option in behavior.options {
                writer.start(name: "alert:option")
                writer.attribute(name: "alert:label", option.label)
                if option.isCancel { writer.attribute(name: "alert:style", "cancel") }
                write(option.behaviors)
                writer.end()
            }
            writer.end()
        }
    }
}
