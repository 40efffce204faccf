import ScreenRegistry

/// A node's properties being taken by a client mapping (DivKit, Hyperview). Each `take`
/// removes a property only when it has the shape the mapping expects; what is left at
/// the end, unexpected shapes included, has no equivalent in the client's format, and the
/// mapping gives it its documented outcome (DivKit's `beagle` extension, an HXML comment).
///
/// Taken properties are marked, not removed: the node's own array is read in place, and
/// only what is left, usually nothing, is ever copied.
struct Properties {
    private let all: [Node.Property]
    /// Which properties are taken: one bit each for the first 64, a set for any beyond
    /// (an empty set allocates nothing).
    private var takenBits: UInt64 = 0
    private var takenBeyond: Set<Int> = []
    /// How many are taken: once all are, a search for a name the node lacks (most of a
    /// mapping's searches) compares nothing.
    private var takenCount = 0
    /// Properties added back by the mapping (a style's untaken part), reported with the rest.
    private var added: [Node.Property] = []

    init(_ properties: [Node.Property]) {
        all = properties
    }

    private func isTaken(_ index: Int) -> Bool {
        index < 64 ? takenBits & (1 << UInt64(index)) != 0 : takenBeyond.contains(index)
    }

    private mutating func markTaken(_ index: Int) {
        if index < 64 { takenBits |= 1 << UInt64(index) } else { takenBeyond.insert(index) }
        takenCount += 1
    }

    /// What the mapping did not take, in order.
    var remaining: [Node.Property] {
        var result: [Node.Property] = []
        for index in all.indices where !isTaken(index) { result.append(all[index]) }
        return added.isEmpty ? result : result + added
    }

    var isEmpty: Bool { added.isEmpty && takenCount == all.count }

    /// Keeps `property` for the extension.
    mutating func keep(_ property: Node.Property) {
        added.append(property)
    }

    /// Takes every property `predicate` selects, in order.
    mutating func takeAll(where predicate: (Node.Property) -> Bool) -> [Node.Property] {
        var result: [Node.Property] = []
        for index in all.indices where !isTaken(index) && predicate(all[index]) {
            markTaken(index)
            result.append(all[index])
        }
        return result
    }

    /// Removes the value named `name` and returns what `accepts` makes of it, when it
    /// makes something; otherwise the property stays.
    mutating func take<T>(_ name: String, _ accepts: (Node.Value) -> T?) -> T? {
        guard let index = firstUntaken(name), let result = accepts(all[index].value) else { return nil }
        markTaken(index)
        return result
    }

    /// The first property named `name` not taken yet. Not generic, so that the many
    /// `take` call sites share one copy of the search instead of each having its own.
    private func firstUntaken(_ name: String) -> Int? {
        guard takenCount < all.count else { return nil }
        for index in all.indices where !isTaken(index) && all[index].name == name { return index }
        return nil
    }

    mutating func takeString(_ name: String) -> String? {
        take(name) { if case .string(let text) = $0 { text } else { nil } }
    }

    mutating func takeBool(_ name: String) -> Bool? {
        take(name) { if case .bool(let flag) = $0 { flag } else { nil } }
    }

    /// A finite number (an integer as a double) that `accepts` takes.
    mutating func takeNumber(_ name: String, where accepts: (Double) -> Bool) -> Double? {
        take(name) {
            let number: Double? = switch $0 {
            case .double(let number) where number.isFinite: number
            case .int(let number): Double(number)
            default: nil
            }
            return number.flatMap { accepts($0) ? $0 : nil }
        }
    }

    mutating func takeNode(_ name: String) -> Node? {
        take(name) { if case .node(let node) = $0 { node } else { nil } }
    }

    /// A list, or a single node as a list of one.
    mutating func takeList(_ name: String) -> [Node.Value]? {
        take(name) {
            switch $0 {
            case .list(let items): items
            case .node: [$0]
            default: nil
            }
        }
    }

    /// The value named `name`, whatever its shape.
    mutating func takeAny(_ name: String) -> Node.Value? {
        take(name) { $0 }
    }

    /// The node named `name`, left in place.
    func node(_ name: String) -> Node? {
        guard let index = firstUntaken(name), case .node(let node) = all[index].value else { return nil }
        return node
    }
}
