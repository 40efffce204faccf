/// Up to eight bytes as one 64-bit word, the first byte lowest: how the routing tables hash
/// and compare short keys. The bytes of a key are never 0 there, so a word also tells the
/// key's length.
extension UnsafeBufferPointer where Element == UInt8 {
    /// The `count` (at most eight) bytes from `start`, read one at a time.
    @inline(__always)
    func word(from start: Int, count: Int) -> UInt64 {
        var word: UInt64 = 0
        for index in 0..<count { word |= UInt64(self[start &+ index]) &<< UInt64(truncatingIfNeeded: index &* 8) }
        return word
    }

    /// ``word(from:count:)`` for 1 to 8 bytes, in one load: the eight bytes from `start`,
    /// masked, or where the buffer ends sooner, the eight that end with the last of them,
    /// shifted down. A buffer of fewer than eight bytes is read a byte at a time.
    @inline(__always)
    func loadedWord(from start: Int, count: Int) -> UInt64 {
        let forward = start &+ 8 <= self.count
        guard forward || start &+ count >= 8, let base = baseAddress else {
            return bytewiseWord(from: start, count: count)
        }
        let unread = UInt64(truncatingIfNeeded: 8 &* (8 &- count))
        let loaded = UInt64(
            littleEndian: UnsafeRawPointer(base).loadUnaligned(
                fromByteOffset: forward ? start : start &+ count &- 8, as: UInt64.self))
        return forward ? loaded & (UInt64.max &>> unread) : loaded &>> unread
    }

    /// ``word(from:count:)`` out of line, for the rare buffer too short for one load.
    @inline(never)
    private func bytewiseWord(from start: Int, count: Int) -> UInt64 {
        word(from: start, count: count)
    }
}
