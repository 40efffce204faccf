import ScreenRegistry

/// Writes a screen as an indented tree, one node per line: what people read in a
/// terminal and snapshot in tests.
///
/// ```
/// screenComponent
/// ├─ navigationBar: title="Profile"
/// └─ child: text text="Hello"
/// ```
///
/// Scalar properties follow the node's type on its line, in declaration order;
/// structured properties (actions, style, children) are the lines below it. Strings
/// are quoted and escaped, so every node stays on one line whatever it contains.
public struct TextRenderer: Sendable {
    /// The media type of the output.
    public let contentType = "text/plain; charset=utf-8"

    /// When set, nodes marked for other platforms are left out; otherwise they are marked.
    public var platform: Platforms?

    /// Creates a text renderer; for every platform by default.
    public init(platform: Platforms? = nil) {
        self.platform = platform
    }

    /// Renders `screen`; ends with a newline.
    public func render(_ screen: Screen) throws -> String {
        render(screen.node)
    }

    /// Renders any node of the uniform tree.
    public func render(_ node: Node) -> String {
        guard let node = platform.map(node.forPlatform) ?? node else { return "" }
        var output = ""
        write(node, label: nil, prefix: "", childPrefix: "", into: &output)
        return output
    }

    private func write(_ node: Node, label: String?, prefix: String, childPrefix: String, into output: inout String) {
        output += prefix
        var head: [String] = []
        if let label { head.append(label + ":") }
        if !node.type.isEmpty { head.append(Self.shortType(node.type)) }
        if node.platforms != .all { head.append("[\(node.platforms) only]") }
        var nested: [(label: String?, value: Node.Value)] = []
        for property in node.properties {
            switch property.value {
            case .node:
                nested.append((property.name, property.value))
            case .list(let items):
                // Children are the tree itself; other lists label each item.
                let itemLabel: String? = property.name == "children" ? nil : property.name
                nested.append(contentsOf: items.map { (itemLabel, $0) })
            default:
                head.append("\(property.name)=\(Self.scalar(property.value))")
            }
        }
        output += head.joined(separator: " ")
        output += "\n"
        for (index, item) in nested.enumerated() {
            let last = index == nested.count - 1
            let branch = childPrefix + (last ? "└─ " : "├─ ")
            let below = childPrefix + (last ? "   " : "│  ")
            switch item.value {
            case .node(let child):
                write(child, label: item.label, prefix: branch, childPrefix: below, into: &output)
            case .list(let values):
                write(.object(values.enumerated().map { .init("\($0.offset)", $0.element) }),
                      label: item.label, prefix: branch, childPrefix: below, into: &output)
            default:
                output += branch + (item.label.map { $0 + ": " } ?? "") + Self.scalar(item.value) + "\n"
            }
        }
    }

    /// `beagle:text` reads as `text`; custom types keep their namespace.
    static func shortType(_ type: String) -> String {
        type.hasPrefix("beagle:") ? String(type.dropFirst(7)) : type
    }

    static func scalar(_ value: Node.Value) -> String {
        switch value {
        case .string(let text): quoted(text)
        case .expression(let expression): "expression " + quoted(expression.source)
        case .int(let number): String(number)
        case .double(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .node, .list: ""
        }
    }

    /// A double-quoted string with quotes, backslashes, control characters and line
    /// separators escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || scalar.value == 0x2028 || scalar.value == 0x2029:
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
