/// Layout and appearance of a component, in Beagle's flexbox model.
public struct Style: Sendable, Hashable {
    /// The background colour, `#RRGGBB` or `#AARRGGBB`.
    public var backgroundColor: String? {
        get { fields.value.backgroundColor }
        set { change { $0.backgroundColor = newValue } }
    }
    /// The corner radius, in points.
    public var cornerRadius: Double? {
        get { fields.value.cornerRadius }
        set { change { $0.cornerRadius = newValue } }
    }
    /// The border colour, `#RRGGBB`.
    public var borderColor: String? {
        get { fields.value.borderColor }
        set { change { $0.borderColor = newValue } }
    }
    /// The border width, in points.
    public var borderWidth: Double? {
        get { fields.value.borderWidth }
        set { change { $0.borderWidth = newValue } }
    }
    /// Width, height and their bounds.
    public var size: Size? {
        get { fields.value.size }
        set { change { $0.size = newValue } }
    }
    /// Space outside the component.
    public var margin: EdgeValue? {
        get { fields.value.margin }
        set { change { $0.margin = newValue } }
    }
    /// Space inside the component.
    public var padding: EdgeValue? {
        get { fields.value.padding }
        set { change { $0.padding = newValue } }
    }
    /// Offsets used with `positionType`.
    public var position: EdgeValue? {
        get { fields.value.position }
        set { change { $0.position = newValue } }
    }
    /// How the component lays out its children and itself.
    public var flex: Flex? {
        get { fields.value.flex }
        set { change { $0.flex = newValue } }
    }

    /// The style as a structured value, kept up to date as the fields change: the
    /// components given one style value then share one node instead of each building its
    /// own, so a screen of many rows holds the style once, and two of its nodes compare
    /// equal at their shared storage without being read.
    public private(set) var node: Node

    /// The fields, behind one reference: a style is copied into every component given it,
    /// and into every copy of those, so it stays a pointer and a node wide however many
    /// fields it has.
    private var fields: Box

    /// Creates a style; every field is optional.
    public init(
        backgroundColor: String? = nil,
        cornerRadius: Double? = nil,
        borderColor: String? = nil,
        borderWidth: Double? = nil,
        size: Size? = nil,
        margin: EdgeValue? = nil,
        padding: EdgeValue? = nil,
        position: EdgeValue? = nil,
        flex: Flex? = nil
    ) {
        let fields = Fields(
            backgroundColor: backgroundColor, cornerRadius: cornerRadius, borderColor: borderColor,
            borderWidth: borderWidth, size: size, margin: margin, padding: padding, position: position, flex: flex)
        self.fields = Box(fields)
        node = fields.node
    }

    public static func == (lhs: Style, rhs: Style) -> Bool {
        lhs.fields === rhs.fields || lhs.fields.value == rhs.fields.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fields.value)
    }

    /// A new box with the change, and the node it gives: boxes are never shared while
    /// they change.
    private mutating func change(_ body: (inout Fields) -> Void) {
        var value = fields.value
        body(&value)
        fields = Box(value)
        node = value.node
    }

    private final class Box: Sendable {
        let value: Fields
        init(_ value: Fields) { self.value = value }
    }

    private struct Fields: Sendable, Hashable {
        var backgroundColor: String?
        var cornerRadius: Double?
        var borderColor: String?
        var borderWidth: Double?
        var size: Size?
        var margin: EdgeValue?
        var padding: EdgeValue?
        var position: EdgeValue?
        var flex: Flex?

        var node: Node {
            var list = PropertyList()
            list.add("backgroundColor", backgroundColor)
            list.add("cornerRadius", cornerRadius.map { Node.object([.init("radius", .double($0))]) })
            list.add("borderColor", borderColor)
            list.add("borderWidth", borderWidth)
            list.add("size", size?.node)
            list.add("margin", margin?.node)
            list.add("padding", padding?.node)
            list.add("position", position?.node)
            list.add("flex", flex?.node)
            return .object(list.properties)
        }
    }
}

/// A length: points, a percentage of the parent, or automatic.
public struct UnitValue: Sendable, Hashable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// How `value` is measured.
    public enum Unit: String, Sendable, Hashable {
        case real = "REAL"
        case percent = "PERCENT"
        case auto = "AUTO"
    }

    /// The amount.
    public var value: Double
    /// The unit of `value`.
    public var type: Unit

    /// Creates a length.
    public init(_ value: Double, _ type: Unit = .real) {
        self.value = value
        self.type = type
    }

    /// A length in points.
    public static func real(_ value: Double) -> UnitValue { UnitValue(value, .real) }
    /// A percentage of the parent.
    public static func percent(_ value: Double) -> UnitValue { UnitValue(value, .percent) }
    /// A length the layout engine chooses.
    public static let auto = UnitValue(0, .auto)

    public init(integerLiteral value: Int) { self.init(Double(value)) }
    public init(floatLiteral value: Double) { self.init(value) }

    /// The length as `{"value", "type"}`.
    public var node: Node {
        .object([.init("value", .double(value)), .init("type", .string(type.rawValue))])
    }
}

/// Lengths for each edge, as in Beagle's margin, padding and position.
public struct EdgeValue: Sendable, Hashable {
    public var left: UnitValue?
    public var top: UnitValue?
    public var right: UnitValue?
    public var bottom: UnitValue?
    public var horizontal: UnitValue?
    public var vertical: UnitValue?
    public var all: UnitValue?

    /// Creates edge lengths; every edge is optional.
    public init(
        left: UnitValue? = nil, top: UnitValue? = nil, right: UnitValue? = nil, bottom: UnitValue? = nil,
        horizontal: UnitValue? = nil, vertical: UnitValue? = nil, all: UnitValue? = nil
    ) {
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
        self.horizontal = horizontal
        self.vertical = vertical
        self.all = all
    }

    /// The same length on every edge.
    public static func all(_ value: UnitValue) -> EdgeValue { EdgeValue(all: value) }

    /// The edges as a structured value.
    public var node: Node {
        var list = PropertyList()
        for (name, value) in [
            ("left", left), ("top", top), ("right", right), ("bottom", bottom),
            ("horizontal", horizontal), ("vertical", vertical), ("all", all),
        ] {
            list.add(name, value?.node)
        }
        return .object(list.properties)
    }
}

/// Width, height and their bounds.
public struct Size: Sendable, Hashable {
    public var width: UnitValue?
    public var height: UnitValue?
    public var minWidth: UnitValue?
    public var minHeight: UnitValue?
    public var maxWidth: UnitValue?
    public var maxHeight: UnitValue?
    public var aspectRatio: Double?

    /// Creates a size; every field is optional.
    public init(
        width: UnitValue? = nil, height: UnitValue? = nil,
        minWidth: UnitValue? = nil, minHeight: UnitValue? = nil,
        maxWidth: UnitValue? = nil, maxHeight: UnitValue? = nil,
        aspectRatio: Double? = nil
    ) {
        self.width = width
        self.height = height
        self.minWidth = minWidth
        self.minHeight = minHeight
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.aspectRatio = aspectRatio
    }

    /// The size as a structured value.
    public var node: Node {
        var list = PropertyList()
        for (name, value) in [
            ("width", width), ("height", height), ("minWidth", minWidth),
            ("minHeight", minHeight), ("maxWidth", maxWidth), ("maxHeight", maxHeight),
        ] {
            list.add(name, value?.node)
        }
        list.add("aspectRatio", aspectRatio)
        return .object(list.properties)
    }
}

/// Flexbox settings.
public struct Flex: Sendable, Hashable {
    /// The main axis.
    public enum Direction: String, Sendable, Hashable {
        case column = "COLUMN", row = "ROW", columnReverse = "COLUMN_REVERSE", rowReverse = "ROW_REVERSE"
    }

    /// Distribution along the main axis.
    public enum JustifyContent: String, Sendable, Hashable {
        case flexStart = "FLEX_START", center = "CENTER", flexEnd = "FLEX_END"
        case spaceBetween = "SPACE_BETWEEN", spaceAround = "SPACE_AROUND", spaceEvenly = "SPACE_EVENLY"
    }

    /// Alignment along the cross axis.
    public enum Align: String, Sendable, Hashable {
        case flexStart = "FLEX_START", center = "CENTER", flexEnd = "FLEX_END"
        case stretch = "STRETCH", baseline = "BASELINE", auto = "AUTO"
    }

    public var flexDirection: Direction?
    public var justifyContent: JustifyContent?
    public var alignItems: Align?
    public var alignSelf: Align?
    public var grow: Double?
    public var shrink: Double?
    public var basis: UnitValue?

    /// Creates flex settings; every field is optional.
    public init(
        flexDirection: Direction? = nil, justifyContent: JustifyContent? = nil,
        alignItems: Align? = nil, alignSelf: Align? = nil,
        grow: Double? = nil, shrink: Double? = nil, basis: UnitValue? = nil
    ) {
        self.flexDirection = flexDirection
        self.justifyContent = justifyContent
        self.alignItems = alignItems
        self.alignSelf = alignSelf
        self.grow = grow
        self.shrink = shrink
        self.basis = basis
    }

    /// The flex settings as a structured value.
    public var node: Node {
        var list = PropertyList()
        list.add("flexDirection", flexDirection?.rawValue)
        list.add("justifyContent", justifyContent?.rawValue)
        list.add("alignItems", alignItems?.rawValue)
        list.add("alignSelf", alignSelf?.rawValue)
        list.add("grow", grow)
        list.add("shrink", shrink)
        list.add("basis", basis?.node)
        return .object(list.properties)
    }
}
