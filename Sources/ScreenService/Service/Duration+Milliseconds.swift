extension Duration {
    /// The duration in milliseconds, fractions kept: for the request log and the preview.
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
