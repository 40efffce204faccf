import ScreenRegistry

extension DivKitExpression {
    /// Beagle's operations that ``reading(_:in:as:)`` writes as DivKit's own: its
    /// operators, and `not`, `condition`, `uppercase` and `lowercase` (`BindingReading`).
    /// The client fit refuses any other (`ClientCapabilities.bindingOperations`).
    static let operationsWritten = Set(BindingReading.operators.keys).union(["not", "condition", "uppercase", "lowercase"])

    /// Whether ``reading(_:in:as:)`` writes `term` as DivKit's own expression in some place
    /// whatever the screen's contexts hold: the client fit's check, which reads no contexts.
    /// An operation with the wrong number of operands (`not(a, b)`), or with literals of a
    /// type its DivKit form does not take (`eq('a', 1)`, `and(flag, 'yes')`), is written by
    /// no reading. A path's type is known only from the contexts, so this takes any.
    static func writes(_ term: BindingTerm) -> Bool {
        let reading = BindingReading(scope: ContextScope())
        if let own = reading.type(of: term) { return reading.source(of: term, as: own) != nil }
        return [ValueType.string, .integer, .number, .boolean].contains { reading.source(of: term, as: $0) != nil }
    }

    /// A binding's body as DivKit's clients read it: `type` is what the property wants when
    /// the body's own type is not known. A body DivKit has no equivalent of, or that is not
    /// read whole, is written as it is; so is a name in scope whole (an event's value,
    /// `onFocus.value`).
    ///
    /// A number or flag where text is wanted goes through `toString`: a template converts
    /// it beside text (`string_templates.json`), but no test case shows a property that is
    /// one expression converted, and `toString` of an integer, number or Boolean is on all
    /// three platforms (`function_signatures_to_string.json`).
    static func reading(_ body: String, in scope: ContextScope, as type: ValueType) -> String {
        guard !scope.contains(body), let term = BindingTerm(body) else { return body }
        let reading = BindingReading(scope: scope)
        let own = reading.type(of: term)
        guard let source = reading.source(of: term, as: own ?? type) else { return body }
        switch (type, own) {
        case (.string, .integer?), (.string, .number?), (.string, .boolean?): return "toString(" + source + ")"
        default: return source
        }
    }
}

/// A binding's terms written as DivKit's expressions, in the contexts of `scope`.
///
/// DivKit has no member access: it reads `user.name` as the name of one variable, a dot
/// being part of a name (`test_data/expression_test_data/variables_names.json`, web's
/// `expressions.peggy`), and an object's member through a typed getter. So a path into a
/// context (`user.address.city`, `item.tags[0]`) becomes getters, typed by what the path
/// reaches in `scope` (the context's value as the screen declares it), else by what the
/// place wants: `getStringFromDict(user, 'address', 'city')`,
/// `getStringFromArray(getArrayFromDict(item, 'tags'), 0)`. A getter of the wrong type
/// fails on every client, and none reads any type (`functions_dict.json`); the number
/// getter reads an integer (`functions_dict.json`: 123 as 123.0).
///
/// Beagle's operations with the same meaning become DivKit's operators and functions:
/// `eq`, `gt`, `gte`, `lt`, `lte` → `==`, `>`, `>=`, `<`, `<=`; `and`, `or`, `not` → `&&`,
/// `||`, `!`; `condition` → `? :`; `sum`, `subtract`, `multiply` → `+`, `-`, `*`; `concat` →
/// `+` of strings; `uppercase`, `lowercase` → `toUpperCase`, `toLowerCase`. Beagle's
/// `sum`, `subtract`, `multiply`, `and`, `or` and `concat` take any number of operands
/// (beagle-web-core `src/operation/`), DivKit's operators two, so they are chained. Every
/// operation is parenthesised, so no client's precedence matters (DivKit's changed in 32.42).
///
/// DivKit is typed: operands of different types are an error, not `false`
/// (`operations_equality_with_different_types.json`), `!`, `&&`, `||` and a ternary's
/// condition take Booleans only (`operations_logical_boolean.json`,
/// `operations_ternary.json`), and an integer beside a number is cast only from iOS 29.9,
/// web 29.10 and Android 29.14 (`implicit_cast.json`, `CHANGELOG.md`). So the operands of
/// an operation are written as one type: the type their known values share, an integer
/// literal beside a number as `1.0`, an integer member through the number getter and an
/// integer variable through `toNumber`.
/// `concat` makes a number or flag operand text (`toString`). Operands of other types, and
/// operations DivKit has no equivalent of (`divide`, whose integers DivKit truncates;
/// `isNull`; `length`), are written as they are: the client fit refuses those it can tell
/// without the screen's contexts (``DivKitExpression/writes(_:)``).
private struct BindingReading {
    let scope: ContextScope

    /// What `term` gives, when it is known: a literal's type, a path's value in scope, an
    /// operation's result.
    func type(of term: BindingTerm) -> DivKitExpression.ValueType? {
        switch term {
        case .path(let path): DivKitExpression.ValueType(of: scope.resolve(path))
        case .string: .string
        case .integer: .integer
        case .number: .number
        case .bool: .boolean
        case .operation(let name, let arguments):
            switch name {
            case "eq", "gt", "gte", "lt", "lte", "not", "and", "or": .boolean
            case "concat", "uppercase", "lowercase": .string
            case "sum", "subtract", "multiply": numeric(arguments)
            case "condition" where arguments.count == 3: common(arguments.dropFirst())
            default: nil
            }
        }
    }

    /// `term` as a DivKit expression of `type`; `nil` when DivKit has none.
    func source(of term: BindingTerm, as type: DivKitExpression.ValueType) -> String? {
        switch (term, type) {
        case (.path(let path), _): return source(ofPath: path, as: type)
        case (.string(let text), .string): return "'" + Self.escapedLiteral(text) + "'"
        case (.integer(let number), .integer): return Self.signed(String(number))
        case (.integer(let number), .number): return Self.signed(String(number) + ".0")
        case (.number(let number), .number): return Self.numberLiteral(number).map(Self.signed)
        case (.bool(let flag), .boolean): return flag ? "true" : "false"
        case (.operation(let name, let arguments), _): return operation(name, arguments, as: type)
        default: return nil
        }
    }

    /// DivKit's operator for each of Beagle's operations that is one, chained over the operands.
    static let operators = [
        "eq": "==", "gt": ">", "gte": ">=", "lt": "<", "lte": "<=", "and": "&&", "or": "||",
        "sum": "+", "subtract": "-", "multiply": "*", "concat": "+",
    ]

    private func operation(_ name: String, _ arguments: [BindingTerm], as type: DivKitExpression.ValueType) -> String? {
        switch name {
        case "eq", "gt", "gte", "lt", "lte":
            guard type == .boolean, arguments.count == 2, let symbol = Self.operators[name] else { return nil }
            let operandType = common(arguments[...]) ?? (name == "eq" ? .string : .number)
            // DivKit orders numbers, not flags (`operations_comparison_boolean.json`) or
            // texts (Android's `Evaluator.kt`, `evalComparison`).
            guard name == "eq" || operandType == .integer || operandType == .number else { return nil }
            return joined(arguments, as: operandType, by: symbol)
        case "and", "or":
            guard type == .boolean, arguments.count >= 2, let symbol = Self.operators[name] else { return nil }
            return joined(arguments, as: .boolean, by: symbol)
        case "not":
            guard type == .boolean, arguments.count == 1, let operand = source(of: arguments[0], as: .boolean) else { return nil }
            return "!(" + operand + ")"
        case "condition":
            guard arguments.count == 3, let condition = source(of: arguments[0], as: .boolean),
                  let then = source(of: arguments[1], as: type), let otherwise = source(of: arguments[2], as: type)
            else { return nil }
            return "(" + condition + " ? " + then + " : " + otherwise + ")"
        case "sum", "subtract", "multiply":
            guard type == .integer || type == .number, arguments.count >= 2, let symbol = Self.operators[name] else { return nil }
            return joined(arguments, as: type, by: symbol)
        case "concat":
            guard type == .string, !arguments.isEmpty, let symbol = Self.operators[name] else { return nil }
            return joined(arguments, by: symbol, text(of:))
        case "uppercase", "lowercase":
            guard type == .string, arguments.count == 1, let text = source(of: arguments[0], as: .string) else { return nil }
            return (name == "uppercase" ? "toUpperCase(" : "toLowerCase(") + text + ")"
        default:
            return nil
        }
    }

    /// `(a op b op …)`, each operand of `type`.
    private func joined(_ operands: [BindingTerm], as type: DivKitExpression.ValueType, by symbol: String) -> String? {
        joined(operands, by: symbol) { source(of: $0, as: type) }
    }

    /// `(a op b op …)`, each operand as `write` writes it.
    private func joined(_ operands: [BindingTerm], by symbol: String, _ write: (BindingTerm) -> String?) -> String? {
        var written: [String] = []
        for operand in operands {
            guard let source = write(operand) else { return nil }
            written.append(source)
        }
        return "(" + written.joined(separator: " " + symbol + " ") + ")"
    }

    /// `term` as text, an operand of `concat`: a number or flag it is known to be through
    /// `toString`, as in a text. DivKit's `+` is typed: its cases add two strings or two
    /// numbers (`operations_sum_string.json`, `operations_sum_integer.json`), and Android's
    /// `Evaluator.kt` refuses operands of two types. Like a number in a text, an integral
    /// number reads `3.0` (`functions_to_string.json`), where Beagle's web client shows `3`.
    private func text(of term: BindingTerm) -> String? {
        switch type(of: term) {
        case let own? where own == .integer || own == .number || own == .boolean:
            source(of: term, as: own).map { "toString(" + $0 + ")" }
        default:
            source(of: term, as: .string)
        }
    }

    /// The one type the known types of `terms` share, an integer read as a number beside
    /// one; `nil` when none is known or they differ otherwise.
    private func common(_ terms: ArraySlice<BindingTerm>) -> DivKitExpression.ValueType? {
        let known = Set(terms.compactMap { type(of: $0) })
        if known.count == 1 { return known.first }
        return known == [.integer, .number] ? .number : nil
    }

    /// Integers when every operand is known to be one; numbers otherwise.
    private func numeric(_ terms: [BindingTerm]) -> DivKitExpression.ValueType? {
        terms.allSatisfy { type(of: $0) == .integer } ? .integer : .number
    }

    /// A path as `type`: a name alone as it is, when its value is of that type or not known;
    /// a path into a context as getters, the last of `type`.
    private func source(ofPath path: String, as type: DivKitExpression.ValueType) -> String? {
        guard let segments = ContextScope.segments(path), case .key(var source) = segments[0] else { return nil }
        // A name with a dot in scope whole (an event's value, `onFocus.value`) is one
        // variable, also as an operand: never a member of another.
        if segments.count > 1 && scope.contains(path) { return path }
        let known = DivKitExpression.ValueType(of: scope.resolve(segments))
        if segments.count == 1 {
            // An integer variable beside numbers is converted (`toNumber`, on all three
            // platforms: `function_signatures_std.json`); any other type only read as its own.
            if known == .integer && type == .number { return "toNumber(" + source + ")" }
            return known == nil || known == type ? source : nil
        }
        // The number getter reads an integer; any other getter only its own type.
        guard known == nil || known == type || (known == .integer && type == .number) else { return nil }
        var start = 1
        while start < segments.count {
            // A run of keys is one call: the dictionary getters take a path of keys.
            let end: Int
            if case .index = segments[start] {
                end = start + 1
            } else {
                end = segments[start...].firstIndex { if case .index = $0 { true } else { false } } ?? segments.count
            }
            let reached: DivKitExpression.ValueType = switch segments[end...].first {
            case nil: type
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

    /// Text inside a DivKit string literal: `\`, `'` and `@{` escaped (`literals_string.json`,
    /// `string_escape.json`).
    private static func escapedLiteral(_ text: String) -> String {
        DivKitExpression.escapedBody(text).replacingOccurrences(of: "'", with: "\\'")
    }

    /// A negative literal in parentheses, so that it never follows an operator's sign
    /// bare (`a - -1`).
    private static func signed(_ literal: String) -> String {
        literal.hasPrefix("-") ? "(" + literal + ")" : literal
    }

    /// A number as DivKit's number literal: digits with a point, never an exponent.
    private static func numberLiteral(_ number: Double) -> String? {
        let text = String(number)
        return text.contains("e") || !text.contains(".") ? nil : text
    }
}
