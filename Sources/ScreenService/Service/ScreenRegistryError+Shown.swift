import ScreenRegistry

extension ScreenRegistryError {
    /// Client input as it may be logged or echoed: control characters escaped, cut at
    /// 200 characters.
    static func shownText<S: StringProtocol>(_ text: S) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == 200 { return result + "…" }
            if scalar.value < 0x20 || scalar.value == 0x7F {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return result
    }
}
