/// Templates: divs of the same shape (list rows, cards) are written once under
/// `templates` and referenced, so a list of 100 rows is not 100 copies of its layout.
///
/// Two divs have the same shape when they differ only in scalar values (texts, URLs,
/// numbers). For each shape found at least twice among the items of containers,
/// galleries and pagers, the template holds what all its uses share; each value that
/// differs becomes a link (`"$text": "sr_1"`) that the use fills (`"sr_1": "Row 7"`), as
/// DivKit's templating resolves it. A shape is templated only when that saves bytes, the
/// outermost first: nothing inside a templated div is templated again.
enum DivKitTemplates {
    /// Rewrites `card` to use templates and returns them, by name.
    static func extract(from card: inout DivJSON) -> [DivJSON.Member] {
        var candidates: [Candidate] = []
        collect(card, depth: 0, inItems: false, into: &candidates)
        // Most divs have a shape of their own: grouped by a fingerprint of the shape first,
        // so that only a shape seen twice costs more than the one walk.
        var groups: [Int: [Int]] = [:]
        var order: [Int] = []
        for (index, candidate) in candidates.enumerated() {
            if groups[candidate.shape] == nil { order.append(candidate.shape) }
            groups[candidate.shape, default: []].append(index)
        }
        // Outermost shapes first; a use inside another template's use is not rewritten.
        let depth = { (shape: Int) in groups[shape]?.first.map { candidates[$0].depth } ?? 0 }
        order.sort { depth($0) < depth($1) }
        var replacements: [Int: DivJSON] = [:]
        var covered: [Range<Int>] = []
        var templates: [DivJSON.Member] = []
        for shape in order {
            guard let group = groups[shape], group.count >= 2 else { continue }
            for uses in sameShapes(group, candidates) {
                let uses = uses.filter { index in !covered.contains { $0.contains(index) } }
                guard uses.count >= 2, let template = Template(uses.map { candidates[$0].value }, name: "sr_t\(templates.count)")
                else { continue }
                let original = uses.reduce(0) { $0 + candidates[$1].value.compactSize }
                let templated = template.definitionSize + template.uses.reduce(0) { $0 + $1.compactSize }
                guard templated < original else { continue }
                templates.append(.init(template.name, template.definition))
                for (index, use) in zip(uses, template.uses) {
                    replacements[index] = use
                    covered.append(index..<(index + candidates[index].descendants + 1))
                }
            }
        }
        if !replacements.isEmpty {
            var counter = 0
            card = rewrite(card, inItems: false, counter: &counter, replacements: replacements) ?? card
        }
        return templates
    }

    /// A div that stands in a list of items, in document order.
    private struct Candidate {
        var value: DivJSON
        /// A fingerprint of its shape: equal for equal shapes (``sameShape(_:_:)`` tells).
        var shape: Int
        var depth: Int
        /// How many candidates lie inside this one (they follow it in document order).
        var descendants: Int
    }

    /// Walks `value` once, bottom up, recording the candidates inside it; returns a cheap
    /// fingerprint of its shape (kinds, member counts, key and type lengths), equal for
    /// equal shapes. ``sameShape(_:_:)`` then tells apart the rare different shapes that
    /// share one.
    @discardableResult
    private static func collect(_ value: DivJSON, depth: Int, inItems: Bool, into candidates: inout [Candidate]) -> Int {
        switch value {
        case .string: return 1
        case .int: return 2
        case .double: return 3
        case .bool: return 4
        case .array(let items):
            var shape = 5 &* 31 &+ items.count
            for item in items { shape = shape &* 31 &+ collect(item, depth: depth + 1, inItems: inItems, into: &candidates) }
            return shape
        case .object(let members):
            let index = candidates.count
            let isCandidate = inItems && value["type"] != nil
            if isCandidate { candidates.append(Candidate(value: value, shape: 0, depth: depth, descendants: 0)) }
            var shape = 6 &* 31 &+ members.count
            for member in members {
                shape = shape &* 31 &+ member.key.utf8.count
                if member.key == "type", case .string(let type) = member.value {
                    shape = shape &* 31 &+ type.utf8.count &* 257 &+ Int(type.utf8.first ?? 0)
                } else {
                    shape = shape &* 31 &+ collect(member.value, depth: depth + 1, inItems: member.key == "items", into: &candidates)
                }
            }
            if isCandidate {
                candidates[index].shape = shape
                candidates[index].descendants = candidates.count - index - 1
            }
            return shape
        }
    }

    /// The same walk as ``collect(_:depth:inItems:into:)``, replacing candidates by number:
    /// `nil` when nothing in `value` is replaced, so that only the paths to replacements
    /// are copied.
    private static func rewrite(_ value: DivJSON, inItems: Bool, counter: inout Int, replacements: [Int: DivJSON]) -> DivJSON? {
        switch value {
        case .object(let members):
            var replacement: DivJSON?
            if inItems, value["type"] != nil {
                replacement = replacements[counter]
                counter += 1
            }
            var rewritten: [DivJSON.Member]?  // made on the first change
            for (index, member) in members.enumerated() {
                let new = rewrite(member.value, inItems: member.key == "items", counter: &counter, replacements: replacements)
                if new != nil, rewritten == nil { rewritten = Array(members[..<index]) }
                rewritten?.append(new.map { .init(member.key, $0) } ?? member)
            }
            return replacement ?? rewritten.map(DivJSON.object)
        case .array(let items):
            var rewritten: [DivJSON]?
            for (index, item) in items.enumerated() {
                let new = rewrite(item, inItems: inItems, counter: &counter, replacements: replacements)
                if new != nil, rewritten == nil { rewritten = Array(items[..<index]) }
                rewritten?.append(new ?? item)
            }
            return rewritten.map(DivJSON.array)
        default:
            return nil
        }
    }

    /// `group`, candidates of one shape fingerprint, split into those of one shape each,
    /// in document order: one group, unless two shapes share a fingerprint.
    private static func sameShapes(_ group: [Int], _ candidates: [Candidate]) -> [[Int]] {
        var result: [[Int]] = []
        for index in group {
            if let existing = result.firstIndex(where: { sameShape(candidates[$0[0]].value, candidates[index].value) }) {
                result[existing].append(index)
            } else {
                result.append([index])
            }
        }
        return result
    }

    /// Whether `a` and `b` have the same shape: the structure with every scalar replaced
    /// by its kind, since divs of one shape differ only in scalar values; the `type` of
    /// objects is part of it.
    private static func sameShape(_ a: DivJSON, _ b: DivJSON) -> Bool {
        switch (a, b) {
        case (.string, .string), (.int, .int), (.double, .double), (.bool, .bool): return true
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { sameShape($0, $1) }
        case (.object(let left), .object(let right)):
            guard left.count == right.count else { return false }
            for (l, r) in zip(left, right) {
                guard l.key == r.key else { return false }
                if l.key == "type", case .string(let leftType) = l.value {
                    guard case .string(let rightType) = r.value, leftType == rightType else { return false }
                } else if !sameShape(l.value, r.value) {
                    return false
                }
            }
            return true
        default:
            return false
        }
    }

    /// A template made from divs of one shape, and the uses that replace them.
    private struct Template {
        let name: String
        let definition: DivJSON
        let uses: [DivJSON]
        var definitionSize: Int { definition.compactSize + name.utf8.count + 4 }

        /// `nil` when a differing value is not an object member (an array element cannot
        /// be linked).
        init?(_ divs: [DivJSON], name: String) {
            var fields: [[DivJSON]] = divs.map { _ in [] }
            var linkCount = 0
            guard let definition = Self.merge(divs, isRoot: true, fields: &fields, linkCount: &linkCount) else { return nil }
            self.name = name
            self.definition = definition
            uses = fields.map { values in
                var members = [DivJSON.Member("type", .string(name))]
                for (index, value) in values.enumerated() { members.append(.init("sr_\(index)", value)) }
                return .object(members)
            }
        }

        /// The template of `divs` (all of one shape): values equal in every div stay,
        /// differing ones become links; `fields[i]` collects div `i`'s values in link order.
        private static func merge(_ values: [DivJSON], isRoot: Bool, fields: inout [[DivJSON]], linkCount: inout Int) -> DivJSON? {
            guard let first = values.first else { return nil }
            switch first {
            case .object(let members):
                var merged: [DivJSON.Member] = []
                for (position, member) in members.enumerated() {
                    let column = values.map { value -> DivJSON in
                        if case .object(let others) = value { return others[position].value }
                        return member.value
                    }
                    if isScalar(member.value), column.contains(where: { $0 != member.value }) {
                        merged.append(.init("$" + member.key, .string("sr_\(linkCount)")))
                        for index in fields.indices { fields[index].append(column[index]) }
                        linkCount += 1
                    } else {
                        guard let value = merge(column, isRoot: false, fields: &fields, linkCount: &linkCount) else { return nil }
                        merged.append(.init(member.key, value))
                    }
                }
                return .object(merged)
            case .array(let items):
                var merged: [DivJSON] = []
                for position in items.indices {
                    let column = values.map { value -> DivJSON in
                        if case .array(let others) = value { return others[position] }
                        return items[position]
                    }
                    if isScalar(items[position]) {
                        guard !column.contains(where: { $0 != items[position] }) else { return nil }
                        merged.append(items[position])
                    } else {
                        guard let value = merge(column, isRoot: false, fields: &fields, linkCount: &linkCount) else { return nil }
                        merged.append(value)
                    }
                }
                return .array(merged)
            default:
                return first
            }
        }

        private static func isScalar(_ value: DivJSON) -> Bool {
            switch value {
            case .array, .object: false
            default: true
            }
        }
    }
}
