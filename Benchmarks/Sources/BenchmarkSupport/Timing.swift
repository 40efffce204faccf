/// Timing helpers shared by the rendering benchmarks.

/// Keeps `value` alive, so the optimiser cannot drop the work that made it.
@inline(never) public func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

/// Runs `body` `iterations` times; nanoseconds per run. `body` returns a byte count,
/// summed and kept, so no run can be optimised away.
public func measure(_ iterations: Int, _ body: () throws -> Int) rethrows -> Double {
    let clock = ContinuousClock()
    var bytes = 0
    let elapsed = try clock.measure {
        for _ in 0..<iterations { bytes &+= try body() }
    }
    blackHole(bytes)
    return (Double(elapsed.components.attoseconds) / 1e9 + Double(elapsed.components.seconds) * 1e9) / Double(iterations)
}

/// The median; NaN for no values.
public func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}
