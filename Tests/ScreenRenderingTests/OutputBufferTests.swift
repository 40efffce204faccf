@testable import ScreenRendering
import Testing

@Suite("OutputBuffer, the byte sink of the JSON, DivKit and text writers")
struct OutputBufferTests {
    @Test("Bytes appended one at a time and in runs, past many doublings, come out in order")
    func growth() {
        var buffer = OutputBuffer(capacity: 1)
        var expected: [UInt8] = []
        for round in 0..<300 {
            let byte = UInt8(truncatingIfNeeded: round)
            buffer.append(byte)
            expected.append(byte)
            // A run longer than the room left, at every size.
            let run = (0..<(round % 37)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ round) }
            buffer.append(run)
            expected += run
            // A run that starts inside another buffer.
            run.withUnsafeBufferPointer { buffer.append(UnsafeBufferPointer(rebasing: $0[(run.count / 2)...])) }
            expected += run.dropFirst(run.count / 2)
            buffer.append("{\"k\":")
            expected += Array("{\"k\":".utf8)
        }
        #expect(buffer.count == expected.count)
        #expect(buffer.bytes == expected)
        #expect(buffer[expected.count - 1] == expected.last)
        #expect(buffer.last == expected.last)
        #expect(buffer.text(in: 3..<40) == String(decoding: expected[3..<40], as: UTF8.self))
        #expect(buffer.withUnsafeBytes { Array($0) } == expected)
    }

    @Test("Removing a range moves the rest up; a copy is a buffer of its own")
    func removalAndCopy() {
        var buffer = OutputBuffer(capacity: 4)
        buffer.append(Array("0123456789".utf8))
        var copy = buffer.copy()
        buffer.removeSubrange(2..<5)
        #expect(buffer.bytes == Array("0156789".utf8))
        buffer.removeSubrange(5..<7)
        buffer.removeSubrange(0..<0)
        #expect(buffer.bytes == Array("01567".utf8))
        copy.append(UInt8(ascii: "!"))
        #expect(copy.bytes == Array("0123456789!".utf8))
        #expect(buffer.bytes == Array("01567".utf8))
        let empty = OutputBuffer(capacity: 0)
        #expect(empty.count == 0 && empty.last == nil && empty.bytes.isEmpty)
    }
}
