/// The bytes a writer produces, in memory of its own: appending a byte is a capacity check
/// and a store, and appending a run is one copy. An array also checks its uniqueness at
/// every append, which was a tenth of a personal screen's instructions in JSON and DivKit
/// (BENCHMARKS.md).
///
/// Not copyable, so that no two writers can ever write into the same memory: a writer
/// that holds one is not copyable either, and is passed `inout` or borrowed.
struct OutputBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes are written.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` bytes before it grows.
    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// A buffer of its own with the same bytes, for the rare writer that must be able to
    /// go back (`DivBytes.copy()`).
    func copy() -> OutputBuffer {
        var copy = OutputBuffer(capacity: capacity)
        withBytes(in: 0..<count) { copy.append($0) }
        return copy
    }

    /// The byte written at `index`, which must be below ``count``.
    subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < count, "an OutputBuffer's index out of range")
        return base[index]
    }

    /// The last byte written, if any.
    var last: UInt8? {
        count > 0 ? base[count - 1] : nil
    }

    /// The bytes written, as an array.
    var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = byte
        count += 1
    }

    /// Appends `bytes`, which must not point into this buffer (growing frees that memory).
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if bytes.count > capacity - count { grow(toHold: count + bytes.count) }
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends a literal's bytes, read in place (``Swift/StaticString/withBytes(_:)``).
    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withBytes { append($0) }
    }

    /// Appends `,"name":`, the comma only when `comma`, with one check of the room for it
    /// all: a compact JSON writer writes one for nearly every value.
    @inline(__always)
    mutating func appendKey(_ name: UnsafeBufferPointer<UInt8>, comma: Bool) {
        let length = name.count + (comma ? 4 : 3)
        if length > capacity - count { grow(toHold: count + length) }
        var next = base + count
        if comma {
            next.initialize(to: UInt8(ascii: ","))
            next += 1
        }
        next.initialize(to: UInt8(ascii: "\""))
        if let source = name.baseAddress { (next + 1).initialize(from: source, count: name.count) }
        next += 1 + name.count
        next.initialize(to: UInt8(ascii: "\""))
        (next + 1).initialize(to: UInt8(ascii: ":"))
        count += length
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// The bytes written, read in place.
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// The bytes of `range`, which must be within ``count``, read in place.
    func withBytes<Result>(in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "an OutputBuffer's range out of range")
        return try body(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
    }

    /// The bytes of `range`, which must be within ``count``, as text.
    func text(in range: Range<Int>) -> String {
        withBytes(in: range) { String(decoding: $0, as: UTF8.self) }
    }

    /// Removes the bytes of `range`, which must be within ``count``; those after it move up
    /// (`update(from:count:)` copies between regions that overlap).
    mutating func removeSubrange(_ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "an OutputBuffer's range out of range")
        (base + range.lowerBound).update(from: base + range.upperBound, count: count - range.upperBound)
        count -= range.count
    }

    /// Makes room for at least `needed` bytes, doubling, so that a document is copied a
    /// few times as it grows, not once a byte.
    private mutating func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}

extension StaticString {
    /// Calls `body` with the literal's UTF-8 bytes. A literal other than a single Unicode
    /// scalar is stored as bytes and read in place: `withUTF8Buffer`'s closure, which the
    /// compiler did not inline in the writers, cost more than the copy in every key and
    /// word they write. A single scalar is kept as a number, which only `withUTF8Buffer`
    /// gives as bytes.
    @inline(__always)
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        hasPointerRepresentation ? body(UnsafeBufferPointer(start: utf8Start, count: utf8CodeUnitCount)) : withUTF8Buffer(body)
    }
}
