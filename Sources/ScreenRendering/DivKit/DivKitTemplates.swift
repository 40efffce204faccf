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
        var groups: [String: [Int]] = [:]
        var order: [String] = []
        for (index, candidate) in candidates.enumerated() {
            if groups[candidate.shape] == nil { order.append(candidate.shape) }
            groups[candidate.shape, default: []].append(index)
        }
        // Outermost shapes first; a use inside another template's use is not rewritten.
        let depth = { (shape: String) in groups[shape]?.first.map { candidates[$0].depth } ?? 0 }
        order.sort { depth($0) < depth($1) }
        var replacements: [Int: DivJSON] = [:]
        var covered: [Range<Int>] = []
        var templates: [DivJSON.Member] = []
        for shape in order {
            let uses = (groups[shape] ?? []).filter { index in !covered.contains { $0.contains(index) } }
            guard uses.count >= 2, let template = Template(uses.map { candidates[$0].value }, name: "sr_t\(templates.count)")
            else { continue }
            let original = uses.reduce(0) { $0 + candidates[$1].size }
            let templated = template.definitionSize + template.uses.reduce(0) { $0 + $1.compactSize }
            guard templated < original else { continue }
            templates.append(.init(template.name, template.definition))
            for (index, use) in zip(uses, template.uses) {
                replacements[index] = use
                covered.append(index..<(index + candidates[index].descendants + 1))
            }
        }
        if !replacements.isEmpty {
            var counter = 0
            card = rewrite(card, inItems: false, counter: &counter, replacements: replacements)
        }
        return templates
    }

    /// A div that stands in a list of items, in document order.
    private struct Candidate {
        var value: DivJSON
        var shape: String
        var depth: Int
        var size: Int
        /// How many candidates lie inside this one (they follow it in document order).
        var descendants: Int
    }

    private static func collect(_ value: DivJSON, depth: Int, inItems: Bool, into candidates: inout [Candidate]) {
        switch value {
        case .object(let members):
            let index = candidates.count
            if inItems, value["type"] != nil {
                var shape = ""
                Self.shape(of: value, into: &shape)
                candidates.append(Candidate(value: value, shape: shape, depth: depth, size: value.compactSize, descendants: 0))
            }
            for member in members {
                collect(member.value, depth: depth + 1, inItems: member.key == "items", into: &candidates)
            }
            if index < candidates.count, inItems, value["type"] != nil {
                candidates[index].descendants = candidates.count - index - 1
            }
        case .array(let items):
            for item in items { collect(item, depth: depth + 1, inItems: inItems, into: &candidates) }
        default:
            break
        }
    }

    /// The same walk as ``collect(_:depth:inItems:into:)``, replacing candidates by number.
    private static func rewrite(_ value: DivJSON, inItems: Bool, counter: inout Int, replacements: [Int: DivJSON]) -> DivJSON {
        switch value {
        case .object(let members):
            var replacement: DivJSON?
            if inItems, value["type"] != nil {
                replacement = replacements[counter]
                counter += 1
            }
            let rewritten = DivJSON.object(members.map { member in
                .init(member.key, rewrite(member.value, inItems: member.key == "items", counter: &counter, replacements: replacements))
            })
            return replacement ?? rewritten
        case .array(let items):
            return .array(items.map { rewrite($0, inItems: inItems, counter: &counter, replacements: replacements) })
        default:
            return value
        }
    }

    /// The structure with every scalar replaced by its kind: divs of one shape differ only
    /// in scalar values. The `type` of objects is part of the shape.
    private static func shape(of value: DivJSON, into shape: inout String) {
        switch value {
        case .string: shape += "s"
        case .int: shape += "i"
        case .double: shape += "d"
        case .bool: shape += "b"
        case .array(let items):
            shape += "["
            for item in items { Self.shape(of: item, into: &shape) }
            shape += "]"
        case .object(let members):
            shape += "{"
            for member in members {
                shape += member.key
                if member.key == "type", case .string(let type) = member.value { shape += "=" + type + ";" } else {
                    shape += ":"
                    Self.shape(of: member.value, into: &shape)
                }
            }
            shape += "}"
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
