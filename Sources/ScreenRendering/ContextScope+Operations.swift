import ScreenRegistry

extension ContextScope {
    /// The value of a binding's body in scope, as Beagle's clients compute it when the
    /// screen is first shown: a path's value, a literal, or one of Beagle's operations on
    /// them; `nil` when it names nothing known, or is an operation not computed here.
    ///
    /// For formats that evaluate bindings on the server (Hyperview, HTML). The operations,
    /// as beagle-web-core's `src/operation/` and the Android and iOS operations compute
    /// them where they agree: `sum`, `subtract`, `multiply` of numbers (integers stay
    /// integers; any number makes the result one), `condition`, `not`, `and`, `or` of
    /// Booleans, `gt`, `gte`, `lt`, `lte` of numbers, `eq` of any two values (numbers by
    /// value), `concat`, `uppercase`, `lowercase` of texts, `isNull`, `isEmpty`. Operands
    /// of another type make the operation `nil`, as on iOS, never a guess. `divide` and
    /// `length` are not computed: the clients disagree (integer or real division; bytes,
    /// UTF-16 units or characters).
    func evaluate(_ body: String) -> Node.Value? {
        BindingTerm(body).flatMap { value(of: $0) }
    }

    /// Whether ``evaluate(_:)`` reads `body` and computes every operation in it: whether it
    /// can name a value, given the data, as a path can.
    static func isEvaluated(_ body: String) -> Bool {
        BindingTerm(body).map(isComputed) ?? false
    }

    private static func isComputed(_ term: BindingTerm) -> Bool {
        guard case .operation(let name, let arguments) = term else { return true }
        return computedOperations.contains(name) && arguments.allSatisfy(isComputed)
    }

    /// The operations ``evaluate(_:)`` computes, each with its operands' counts as
    /// ``operation(_:_:)`` reads them.
    private static let computedOperations: Set<String> = [
        "isNull", "isEmpty", "condition", "not", "and", "or", "eq", "gt", "gte", "lt", "lte",
        "sum", "subtract", "multiply", "concat", "uppercase", "lowercase",
    ]

    private func value(of term: BindingTerm) -> Node.Value? {
        switch term {
        case .path(let path): resolve(path)
        case .string(let text): .string(text)
        case .integer(let number): .int(number)
        case .number(let number): .double(number)
        case .bool(let flag): .bool(flag)
        case .operation(let name, let arguments): operation(name, arguments)
        }
    }

    private func operation(_ name: String, _ arguments: [BindingTerm]) -> Node.Value? {
        switch (name, arguments.count) {
        case ("isNull", 1):
            return .bool(value(of: arguments[0]) == nil)
        case ("isEmpty", 1):
            return switch value(of: arguments[0]) {
            case nil: .bool(true)
            case .string(let text)?: .bool(text.isEmpty)
            case .list(let items)?: .bool(items.isEmpty)
            case .node(let object)?: .bool(object.properties.isEmpty)
            default: .bool(false)
            }
        case ("condition", 3):
            guard case .bool(let condition)? = value(of: arguments[0]) else { return nil }
            return value(of: arguments[condition ? 1 : 2])
        case ("not", 1):
            guard case .bool(let flag)? = value(of: arguments[0]) else { return nil }
            return .bool(!flag)
        case ("and", 1...), ("or", 1...):
            let flags = arguments.map { term -> Bool? in if case .bool(let flag)? = value(of: term) { flag } else { nil } }
            guard !flags.contains(nil) else { return nil }
            return .bool(name == "and" ? !flags.contains(false) : flags.contains(true))
        case ("eq", 2):
            let (left, right) = (value(of: arguments[0]), value(of: arguments[1]))
            if let a = Self.number(left), let b = Self.number(right) { return .bool(a == b) }
            return .bool(left == right)
        case ("gt", 2), ("gte", 2), ("lt", 2), ("lte", 2):
            guard let a = Self.number(value(of: arguments[0])), let b = Self.number(value(of: arguments[1])) else { return nil }
            return .bool(name == "gt" ? a > b : name == "gte" ? a >= b : name == "lt" ? a < b : a <= b)
        case ("sum", 1...), ("subtract", 1...), ("multiply", 1...):
            return arithmetic(name, arguments.map { value(of: $0) })
        case ("concat", 1...):
            var text = ""
            for argument in arguments {
                guard case .string(let part)? = value(of: argument) else { return nil }
                text += part
            }
            return .string(text)
        case ("uppercase", 1), ("lowercase", 1):
            guard case .string(let text)? = value(of: arguments[0]) else { return nil }
            return .string(name == "uppercase" ? text.uppercased() : text.lowercased())
        default:
            return nil
        }
    }

    /// `sum`, `subtract` or `multiply` of `operands`, left to right: integers while every
    /// operand is one (`nil` on overflow, where a client's integer would wrap or trap), a
    /// number otherwise.
    private func arithmetic(_ name: String, _ operands: [Node.Value?]) -> Node.Value? {
        let integers = operands.compactMap { value -> Int? in if case .int(let number)? = value { number } else { nil } }
        if integers.count == operands.count, var result = integers.first {
            for number in integers.dropFirst() {
                let (next, overflow) = switch name {
                case "sum": result.addingReportingOverflow(number)
                case "subtract": result.subtractingReportingOverflow(number)
                default: result.multipliedReportingOverflow(by: number)
                }
                guard !overflow else { return nil }
                result = next
            }
            return .int(result)
        }
        let numbers = operands.compactMap { Self.number($0) }
        guard numbers.count == operands.count, var result = numbers.first else { return nil }
        for number in numbers.dropFirst() {
            result = name == "sum" ? result + number : name == "subtract" ? result - number : result * number
        }
        return .double(result)
    }

    /// An integer or number as a number.
    private static func number(_ value: Node.Value?) -> Double? {
        switch value {
        case .int(let number)?: Double(number)
        case .double(let number)?: number
        default: nil
        }
    }
}
