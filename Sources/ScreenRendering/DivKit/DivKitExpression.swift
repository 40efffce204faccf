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

        /// The type of `value`, or `otherwise` when it is not known (a binding, or nothing).
        init(of value: Node.Value?, otherwise: ValueType) {
            self = switch value {
            case .string?: .string
            case .int?: .integer
            case .double?: .number
            case .bool?: .boolean
            case .list?: .array
            case .node?: .dict
            case .expression?, nil: otherwise
            }
        }
    }

    /// A binding's body as DivKit's clients read it. DivKit has no member access: it reads
    /// `user.name` as the name of one variable, a dot being part of a name
    /// (`test_data/expression_test_data/variables_names.json`, web's `expressions.peggy`),
    /// and an object's member through a typed getter. So a path into a context
    /// (`user.address.city`, `item.tags[0]`) becomes getters, each typed by what the path
    /// reaches in `scope` (the context's value as the screen declares it), `type` when it
    /// is not known: `getStringFromDict(user, 'address', 'city')`,
    /// `getStringFromArray(getArrayFromDict(item, 'tags'), 0)`. A getter of the wrong type
    /// fails on every client, and none reads any type (`functions_dict.json`).
    ///
    /// A name alone, a name in scope whole (an event's value, `onFocus.value`), and what is
    /// not a path (an operation) are written as they are.
    static func reading(_ body: String, in scope: ContextScope, as type: ValueType) -> String {
        guard !scope.contains(body), let segments = ContextScope.segments(body), segments.count > 1,
              case .key(var source) = segments[0] else { return body }
        var start = 1
        while start < segments.count {
            // A run of keys is one call: the dictionary getters take a path of keys.
            let end: Int
            if case .index = segments[start] {
                end = start + 1
            } else {
                end = segments[start...].firstIndex { if case .index = $0 { true } else { false } } ?? segments.count
            }
            let reached: ValueType = switch segments[end...].first {
            case nil: ValueType(of: scope.resolve(segments[..<end]), otherwise: type)
            case .key?: .dict
            case .index?: .array
            }
            var arguments = source
            for segment in segments[start..<end] {
                switch segment {
                case .key(let key): arguments += ", '" + key + "'"
                case .index(let index): arguments += ", " + String(index)
                }
            }
            let container = if case .index = segments[start] { "Array" } else { "Dict" }
            source = "get" + reached.rawValue + "From" + container + "(" + arguments + ")"
            start = end
        }
        return source
    }
}
