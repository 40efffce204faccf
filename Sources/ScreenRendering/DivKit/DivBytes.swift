/// The divs of a DivKit card as the mapping writes them: compact JSON bytes, with where
/// each value is and where each div among a container's items is.
///
/// The card is written once, as it goes out: the template pass compares divs by their
/// bytes outside their values (their skeletons) and reads the values in place, and the
/// document is copied around the divs that templates replace. Strings here are final
/// (already escaped for DivKit's expressions).
struct DivBytes: ~Copyable {
    /// A scalar written (but a `type`, which is part of its object's skeleton).
    struct Value {
        /// Where the key of its member starts (its opening quote); `nil` in an array.
        var key: Int?
        /// Its bytes.
        var range: Range<Int>
        var kind: Kind
        /// Whether it is inside an object that DivKit's schema leaves free-form
        /// (``beginFreeForm()``), where no template may link it.
        var isFreeForm = false
    }

    enum Kind: UInt8 {
        case string, int, double, bool
    }

    /// A div written among a container's items: a candidate for a template.
    struct Item {
        var range: Range<Int>
        /// Its values' numbers in ``values``.
        var values: Range<Int>
        /// How many objects and arrays it is in.
        var depth: Int
        /// A fingerprint of its shape, set when it ends: the length of its skeleton (its
        /// bytes but its values) and its value count. Divs of one shape have the same;
        /// divs of two shapes rarely do (`DivKitTemplates` compares their bytes).
        var shape = 0
        /// The bytes of the document's values when it began.
        fileprivate var valueBytesBefore: Int
    }

    private var writer = JSONWriter(pretty: false)
    private(set) var values: [Value] = []
    /// The bytes of all the values: an item's skeleton is its bytes less those its values add.
    private var valueBytes = 0
    /// In document order.
    private(set) var items: [Item] = []
    private var depth = 0
    /// Whether the next value is a member's (a key was just written), and where the key starts.
    private var key: Int?
    /// Whether the key just written is `type`.
    private var keyIsType = false
    /// How many free-form objects are open (``beginFreeForm()``).
    private var freeFormDepth = 0

    init() {
        // Room for a personal screen's, so that the arrays are not copied as they grow.
        values.reserveCapacity(64)
        items.reserveCapacity(16)
    }

    /// How many bytes are written.
    var count: Int { writer.output.count }

    /// The whole document, copied: for what reads it all once (tests).
    var bytes: [UInt8] { writer.output.bytes }

    /// Appends the bytes of `range` to `output`, read in place.
    func copyBytes(in range: Range<Int>, into output: inout OutputBuffer) {
        writer.output.withBytes(in: range) { output.append($0) }
    }

    /// Appends the bytes of `range` to `array`, read in place.
    func copyBytes(in range: Range<Int>, into array: inout [UInt8]) {
        writer.output.withBytes(in: range) { array.append(contentsOf: $0) }
    }

    /// A document of its own in the same state, to go back to after writing what is not
    /// kept. Every stored property is copied: one added to `DivBytes` or `JSONWriter` must
    /// be added here and in `JSONWriter.copy()`.
    func copy() -> DivBytes {
        var copy = DivBytes()
        copy.writer = writer.copy()
        copy.values = values
        copy.valueBytes = valueBytes
        copy.items = items
        copy.depth = depth
        copy.key = key
        copy.keyIsType = keyIsType
        copy.freeFormDepth = freeFormDepth
        return copy
    }

    /// Starts a value: an array's element gets its separator.
    private mutating func beginValue() {
        if key == nil { writer.element() }
    }

    /// Starts an object; returns where it starts.
    @discardableResult
    mutating func beginObject() -> Int {
        beginValue()
        key = nil
        depth += 1
        writer.beginObject()
        return writer.output.count - 1
    }

    mutating func endObject() {
        depth -= 1
        writer.endObject()
    }

    mutating func beginArray() {
        beginValue()
        key = nil
        depth += 1
        writer.beginArray()
    }

    mutating func endArray() {
        depth -= 1
        writer.endArray()
    }

    /// A key of the mapping's own: a plain word, written without looking for anything to
    /// escape.
    mutating func key(_ name: StaticString) {
        let start = writer.output.count
        writer.key(name)
        keyWritten(from: start, isType: name.utf8CodeUnitCount == 4 && name.withUTF8Buffer(Self.isType))
    }

    /// Whether `bytes` (four of them) spell `type`.
    private static func isType(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes[0] == UInt8(ascii: "t") && bytes[1] == UInt8(ascii: "y") && bytes[2] == UInt8(ascii: "p") && bytes[3] == UInt8(ascii: "e")
    }

    /// A key from data (a custom view's property, a payload's), escaped.
    mutating func key(escaping name: String) {
        let start = writer.output.count
        writer.key(escaping: name)
        keyWritten(from: start, isType: name.utf8.count == 4 && name == "type")
    }

    /// Notes the key written from `start` on: where it starts, after its separator.
    private mutating func keyWritten(from start: Int, isType: Bool) {
        key = writer.output[start] == UInt8(ascii: ",") ? start + 1 : start
        keyIsType = isType
    }

    mutating func string(_ text: String) {
        beginValue()
        let start = writer.output.count
        writer.string(text)
        recordString(from: start)
    }

    private mutating func recordString(from start: Int) {
        if keyIsType && key != nil {
            keyIsType = false  // a type is part of the skeleton: divs of other types differ in shape
            key = nil
            return
        }
        record(.string, from: start)
    }

    mutating func int(_ number: Int) {
        beginValue()
        let start = writer.output.count
        writer.int(number)
        record(.int, from: start)
    }

    mutating func double(_ number: Double) {
        beginValue()
        let start = writer.output.count
        writer.double(number)
        record(.double, from: start)
    }

    mutating func bool(_ flag: Bool) {
        beginValue()
        let start = writer.output.count
        writer.raw(flag ? "true" : "false")
        record(.bool, from: start)
    }

    /// Starts what DivKit's schema leaves free-form: `custom_props`, an extension's
    /// `params`, an action's `payload`, a typed action's value. Android's parser and
    /// iOS's typed one take such an object as it is, without resolving the template links
    /// in it, so the values written until ``endFreeForm()`` are never linked.
    mutating func beginFreeForm() {
        freeFormDepth += 1
    }

    mutating func endFreeForm() {
        freeFormDepth -= 1
    }

    private mutating func record(_ kind: Kind, from start: Int) {
        values.append(Value(key: key, range: start..<writer.output.count, kind: kind, isFreeForm: freeFormDepth > 0))
        valueBytes += writer.output.count - start
        key = nil
        keyIsType = false
    }

    /// A string member whose value is one of the mapping's own words (a DivKit type or
    /// enum value), written without looking for anything to escape.
    mutating func add(_ key: StaticString, word: StaticString) {
        self.key(key)
        beginValue()
        let start = writer.output.count
        writer.word(word)
        recordString(from: start)
    }

    /// A string member whose value is the URL `scheme://path`, percent-encoded as it is
    /// written (``JSONWriter/percentEncodedURL(scheme:path:)``).
    mutating func addURL(_ key: StaticString, scheme: UnsafeBufferPointer<UInt8>, path: UnsafeBufferPointer<UInt8>) {
        self.key(key)
        beginValue()
        let start = writer.output.count
        writer.percentEncodedURL(scheme: scheme, path: path)
        recordString(from: start)
    }

    /// A word member, when `word` is present.
    mutating func add(_ key: StaticString, word: StaticString?) {
        if let word { add(key, word: word) }
    }

    /// A member, when `value` is present.
    mutating func add(_ key: StaticString, _ value: DivJSON?) {
        guard let value else { return }
        self.key(key)
        append(value)
    }

    /// A string member, when `text` is present.
    mutating func add(_ key: StaticString, _ text: String?) {
        guard let text else { return }
        self.key(key)
        string(text)
    }

    /// An integer member, when `number` is present.
    mutating func add(_ key: StaticString, _ number: Int?) {
        guard let number else { return }
        self.key(key)
        int(number)
    }

    /// Writes `value`.
    mutating func append(_ value: DivJSON) {
        switch value {
        case .string(let text): string(text)
        case .int(let number): int(number)
        case .double(let number): double(number)
        case .bool(let flag): bool(flag)
        case .array(let items):
            beginArray()
            for item in items { append(item) }
            endArray()
        case .object(let members):
            beginObject()
            for member in members {
                key(escaping: member.key)
                append(member.value)
            }
            endObject()
        }
    }

    /// Starts recording a div about to be written among a container's items; returns the
    /// number that ``endItem(_:)`` takes when it is written.
    mutating func beginItem() -> Int {
        // An element after the array's first starts after its separator.
        let start = writer.output.count + (key == nil && writer.output.last != UInt8(ascii: "[") ? 1 : 0)
        items.append(Item(range: start..<start, values: values.count..<values.count, depth: depth, valueBytesBefore: valueBytes))
        return items.count - 1
    }

    /// Ends the record of item `number`: its div ends here.
    mutating func endItem(_ number: Int) {
        items[number].range = items[number].range.lowerBound..<writer.output.count
        items[number].values = items[number].values.lowerBound..<values.count
        let skeleton = items[number].range.count - (valueBytes - items[number].valueBytesBefore)
        items[number].shape = skeleton &* 31 &+ items[number].values.count
    }

    /// Whether the bytes at `a` and `b` are the same, compared eight at a time.
    func sameBytes(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        guard a.count == b.count else { return false }
        return writer.output.withUnsafeBytes { bytes in
            var offset = 0
            while offset + 8 <= a.count {
                let left = bytes.loadUnaligned(fromByteOffset: a.lowerBound + offset, as: UInt64.self)
                guard left == bytes.loadUnaligned(fromByteOffset: b.lowerBound + offset, as: UInt64.self) else { return false }
                offset += 8
            }
            while offset < a.count {
                guard bytes[a.lowerBound + offset] == bytes[b.lowerBound + offset] else { return false }
                offset += 1
            }
            return true
        }
    }

    /// Whether the object at `start` is a div of `type`: its first member, as the mapping
    /// writes it.
    func isDiv(at start: Int, ofType type: StaticString) -> Bool {
        let prefix: StaticString = #"{"type":""#
        let typeStart = start + prefix.utf8CodeUnitCount
        let end = typeStart + type.utf8CodeUnitCount
        guard end < writer.output.count, writer.output[end] == UInt8(ascii: "\"") else { return false }
        return prefix.withUTF8Buffer { prefix in prefix.indices.allSatisfy { writer.output[start + $0] == prefix[$0] } }
            && type.withUTF8Buffer { type in type.indices.allSatisfy { writer.output[typeStart + $0] == type[$0] } }
    }

    /// Removes the members of the object at `start`, the one being written, whose key
    /// `matches` selects; never its first member (a div's type), so the object is never
    /// left empty.
    mutating func removeMembers(ofObjectAt start: Int, where matches: (String) -> Bool) {
        // Past the first member: its key, its colon, its value.
        var index = Self.valueEnd(writer.output, from: Self.valueEnd(writer.output, from: start + 1) + 1)
        while index < writer.output.count, writer.output[index] == UInt8(ascii: ",") {
            let keyEnd = Self.valueEnd(writer.output, from: index + 1)
            let end = Self.valueEnd(writer.output, from: keyEnd + 1)
            let name = writer.output.text(in: (index + 2)..<(keyEnd - 1))
            if matches(name) {
                remove(index..<end)
            } else {
                index = end
            }
        }
    }

    /// Removes the bytes of `range` (a member: no div among items is in it), with the
    /// values in it; the values and items after it move up.
    private mutating func remove(_ range: Range<Int>) {
        writer.output.removeSubrange(range)
        let shift = range.count
        var first = values.count
        while first > 0 && values[first - 1].range.lowerBound >= range.lowerBound { first -= 1 }
        var past = first
        while past < values.count && values[past].range.lowerBound < range.upperBound { past += 1 }
        valueBytes -= values[first..<past].reduce(0) { $0 + $1.range.count }
        values.removeSubrange(first..<past)
        let removed = past - first
        for index in values.indices.dropFirst(first) {
            values[index].range = (values[index].range.lowerBound - shift)..<(values[index].range.upperBound - shift)
            values[index].key = values[index].key.map { $0 - shift }
        }
        for index in items.indices.reversed() where items[index].range.lowerBound >= range.upperBound {
            let item = items[index]
            items[index].range = (item.range.lowerBound - shift)..<(item.range.upperBound - shift)
            items[index].values = (item.values.lowerBound - removed)..<(item.values.upperBound - removed)
        }
    }

    /// The index just past the JSON value (or key) that starts at `index` in `bytes`,
    /// which this type wrote: a string, a number or literal, an object or an array.
    private static func valueEnd(_ bytes: borrowing OutputBuffer, from index: Int) -> Int {
        var current = index
        var depth = 0
        var inString = false
        while current < bytes.count {
            let byte = bytes[current]
            current += 1
            if inString {
                if byte == UInt8(ascii: "\\") {
                    current += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { return current }
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return current - 1 }
                depth -= 1
                if depth == 0 { return current }
            case UInt8(ascii: ","), UInt8(ascii: ":"):
                if depth == 0 { return current - 1 }
            default: break
            }
        }
        return current
    }
}
