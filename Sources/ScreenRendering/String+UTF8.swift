extension String {
    /// Calls `body` with the string's UTF-8 bytes, in place when they are contiguous (a
    /// native string's are): unlike `withUTF8`, it needs no mutable copy of the string,
    /// and so no check that its storage is shared.
    @inline(__always)
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }
}
