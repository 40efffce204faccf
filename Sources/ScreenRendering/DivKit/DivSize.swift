import ScreenRegistry

/// A div's `width` or `height` (DivKit's `div-size`), from one of Beagle's lengths.
enum DivSize {
    case fixed(Int)
    case matchParent
    case wrapContent

    /// A length `{value, type}`: REAL is fixed, PERCENT 100 fills the parent, AUTO wraps;
    /// `nil` for anything else.
    init?(_ value: Node.Value) {
        guard case .node(let length) = value, case .string(let type)? = length[property: "type"] else { return nil }
        let number: Double? = switch length[property: "value"] {
        case .double(let number)?: number
        case .int(let number)?: Double(number)
        default: nil
        }
        switch type {
        case "REAL":
            guard let number, number.isFinite, number >= 0, number < 1e9 else { return nil }
            self = .fixed(Int(number.rounded()))
        case "PERCENT" where number == 100:
            self = .matchParent
        case "AUTO":
            self = .wrapContent
        default:
            return nil
        }
    }
}

extension DivBytes {
    /// A size member, when `size` is present.
    mutating func add(_ key: StaticString, _ size: DivSize?) {
        guard let size else { return }
        self.key(key)
        beginObject()
        switch size {
        case .fixed(let points):
            add("type", word: "fixed")
            add("value", points)
        case .matchParent:
            add("type", word: "match_parent")
        case .wrapContent:
            add("type", word: "wrap_content")
        }
        endObject()
    }
}
