import ScreenRegistry

/// The lines of ``TextRenderer``, written straight into bytes: a node's line, then its
/// structured properties as branches below it, each indented by the branches above.
struct TextTreeWriter: ~Copyable {
    private(set) var output = OutputBuffer(capacity: 2048)
    /// What goes before the branch of each line below the current node: `│  ` for every
    /// ancestor with more below it, `   ` for every last one.
    private var indent: [UInt8] = []

    init() {}

    /// `node`'s line (after the branch already written), then its nested values.
    mutating func line(_ node: Node, label: String?) {
        var separate = false
        if let label {
            escaped(label)
            output.append(UInt8(ascii: ":"))
            separate = true
        }
        if !node.type.isEmpty {
            space(&separate)
            // `beagle:text` is written `text`.
            node.type.withUTF8Bytes { type in
                let builtin = type.starts(with: Self.builtinPrefix)
                escaped(builtin ? UnsafeBufferPointer(rebasing: type.dropFirst(Self.builtinPrefix.count)) : type)
            }
        }
        if node.platforms != .all {
            space(&separate)
            append("[\(node.platforms) only]")
        }
        var nested = 0
        for property in node.properties {
            switch property.value {
            case .node: nested += 1
            case .list(let items): nested += items.count
            default:
                space(&separate)
                escaped(property.name)
                output.append(UInt8(ascii: "="))
                scalar(property.value)
            }
        }
        output.append(UInt8(ascii: "\n"))
        var index = 0
        for property in node.properties {
            switch property.value {
            case .node:
                index += 1
                branch(property.value, label: property.name, last: index == nested)
            case .list(let items):
                // Children are the tree itself; other lists label each item.
                let label: String? = property.name == "children" ? nil : property.name
                for item in items {
                    index += 1
                    branch(item, label: label, last: index == nested)
                }
            default:
                continue
            }
        }
    }

    /// The namespace of built-in types, as bytes: compared with bytes, not through a
    /// string's UTF-8 view.
    private static let builtinPrefix = Array("beagle:".utf8)

    /// One nested value on its own line, below a `├─ ` or `└─ ` branch.
    private mutating func branch(_ value: Node.Value, label: String?, last: Bool) {
        output.append(indent)
        append(last ? "└─ " : "├─ ")
        let depth = indent.count
        let branchIndent: StaticString = last ? "   " : "│  "
        branchIndent.withUTF8Buffer { indent.append(contentsOf: $0) }
        defer { indent.removeLast(indent.count - depth) }
        switch value {
        case .node(let child):
            line(child, label: label)
        case .list(let values):
            // A list inside a list: an object whose properties are its positions.
            line(.object(values.enumerated().map { .init(String($0.offset), $0.element) }), label: label)
        default:
            if let label {
                escaped(label)
                append(": ")
            }
            scalar(value)
            output.append(UInt8(ascii: "\n"))
        }
    }

    private mutating func space(_ separate: inout Bool) {
        if separate { output.append(UInt8(ascii: " ")) }
        separate = true
    }

    private mutating func scalar(_ value: Node.Value) {
        switch value {
        case .string(let text): quoted(text)
        case .expression(let expression):
            append("expression ")
            quoted(expression.source)
        case .int(let number): append(String(number))
        case .double(let number): append(number.shownText)
        case .bool(let flag): append(flag ? "true" : "false")
        case .node, .list: break
        }
    }

    /// A double-quoted string, escaped as ``escaped(_:)-(String)`` does.
    private mutating func quoted(_ text: String) {
        output.append(UInt8(ascii: "\""))
        escaped(text)
        output.append(UInt8(ascii: "\""))
    }

    /// Text from the tree (a value, a type, a property name, a label) with quotes,
    /// backslashes, control characters and line separators escaped, so that nothing in
    /// it breaks its line or reaches a terminal as a control sequence: most text has
    /// none, and is copied as it is.
    private mutating func escaped(_ text: String) {
        text.withUTF8Bytes { escaped($0) }
    }

    private mutating func escaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        // 0xC2 leads the C1 controls, 0xE2 the line and paragraph separators.
        if !bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) {
            output.append(bytes)
        } else {
            for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
                switch scalar {
                case "\"": append("\\\"")
                case "\\": append("\\\\")
                case "\n": append("\\n")
                case "\r": append("\\r")
                case "\t": append("\\t")
                case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029:
                    append("\\u{\(String(scalar.value, radix: 16, uppercase: true))}")
                default: append(String(scalar))
                }
            }
        }
    }

    private mutating func append(_ text: String) {
        text.withUTF8Bytes { output.append($0) }
    }
}
