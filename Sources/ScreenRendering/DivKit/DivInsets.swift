import ScreenRegistry

/// A div's `margins` or `paddings` (DivKit's `div-edge-insets`) in points; a side not set
/// is not written.
struct DivInsets {
    var left: Int?
    var top: Int?
    var right: Int?
    var bottom: Int?

    init(left: Int? = nil, top: Int? = nil, right: Int? = nil, bottom: Int? = nil) {
        (self.left, self.top, self.right, self.bottom) = (left, top, right, bottom)
    }

    /// Beagle's `{left, top, right, bottom, horizontal, vertical, all}` in REAL lengths;
    /// `nil` when any side is not a plain length, or none is set. `all` sets only the
    /// sides that nothing else sets; of the others, the later wins.
    init?(_ value: Node.Value) {
        guard case .node(let edges) = value else { return nil }
        for property in edges.properties {
            guard case .node(let length) = property.value, length[property: "type"] == .string("REAL"),
                case .double(let number)? = length[property: "value"], number.isFinite, number >= 0, number < 1e9
            else { return nil }
            let points = Int(number.rounded())
            switch property.name {
            case "all":
                left = left ?? points
                top = top ?? points
                right = right ?? points
                bottom = bottom ?? points
            case "horizontal": (left, right) = (points, points)
            case "vertical": (top, bottom) = (points, points)
            case "left": left = points
            case "top": top = points
            case "right": right = points
            case "bottom": bottom = points
            default: return nil
            }
        }
        guard left != nil || top != nil || right != nil || bottom != nil else { return nil }
    }
}

extension DivBytes {
    /// An insets member, when `insets` is present.
    mutating func add(_ key: StaticString, _ insets: DivInsets?) {
        guard let insets else { return }
        self.key(key)
        beginObject()
        add("left", insets.left)
        add("top", insets.top)
        add("right", insets.right)
        add("bottom", insets.bottom)
        endObject()
    }
}
