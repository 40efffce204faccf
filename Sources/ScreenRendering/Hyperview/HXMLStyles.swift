import ScreenRegistry

/// One HXML style: flexbox and appearance attributes, in the order they are written.
struct HXMLStyle: Hashable {
    var attributes: [Attribute] = []

    struct Attribute: Hashable {
        let name: String
        let value: String
    }

    var isEmpty: Bool { attributes.isEmpty }

    mutating func add(_ name: String, _ value: String?) {
        if let value { attributes.append(Attribute(name: name, value: value)) }
    }
}

/// The styles of one screen: each distinct style once, with an id in the order it was
/// first used in (`s0`, `s1`, …: ``HXMLElementIDs``), so the same screen always gets the
/// same ids, and a fragment of it, rendered after the screen's table is built, refers to
/// the same ones.
struct HXMLStyleTable {
    private(set) var styles: [HXMLStyle] = []
    /// The id of each style.
    private var ids: [String] = []
    /// Each style's position, made only once there are more styles than are searched in
    /// order: a screen has a handful, and comparing with each is far cheaper than hashing.
    private var positions: [HXMLStyle: Int] = [:]
    private static let searchedInOrder = 16

    /// The id of `style`, added when new (its id taken from the document's `elementIDs`);
    /// `nil` for an empty style.
    mutating func id(for style: HXMLStyle, _ elementIDs: inout HXMLElementIDs) -> String? {
        guard !style.isEmpty else { return nil }
        let known = styles.count <= Self.searchedInOrder ? styles.firstIndex(of: style) : positions[style]
        if let known { return ids[known] }
        styles.append(style)
        ids.append(elementIDs.claimStyleID())
        if styles.count > Self.searchedInOrder {
            if positions.isEmpty {
                for (position, style) in styles.enumerated() { positions[style] = position }
            } else {
                positions[style] = styles.count - 1
            }
        }
        return ids[ids.count - 1]
    }

    /// Writes `<styles>` with a `<style>` for each entry.
    func write(into writer: inout HXMLWriter) {
        writer.start("styles")
        for (style, id) in zip(styles, ids) {
            writer.start("style")
            writer.attribute("id", id)
            for attribute in style.attributes { writer.attribute(name: attribute.name, attribute.value) }
            writer.end()
        }
        writer.end()
    }
}

/// Beagle's flex style as Hyperview's style attributes (React Native's flexbox).
///
/// Values Hyperview's schema would refuse (a colour that is not `#RGB`, `#RRGGBB` or
/// `#RRGGBBAA`, a negative width, a percentage where only points are allowed) are left
/// in the style node, which the mapping reports as unmapped.
enum HXMLStyleMapping {
    /// Adds what it maps of `style` to `target` and returns what is left, if anything.
    static func apply(_ style: Node, to target: inout HXMLStyle) -> Node? {
        var properties = Properties(style.properties)
        target.add("backgroundColor", properties.take("backgroundColor", color))
        target.add("borderRadius", properties.take("cornerRadius") { value -> String? in
            guard case .node(let corner) = value, let radius = corner[property: "radius"] else { return nil }
            return points(radius)
        })
        target.add("borderColor", properties.take("borderColor", color))
        target.add("borderWidth", properties.take("borderWidth", points))
        if let size = properties.takeNode("size") {
            var fields = Properties(size.properties)
            for (beagle, hyperview) in [("width", "width"), ("height", "height"), ("minWidth", "minWidth"),
                                        ("minHeight", "minHeight"), ("maxWidth", "maxWidth"), ("maxHeight", "maxHeight")] {
                target.add(hyperview, fields.take(beagle) { pointsOrPercent($0) })
            }
            target.add("aspectRatio", fields.take("aspectRatio") { value -> String? in
                guard let number = number(value), number > 0, number < 1e9 else { return nil }
                return XMLDialect.text(of: .double(number))
            })
            if !fields.isEmpty { properties.keep(.init("size", .node(.object(fields.remaining)))) }
        }
        edges(&properties, "margin", prefix: "margin", into: &target, allowsPercent: false)
        edges(&properties, "padding", prefix: "padding", into: &target, allowsPercent: true)
        if let position = properties.takeNode("position") {
            var fields = Properties(position.properties)
            for side in ["top", "left", "right"] { target.add(side, fields.take(side) { pointsOrPercent($0) }) }
            // `bottom` is an integer in Hyperview's schema: points only.
            target.add("bottom", fields.take("bottom") { length($0).flatMap { $0.percent ? nil : String($0.value) } })
            if !fields.isEmpty { properties.keep(.init("position", .node(.object(fields.remaining)))) }
        }
        if let flex = properties.takeNode("flex") {
            var fields = Properties(flex.properties)
            target.add("flexDirection", fields.take("flexDirection") { keyword($0, ["COLUMN", "ROW", "COLUMN_REVERSE", "ROW_REVERSE"]) })
            target.add("justifyContent", fields.take("justifyContent") {
                keyword($0, ["FLEX_START", "CENTER", "FLEX_END", "SPACE_BETWEEN", "SPACE_AROUND", "SPACE_EVENLY"])
            })
            let alignments = ["FLEX_START", "CENTER", "FLEX_END", "STRETCH", "BASELINE"]
            target.add("alignItems", fields.take("alignItems") { keyword($0, alignments) })
            target.add("alignSelf", fields.take("alignSelf") { keyword($0, alignments) })
            target.add("flexGrow", fields.take("grow", integer))
            target.add("flexShrink", fields.take("shrink", integer))
            target.add("flexBasis", fields.take("basis") { value -> String? in
                if case .node(let length) = value, length[property: "type"] == .string("AUTO") { return "auto" }
                return self.length(value).flatMap { $0.percent ? nil : String($0.value) }
            })
            if !fields.isEmpty { properties.keep(.init("flex", .node(.object(fields.remaining)))) }
        }
        target.add("display", properties.take("display") { keyword($0, ["NONE", "FLEX"]) })
        return properties.isEmpty ? nil : .object(properties.remaining)
    }

    /// `margin` or `padding` edges as `marginLeft`, `paddingHorizontal`, …
    private static func edges(
        _ properties: inout Properties, _ name: String, prefix: String, into target: inout HXMLStyle, allowsPercent: Bool
    ) {
        guard let edges = properties.takeNode(name) else { return }
        var fields = Properties(edges.properties)
        for (side, suffix) in [("all", ""), ("horizontal", "Horizontal"), ("vertical", "Vertical"),
                               ("left", "Left"), ("top", "Top"), ("right", "Right"), ("bottom", "Bottom")] {
            target.add(prefix + suffix, fields.take(side) { value -> String? in
                guard let length = length(value), allowsPercent || !length.percent else { return nil }
                return length.percent ? "\(length.value)%" : String(length.value)
            })
        }
        if !fields.isEmpty { properties.keep(.init(name, .node(.object(fields.remaining)))) }
    }

    /// A `{value, type}` length in whole points or percent; `nil` for AUTO or a value out
    /// of range.
    private static func length(_ value: Node.Value) -> (value: Int, percent: Bool)? {
        guard case .node(let length) = value, case .string(let type)? = length[property: "type"],
              let raw = length[property: "value"], let number = number(raw), number >= 0, number < 1e9
        else { return nil }
        switch type {
        case "REAL": return (Int(number.rounded()), false)
        case "PERCENT": return (Int(number.rounded()), true)
        default: return nil
        }
    }

    private static func pointsOrPercent(_ value: Node.Value) -> String? {
        if case .node(let length) = value, length[property: "type"] == .string("AUTO") { return "auto" }
        return length(value).map { $0.percent ? "\($0.value)%" : String($0.value) }
    }

    private static func number(_ value: Node.Value) -> Double? {
        switch value {
        case .double(let number) where number.isFinite: number
        case .int(let number): Double(number)
        default: nil
        }
    }

    /// A whole, non-negative number of points.
    private static func points(_ value: Node.Value) -> String? {
        guard let number = number(value), number >= 0, number < 1e9 else { return nil }
        return String(Int(number.rounded()))
    }

    private static func integer(_ value: Node.Value) -> String? {
        guard let number = number(value), abs(number) < 1e9 else { return nil }
        return String(Int(number.rounded()))
    }

    /// Beagle's `FLEX_START` is React Native's `flex-start`.
    private static func keyword(_ value: Node.Value, _ allowed: [String]) -> String? {
        guard case .string(let word) = value, allowed.contains(word) else { return nil }
        return keywords[word]
    }

    private static let keywords: [String: String] = [
        "COLUMN": "column", "ROW": "row", "COLUMN_REVERSE": "column-reverse", "ROW_REVERSE": "row-reverse",
        "FLEX_START": "flex-start", "CENTER": "center", "FLEX_END": "flex-end", "SPACE_BETWEEN": "space-between",
        "SPACE_AROUND": "space-around", "SPACE_EVENLY": "space-evenly", "STRETCH": "stretch", "BASELINE": "baseline",
        "NONE": "none", "FLEX": "flex",
    ]

    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`, as Hyperview's schema accepts them.
    static func color(_ value: Node.Value) -> String? {
        guard case .string(let text) = value, let digits = text.hexColorDigitCount, [3, 6, 8].contains(digits) else { return nil }
        return text
    }
}
