/// Collects the output straight into a string, decoding each chunk as it comes (no
/// byte array and copy at the end), carrying a UTF-8 sequence that a chunk boundary
/// splits over to the next chunk.
final class StringSink: OutputSink {
    private var string = ""
    private var carry: [UInt8] = []
    private var received = 0

    override var count: Int { received }

    override func append(_ chunk: UnsafeRawBufferPointer) {
        received += chunk.count
        if carry.isEmpty {
            let cut = Self.completePrefix(chunk)
            string.append(String(decoding: chunk[..<cut], as: UTF8.self))
            carry.append(contentsOf: chunk[cut...])
        } else {
            var joined = carry
            joined.append(contentsOf: chunk)
            carry.removeAll()
            received -= joined.count
            joined.withUnsafeBytes { append($0) }
        }
    }

    override func insert(_ ascii: [UInt8], at offset: Int) {
        // Everything before `offset` is the XML declaration and the root's start tag so
        // far: ASCII, so the byte offset is a character offset too.
        let index = string.utf8.index(string.startIndex, offsetBy: offset)
        string.insert(contentsOf: String(decoding: ascii, as: UTF8.self), at: index)
    }

    func finish() -> String {
        if !carry.isEmpty { string.append(String(decoding: carry, as: UTF8.self)) }
        carry.removeAll()
        return string
    }

    /// The length of the longest prefix that ends on a UTF-8 sequence boundary.
    static func completePrefix(_ bytes: UnsafeRawBufferPointer) -> Int {
        let count = bytes.count
        var index = count - 1
        var seen = 0
        while index >= 0 && seen < 4 {
            let byte = bytes[index]
            if byte & 0xC0 != 0x80 {
                let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                return index + length <= count ? count : index
            }
            index -= 1
            seen += 1
        }
        return count
    }
}
