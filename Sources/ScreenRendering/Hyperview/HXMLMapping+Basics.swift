import ScreenRegistry

/// What an element takes from its node before it is written: the id and style every
/// component may have, and the names of what has no Hyperview equivalent, for the
/// comment written just before the element.
struct HXMLElementParts {
    var id: String?
    var style = HXMLStyle()
    var hasStyle = false
    var unmapped: [String] = []
}

/// The components nearly every screen is made of (containers, texts, buttons, images),
/// each read in one pass over its properties: a `switch` on the name takes what the
/// element uses (its own names first, the id and style after), and every property it does
/// not take, an unexpected shape or a repeated name included, is reported. They are most of the nodes of a document, so they are
/// read without the bookkeeping of ``Properties``.
extension HXMLMapping {
    /// Takes `property` when it is the id or the style, which any element may have.
    mutating func takeIDOrStyle(_ property: Node.Property, into parts: inout HXMLElementParts) -> Bool {
        switch property.name {
        case "id":
            guard parts.id == nil, case .string(let id) = property.value else { return false }
            parts.id = id
        case "style":
            guard !parts.hasStyle, case .node(let style) = property.value else { return false }
            parts.hasStyle = true
            mapStyle(style, into: &parts.style, &parts.unmapped)
        default:
            return false
        }
        return true
    }

    /// `<view>`, or a `<form>` when it holds text fields (which post with the form
    /// around them); `onInit` actions are behaviors triggered on load.
    mutating func container(_ node: Node) {
        var parts = HXMLElementParts()
        var children: [Node.Value]?
        var context: (name: String, value: Node.Value)?
        var loadActions: Node.Value?
        for property in node.properties {
            switch property.name {
            case "children" where children == nil:
                children = Self.components(property.value)
                if children != nil { continue }
            case "context" where context == nil:
                context = ContextScope.context(property.value)
                if context != nil { continue }
            case "onInit" where loadActions == nil:
                loadActions = property.value
                continue
            default:
                if takeIDOrStyle(property, into: &parts) { continue }
            }
            parts.unmapped.append(property.name)
        }
        // Beagle runs a component's `onInit` in its own context, as its children read it.
        let loaded = withContext(context) { mapping in mapping.behaviors(loadActions, trigger: "load", &parts.unmapped) }
        let isForm = !isInsideForm && (children ?? []).contains { value in
            if case .node(let child) = value { child.hasType("beagle:textInput") && isIncluded(child) } else { false }
        }
        open(isForm ? "form" : "view", parts)
        write(loaded)
        if isForm { isInsideForm = true }
        withContext(context) { mapping in
            for case .node(let child) in children ?? [] {
                mapping.component(child, in: .view)
            }
        }
        if isForm { isInsideForm = false }
        writer.end()
    }

    /// `<text>`; the colour and alignment join the element's style.
    mutating func text(_ node: Node) {
        var parts = HXMLElementParts()
        var text: String?
        var color: String?
        var alignment: String?
        for property in node.properties {
            switch property.name {
            case "text" where text == nil:
                text = scope.text(of: property.value, unresolved: &parts.unmapped)
                if text != nil { continue }
            case "textColor" where color == nil:
                color = HXMLStyleMapping.color(property.value)
                if color != nil { continue }
            case "alignment" where alignment == nil:
                alignment = switch property.value {
                case .string("LEFT"): "left"
                case .string("CENTER"): "center"
                case .string("RIGHT"): "right"
                default: nil
                }
                if alignment != nil { continue }
            default:
                if takeIDOrStyle(property, into: &parts) { continue }
            }
            parts.unmapped.append(property.name)
        }
        // Texts in rows repeat one style: the last one made is reused instead of made again.
        if parts.style == lastTextStyle.base, color == lastTextStyle.color, alignment == lastTextStyle.alignment {
            parts.style = lastTextStyle.style
        } else {
            let base = parts.style
            parts.style.add("color", color)
            parts.style.add("textAlign", alignment)
            lastTextStyle = (base, color, alignment, parts.style)
        }
        open("text", parts)
        writer.text(text ?? "")
        writer.end()
    }

    /// A pressable `<view>`: the label as `<text>`, then a `<behavior>` for each action.
    mutating func button(_ node: Node) {
        var parts = HXMLElementParts()
        var label: String?
        var enabled: Bool?
        var actions: Node.Value?
        for property in node.properties {
            switch property.name {
            case "text" where label == nil:
                label = scope.text(of: property.value, unresolved: &parts.unmapped)
                if label != nil { continue }
            case "enabled" where enabled == nil:
                if case .bool(let flag) = property.value {
                    enabled = flag
                    continue
                }
            case "onPress" where actions == nil:
                actions = property.value
                continue
            default:
                if takeIDOrStyle(property, into: &parts) { continue }
            }
            parts.unmapped.append(property.name)
        }
        // A disabled button keeps its actions out: they are reported instead.
        if enabled == false, actions != nil {
            parts.unmapped.append("onPress")
            actions = nil
        }
        let pressed = behaviors(actions, trigger: "press", &parts.unmapped)
        open("view", parts)
        writer.start("text")
        writer.text(label ?? "")
        writer.end()
        write(pressed)
        writer.end()
    }

    /// `<image>` for a remote image; a local one, an asset of the app, is
    /// `<sr:local-image mobileId="logo">`.
    mutating func image(_ node: Node) {
        var parts = HXMLElementParts()
        var path: Node?
        var mode: String?
        for property in node.properties {
            switch property.name {
            case "path" where path == nil:
                if case .node(let value) = property.value {
                    path = value
                    continue
                }
            case "mode" where mode == nil:
                mode = switch property.value {
                case .string("FIT_XY"): "stretch"
                case .string("CENTER_CROP"): "cover"
                case .string("CENTER"): "center"
                case .string("FIT_CENTER"): "contain"
                default: nil
                }
                if mode != nil { continue }
            default:
                if takeIDOrStyle(property, into: &parts) { continue }
            }
            parts.unmapped.append(property.name)
        }
        var url: String?
        var assetName: String?
        var unresolved: [String] = []
        var pathRest: [String] = []
        for property in path?.properties ?? [] {
            switch property.name {
            case "url" where url == nil && path?.type == "remote":
                url = scope.text(of: property.value, unresolved: &unresolved)
                if url != nil { continue }
            case "mobileId" where assetName == nil && path?.type == "local":
                if case .string(let name) = property.value {
                    assetName = name
                    continue
                }
            default:
                break
            }
            pathRest.append("path." + property.name)
        }
        guard let url else {
            if assetName == nil, path != nil { parts.unmapped.append("path") }
            if mode != nil { parts.unmapped.append("mode") }
            parts.unmapped += pathRest + Self.styleNames(parts.style)
            let id = open(nil, HXMLElementParts(id: parts.id, unmapped: parts.unmapped))
            writer.start(name: "sr:local-image")
            if let id { writer.attribute("id", id) }
            if let assetName { writer.attribute(name: "mobileId", assetName) }
            writer.end()
            return
        }
        if !pathRest.isEmpty { parts.unmapped += pathRest }
        if !unresolved.isEmpty { parts.unmapped += unresolved }
        open("image", parts, styleRequired: true)
        writer.attribute("source", url)
        if let mode { writer.attribute("resizeMode", mode) }
        writer.end()
    }
}
