/// Why resolving went round in circles: redirects, guards or parents that lead back to
/// a path (or, for parents, a pattern) already passed in the same resolution.
public struct RoutingLoop: Error, Sendable, CustomStringConvertible {
    /// The paths or patterns visited, in order; the last one is the first seen again.
    public var chain: [String]

    /// Creates the error for `chain`.
    public init(chain: [String]) {
        self.chain = chain
    }

    public var description: String {
        "routing loops: " + chain.joined(separator: " → ")
    }
}
