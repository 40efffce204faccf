/// Why resolving stopped: a chain of redirects and guards longer than
/// ``ScreenRegistry/maximumHops``, none of them repeating. A legitimate chain is far
/// shorter; a longer one is a fault of the registry.
public struct RedirectLimitExceeded: Error, Sendable, CustomStringConvertible {
    /// The paths passed, in order.
    public var chain: [String]

    /// Creates the error for `chain`.
    public init(chain: [String]) {
        self.chain = chain
    }

    public var description: String {
        "more than \(ScreenRegistry.maximumHops) redirects and guards: " + chain.joined(separator: " → ")
    }
}
