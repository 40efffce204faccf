/// Collects the output in one byte array.
final class ByteSink: OutputSink {
    private(set) var bytes: [UInt8] = []

    override var count: Int { bytes.count }

    override func append(_ chunk: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: chunk.assumingMemoryBound(to: UInt8.self))
    }

    override func insert(_ ascii: [UInt8], at offset: Int) {
        bytes.insert(contentsOf: ascii, at: offset)
    }

    /// Moves the bytes from `start` to the end to `offset`, before the bytes between.
    func moveTail(from start: Int, to offset: Int) {
        let tail = bytes[start...]
        bytes.replaceSubrange(offset..., with: tail + bytes[offset..<start])
    }
}
