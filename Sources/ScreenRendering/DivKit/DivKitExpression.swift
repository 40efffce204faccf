import ScreenRegistry

/// DivKit's expression syntax for strings: escaping literal text, and writing bindings.
///
/// DivKit's rule, from its expression test data (`string_escape.json`,
/// `string_templates.json`) and its clients' tokenizers: in a string that holds an
/// expression, `\\` is one backslash, `\@{` is a literal `@{`, `\'` a quote, and any other
/// backslash sequence is an error. The clients disagree on strings without `@{`: the web
/// client reads every string with a backslash by that rule, Android and iOS show such a
/// string as it is. So a literal that holds a backslash or `@{` is written with every
/// backslash doubled and every `@{` escaped, after a leading empty expression `@{''}`:
/// every client then reads it as an expression string, unescapes it the same way, and the
/// only expression evaluated is that constant. At the start, the constant cannot be taken
/// for escaped by Android's tokenizer, which looks at the one character before `@`.
enum DivKitExpression {
    /// The empty expression that makes a string an expression string on every client.
    static let marker = "@{''}"

    /// `text` as DivKit shows it exactly, with nothing from it evaluated.
    static func escaped(_ text: String) -> String {
        needsEscaping(text) ? marker + escapedBody(text) : text
    }

    /// Whether `text` holds a backslash or `@{`: one pass over its bytes, in place.
    private static func needsEscaping(_ text: String) -> Bool {
        func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var previousIsAt = false
            for byte in bytes {
                if byte == UInt8(ascii: "\\") || (previousIsAt && byte == UInt8(ascii: "{")) { return true }
                previousIsAt = byte == UInt8(ascii: "@")
            }
            return false
        }
        return text.withUTF8Bytes(scan)
    }

    /// The escapes alone, for text beside a binding (the binding already makes the string
    /// an expression string).
    static func escapedBody(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 8)
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\\") {
                output.append(byte)
            } else if byte == UInt8(ascii: "{"), previous == UInt8(ascii: "@") {
                // The `@` is out already: the escape goes before it.
                output.removeLast()
                output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "@")])
            }
            output.append(byte)
            previous = byte
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// An expression with bindings: text escaped, each binding `@{body}` as DivKit reads
    /// it (``reading(_:in:as:)``), `type` what a path's value is when `scope` does not know.
    static func source(_ expression: BeagleExpression, in scope: ContextScope, as type: ValueType = .string) -> String {
        var result = ""
        for part in expression.parts {
            switch part {
            case .text(let text): result += escapedBody(text)
            case .binding(let body): result += "@{" + reading(body, in: scope, as: type) + "}"
            }
        }
        return result
    }

    /// The type a getter reads, in its name: `getStringFromDict`, `getArrayFromArray`.
    enum ValueType: String {
        case string = "String", integer = "Integer", number = "Number", boolean = "Boolean", dict = "Dict", array = "Array"

        /// The type of `value`; `nil` when it is not known (a binding, or nothing).
        init?(of value: Node.Value?) {
            switch value {
            case .string?: self = .string
            case .int?: self = .integer
            case .double?: self = .number
            case .bool?: self = .boolean
            case .list?: self = .array
            case .node?: self = .dict
            case .expression?, nil: return nil
            }
        }
    }
}
