import ScreenRegistry

/// A binding's body as Beagle's clients read it: a path into the contexts, a literal, or
/// an operation on terms (`eq(item.kind, 'ad')`, `sum(cart.total, 5)`).
///
/// Read from a binding the screen's code built, or an imported document's: a body this
/// does not read whole (an unknown token, an unclosed string, nesting past
/// ``maximumDepth``) is `nil`, and a format writes it as it is.
indirect enum BindingTerm: Equatable {
    case path(String)
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case operation(String, [BindingTerm])

    /// The deepest nesting of operations read: an imported document's body is outside input,
    /// and reading recurses once a level.
    static let maximumDepth = 32

    /// The term `body` holds, whole.
    init?(_ body: String) {
        var reader = Reader(bytes: Array(body.utf8))
        guard let term = reader.term(depth: 0) else { return nil }
        reader.skipSpaces()
        guard reader.index == reader.bytes.count else { return nil }
        self = term
    }

    /// Reads terms from the bytes of a body, by Beagle's grammar: `'text'` with `\` escaping
    /// the next byte, numbers, `true` and `false`, `name(term, …)`, and paths.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpaces() {
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        }

        mutating func term(depth: Int) -> BindingTerm? {
            skipSpaces()
            guard index < bytes.count, depth <= BindingTerm.maximumDepth else { return nil }
            if bytes[index] == UInt8(ascii: "'") { return string() }
            let start = index
            while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
            guard index > start else { return nil }
            let word = String(decoding: bytes[start..<index], as: UTF8.self)
            if index < bytes.count, bytes[index] == UInt8(ascii: "(") {
                index += 1
                return operation(word, depth: depth)
            }
            switch word {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: break
            }
            if let integer = Int(word) { return .integer(integer) }
            // Digits with a point; not Swift's other forms (`1e5`, `0x1p3`, `nan`), which are paths or nothing.
            if !word.contains(where: { $0.isLetter }), let number = Double(word), number.isFinite { return .number(number) }
            return ContextScope.isPath(word) ? .path(word) : nil
        }

        /// The arguments of an operation, after its `(`, to its `)`.
        private mutating func operation(_ name: String, depth: Int) -> BindingTerm? {
            guard ContextScope.segments(name)?.count == 1 else { return nil }
            var arguments: [BindingTerm] = []
            skipSpaces()
            if index < bytes.count, bytes[index] == UInt8(ascii: ")") {
                index += 1
                return .operation(name, arguments)
            }
            while true {
                guard let argument = term(depth: depth + 1) else { return nil }
                arguments.append(argument)
                skipSpaces()
                guard index < bytes.count else { return nil }
                index += 1
                switch bytes[index - 1] {
                case UInt8(ascii: ","): continue
                case UInt8(ascii: ")"): return .operation(name, arguments)
                default: return nil
                }
            }
        }

        /// A quoted string, after its opening quote: `\` takes the next byte as it is.
        private mutating func string() -> BindingTerm? {
            index += 1
            var text: [UInt8] = []
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "'"):
                    index += 1
                    return .string(String(decoding: text, as: UTF8.self))
                case UInt8(ascii: "\\") where index + 1 < bytes.count:
                    text.append(bytes[index + 1])
                    index += 2
                default:
                    text.append(bytes[index])
                    index += 1
                }
            }
            return nil
        }

        /// A byte of a name, path or number: letters (and any non-ASCII byte), digits,
        /// `_`, `-`, `.`, `[` and `]`.
        private static func isWordByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "["), UInt8(ascii: "]"), 0x80...:
                true
            default:
                false
            }
        }
    }
}

extension BindingTerm {
    /// The paths the term reads, its operands' in order.
    var paths: [String] {
        switch self {
        case .path(let path): [path]
        case .operation(_, let arguments): arguments.flatMap(\.paths)
        case .string, .integer, .number, .bool: []
        }
    }

    /// The first operation of the term, its operands' included, whose name is not in `names`.
    func firstOperation(notIn names: Set<String>) -> String? {
        guard case .operation(let name, let arguments) = self else { return nil }
        guard names.contains(name) else { return name }
        for argument in arguments {
            if let found = argument.firstOperation(notIn: names) { return found }
        }
        return nil
    }
}
