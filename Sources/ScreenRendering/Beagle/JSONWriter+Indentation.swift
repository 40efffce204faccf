extension JSONWriter {
    /// `compact`, compact JSON that a writer wrote, as a pretty writer writes it: each
    /// member and element on its own line, two spaces a level, a space after each colon.
    /// For documents whose parts are written compact and copied (DivKit's templates).
    static func indented(_ compact: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(compact.count * 2)
        var depth = 0
        var inString = false
        var index = 0
        func newline() {
            output.append(UInt8(ascii: "\n"))
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
        }
        while index < compact.count {
            let byte = compact[index]
            index += 1
            if inString {
                output.append(byte)
                if byte == UInt8(ascii: "\\"), index < compact.count {
                    output.append(compact[index])
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                output.append(byte)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                output.append(byte)
                depth += 1
                // An empty object or array stays on its line.
                if index < compact.count, compact[index] != UInt8(ascii: "}"), compact[index] != UInt8(ascii: "]") { newline() }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if let last = output.last, last != UInt8(ascii: "{"), last != UInt8(ascii: "[") { newline() }
                output.append(byte)
            case UInt8(ascii: ","):
                output.append(byte)
                newline()
            case UInt8(ascii: ":"):
                output.append(byte)
                output.append(UInt8(ascii: " "))
            default:
                output.append(byte)
            }
        }
        return output
    }
}
