/// Keeps a value alive as far as the optimizer can tell, so no lookup is dropped.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

/// The median of `values` (the mean of the middle two for an even count).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

extension Duration {
    var nanoseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}

/// Runs `body` `passes` times and returns the time taken.
@inline(never)
func measure(passes: Int, _ body: () -> Void) -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<passes { body() }
    return clock.now - start
}

/// Formats `value` with `digits` decimals, without Foundation.
func fixed(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(Int(rounded))
    if digits > 0 {
        let fraction = Int(((abs(rounded) - Double(Int(abs(rounded)))) * scale).rounded())
        var digitsText = String(fraction)
        while digitsText.count < digits { digitsText = "0" + digitsText }
        if rounded < 0 && Int(rounded) == 0 { text = "-" + text }
        text += "." + digitsText
    }
    return text
}

func pad(_ text: String, _ width: Int, right: Bool = true) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return right ? padding + text : text + padding
}

func grouped(_ value: Int) -> String {
    let digits = Array(String(value))
    var result = ""
    for (offset, digit) in digits.enumerated() {
        if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
        result.append(digit)
    }
    return result
}
