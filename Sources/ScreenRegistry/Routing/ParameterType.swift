/// The type a typed parameter's segment must convert to.
public enum ParameterType: String, Sendable, Hashable, CaseIterable {
    case int, double, uuid

    /// Whether `value` converts to this type.
    public func accepts(_ value: String) -> Bool {
        switch self {
        case .int: ParameterType.isInteger(value)
        case .double: ParameterType.isDecimal(value)
        case .uuid: ParameterType.isUUID(value)
        }
    }

    /// `-?[0-9]+` that fits an `Int`.
    private static func isInteger(_ value: String) -> Bool {
        var digits = value.utf8[...]
        if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.allSatisfy(isDigit) && Int(value) != nil
    }

    /// `-?[0-9]+(.[0-9]+)?([eE][+-]?[0-9]+)?`, finite: no `nan`, `inf` or hexadecimal forms.
    private static func isDecimal(_ value: String) -> Bool {
        var rest = value.utf8[...]
        if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
        func digits() -> Int {
            let count = rest.prefix(while: isDigit).count
            rest = rest.dropFirst(count)
            return count
        }
        guard digits() > 0 else { return false }
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            guard digits() > 0 else { return false }
        }
        if rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") {
            rest = rest.dropFirst()
            if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return rest.isEmpty && (Double(value)?.isFinite ?? false)
    }

    /// `8-4-4-4-12` hexadecimal digits, either case.
    private static func isUUID(_ value: String) -> Bool {
        let bytes = value.utf8
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20) else { return false }
            }
        }
        return true
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
