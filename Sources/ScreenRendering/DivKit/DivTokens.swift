/// The divs of a DivKit card as the mapping writes them: JSON tokens in document order,
/// in one array.
///
/// Flat rather than a tree of values: the mapping appends to one buffer instead of
/// allocating an array for every object, the template pass compares and merges divs as
/// runs of tokens (a div is the run from its ``Token/object`` to the matching
/// ``Token/endObject``), and the writer reads the run once. Strings here are final
/// (already escaped for DivKit's expressions).
struct DivTokens {
    enum Token: Equatable {
        case object, endObject, array, endArray
        case key(String)
        case string(String), int(Int), double(Double), bool(Bool)

        /// Whether this is a string, number or Boolean.
        var isScalar: Bool {
            switch self {
            case .string, .int, .double, .bool: true
            default: false
            }
        }

        /// Whether this ends an object or an array.
        var isEnd: Bool { self == .endObject || self == .endArray }
    }

    private(set) var tokens: [Token] = []
    /// The divs written among a container's items, in document order, each with how many
    /// objects and arrays it is in: the candidates for templates, recorded as they are
    /// written so that the template pass need not look for them.
    private(set) var items: [(range: Range<Int>, depth: Int)] = []
    /// How many objects and arrays are open.
    private var depth = 0

    init() {
        tokens.reserveCapacity(256)  // a typical screen's card in one allocation
    }

    /// The tokens of `values`, one after another.
    init(_ values: [DivJSON]) {
        for value in values { append(value) }
    }

    init(tokens: [Token]) {
        self.tokens = tokens
    }

    var count: Int { tokens.count }

    /// Every token's index.
    var all: Range<Int> { 0..<tokens.count }

    subscript(index: Int) -> Token { tokens[index] }

    subscript(range: Range<Int>) -> ArraySlice<Token> { tokens[range] }

    mutating func beginObject() {
        tokens.append(.object)
        depth += 1
    }

    mutating func endObject() {
        tokens.append(.endObject)
        depth -= 1
    }

    mutating func beginArray() {
        tokens.append(.array)
        depth += 1
    }

    mutating func endArray() {
        tokens.append(.endArray)
        depth -= 1
    }

    mutating func key(_ name: String) { tokens.append(.key(name)) }

    /// Starts recording a div about to be written among a container's items; returns the
    /// number that ``endItem(_:)`` takes when it is written.
    mutating func beginItem() -> Int {
        items.append((tokens.count..<tokens.count, depth))
        return items.count - 1
    }

    /// Ends the record of item `number`: its div ends here.
    mutating func endItem(_ number: Int) {
        items[number].range = items[number].range.lowerBound..<tokens.count
    }

    /// A member, when `value` is present.
    mutating func add(_ key: String, _ value: DivJSON?) {
        guard let value else { return }
        tokens.append(.key(key))
        append(value)
    }

    /// A string member, when `text` is present.
    mutating func add(_ key: String, _ text: String?) {
        guard let text else { return }
        tokens.append(.key(key))
        tokens.append(.string(text))
    }

    /// `value`'s tokens.
    mutating func append(_ value: DivJSON) {
        switch value {
        case .string(let text): tokens.append(.string(text))
        case .int(let number): tokens.append(.int(number))
        case .double(let number): tokens.append(.double(number))
        case .bool(let flag): tokens.append(.bool(flag))
        case .array(let items):
            tokens.append(.array)
            for item in items { append(item) }
            tokens.append(.endArray)
        case .object(let members):
            tokens.append(.object)
            for member in members {
                tokens.append(.key(member.key))
                append(member.value)
            }
            tokens.append(.endObject)
        }
    }

    /// Drops everything from `count` on: what was written for something that turned out
    /// to have no place.
    mutating func truncate(to count: Int) {
        tokens.removeSubrange(count...)
    }

    /// The index just past the value that starts at `index`.
    func valueEnd(from index: Int) -> Int {
        var depth = 0
        var current = index
        repeat {
            switch tokens[current] {
            case .object, .array: depth += 1
            case .endObject, .endArray: depth -= 1
            default: break
            }
            current += 1
        } while depth > 0
        return current
    }

    /// Removes the members of the object at `start` (still open: written last) whose key
    /// `matches` selects.
    mutating func removeMembers(ofObjectAt start: Int, where matches: (String) -> Bool) {
        var index = start + 1
        while index < tokens.count, case .key(let name) = tokens[index] {
            let end = valueEnd(from: index + 1)
            if matches(name) {
                tokens.removeSubrange(index..<end)
            } else {
                index = end
            }
        }
    }
}

extension DivTokens {
    /// The compact JSON size of the values in `range` (whole values, and members with
    /// their keys) in bytes, for deciding whether a template pays: counted, not written,
    /// byte for byte what ``write(_:into:)`` writes.
    func compactSize(_ range: Range<Int>) -> Int {
        var size = 0
        var previous: Token?
        for token in tokens[range] {
            // A comma before each member or element but a container's first.
            if !token.isEnd, let previous, previous.isScalar || previous.isEnd { size += 1 }
            switch token {
            case .object, .endObject, .array, .endArray: size += 1
            case .key(let name): size += JSONWriter.quotedSize(name) + 1
            case .string(let text): size += JSONWriter.quotedSize(text)
            case .int(let number): size += DivJSON.decimalLength(number)
            case .double(let number): size += number.isFinite ? number.description.utf8.count : 4
            case .bool(let flag): size += flag ? 4 : 5
            }
            previous = token
        }
        return size
    }

    /// Writes the whole values in `range` with `writer`, the first as the value of a key
    /// just written (or as a document), the rest as elements of the array they are in.
    func write(_ range: Range<Int>, into writer: inout JSONWriter) {
        var afterKey = true
        for token in tokens[range] {
            Self.write(token, afterKey: afterKey, into: &writer)
            afterKey = if case .key = token { true } else { false }
        }
    }

    /// Writes one token; an element of an array gets its separator first.
    static func write(_ token: Token, afterKey: Bool, into writer: inout JSONWriter) {
        switch token {
        case .key, .endObject, .endArray: break
        default: if !afterKey { writer.element() }
        }
        switch token {
        case .object: writer.beginObject()
        case .endObject: writer.endObject()
        case .array: writer.beginArray()
        case .endArray: writer.endArray()
        case .key(let name): writer.key(name)
        case .string(let text): writer.string(text)
        case .int(let number): writer.int(number)
        case .double(let number): writer.double(number)
        case .bool(let flag): writer.raw(flag ? "true" : "false")
        }
    }
}
