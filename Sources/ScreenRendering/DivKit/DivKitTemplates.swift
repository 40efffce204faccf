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
    /// The templates found in a card, and the uses that stand in for its divs.
    struct Plan {
        /// The templates, by name.
        var templates: [DivJSON.Member] = []
        /// The uses, by the number of the div they replace among the candidates (the divs
        /// in items, numbered in document order); `nil` for a div written as it is. Empty
        /// when no template pays.
        var uses: [Use?] = []
    }

    /// A use of a template, and how many candidates it covers: the div it replaces and
    /// the ones inside it.
    struct Use {
        var div: DivJSON
        var covers: Int
    }

    /// The templates that save bytes in `card`.
    static func plan(for card: DivJSON) -> Plan {
        var candidates: [Candidate] = []
        collect(card, depth: 0, inItems: false, into: &candidates)
        // Most divs have a shape of their own: sorted by a fingerprint of the shape, only
        // runs of two or more cost more than the one walk. Outermost shapes first (then
        // in document order), since a use inside another template's use is not rewritten.
        let byShape = candidates.indices.sorted { (candidates[$0].shape, $0) < (candidates[$1].shape, $1) }
        var groups: [(depth: Int, first: Int, members: ArraySlice<Int>)] = []
        var start = byShape.startIndex
        while start < byShape.endIndex {
            let first = byShape[start]
            let end = byShape[start...].firstIndex { candidates[$0].shape != candidates[first].shape } ?? byShape.endIndex
            if end - start >= 2 { groups.append((candidates[first].depth, first, byShape[start..<end])) }
            start = end
        }
        groups.sort { ($0.depth, $0.first) < ($1.depth, $1.first) }
        var plan = Plan()
        var covered: [Range<Int>] = []
        for group in groups {
            for uses in sameShapes(group.members, candidates) {
                let uses = uses.filter { index in !covered.contains { $0.contains(index) } }
                let name = templateName(plan.templates.count)
                guard uses.count >= 2, Template.mayPay(uses.count, name: name, div: candidates[uses[0]].value),
                      let template = Template(uses.map { candidates[$0].value }, name: name), template.savedBytes > 0
                else { continue }
                plan.templates.append(.init(template.name, template.definition))
                if plan.uses.isEmpty { plan.uses = Array(repeating: nil, count: candidates.count) }
                for (index, use) in zip(uses, template.uses) {
                    let covers = candidates[index].descendants + 1
                    plan.uses[index] = Use(div: use, covers: covers)
                    covered.append(index..<(index + covers))
                }
            }
        }
        return plan
    }

    /// The name of the card's template number `index`: `sr_t0`, `sr_t1`…
    static func templateName(_ index: Int) -> String {
        index < templateNames.count ? templateNames[index] : "sr_t\(index)"
    }

    /// The name of a template's link number `index`: `sr_0`, `sr_1`…
    static func linkName(_ index: Int) -> String {
        index < linkNames.count ? linkNames[index] : "sr_\(index)"
    }

    /// The names most cards use, made once instead of for every request.
    private static let templateNames = (0..<32).map { "sr_t\($0)" }
    private static let linkNames = (0..<32).map { "sr_\($0)" }

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
            let isCandidate = inItems && value.isDiv
            if isCandidate { candidates.append(Candidate(value: value, shape: 0, depth: depth, descendants: 0)) }
            var shape = 6 &* 31 &+ members.count
            for member in members {
                shape = shape &* 31 &+ member.key.utf8.count
                if member.isType, case .string(let type) = member.value {
                    shape = shape &* 31 &+ type.utf8.count &* 257 &+ Int(type.utf8.first ?? 0)
                } else {
                    shape = shape &* 31 &+ collect(member.value, depth: depth + 1, inItems: member.isItems, into: &candidates)
                }
            }
            if isCandidate {
                candidates[index].shape = shape
                candidates[index].descendants = candidates.count - index - 1
            }
            return shape
        }
    }

    /// Writes `card` with the plan's uses in place of the divs they replace: the walk of
    /// ``collect(_:depth:inItems:into:)``, numbering candidates as it does, and writing
    /// as ``DivJSON/write(into:)`` does, so that no rewritten copy of the card is made.
    static func write(_ card: DivJSON, with uses: [Use?], into writer: inout JSONWriter) {
        var counter = 0
        write(card, inItems: false, uses: uses, counter: &counter, into: &writer)
    }

    private static func write(_ value: DivJSON, inItems: Bool, uses: [Use?], counter: inout Int, into writer: inout JSONWriter) {
        switch value {
        case .object(let members):
            if inItems, value.isDiv {
                if counter < uses.count, let use = uses[counter] {
                    counter += use.covers
                    use.div.write(into: &writer)
                    return
                }
                counter += 1
            }
            writer.beginObject()
            for member in members {
                writer.key(member.key)
                write(member.value, inItems: member.isItems, uses: uses, counter: &counter, into: &writer)
            }
            writer.endObject()
        case .array(let items):
            writer.beginArray()
            for item in items {
                writer.element()
                write(item, inItems: inItems, uses: uses, counter: &counter, into: &writer)
            }
            writer.endArray()
        default:
            value.write(into: &writer)
        }
    }

    /// `group`, candidates of one shape fingerprint, split into those of one shape each,
    /// in document order: one group, unless two shapes share a fingerprint.
    private static func sameShapes(_ group: ArraySlice<Int>, _ candidates: [Candidate]) -> [[Int]] {
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
                if l.isType, case .string(let leftType) = l.value {
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
    struct Template {
        let name: String
        let definition: DivJSON
        let uses: [DivJSON]
        /// The links' names, `sr_0`, `sr_1`…: the definition's values and the uses' keys.
        let links: [String]

        /// `nil` when a differing value is not an object member (an array element cannot
        /// be linked).
        init?(_ divs: [DivJSON], name: String) {
            var fields: [[DivJSON]] = divs.map { _ in [] }
            var linkCount = 0
            guard let definition = Self.merge(divs, isRoot: true, fields: &fields, linkCount: &linkCount) else { return nil }
            self.name = name
            self.definition = definition
            let links = (0..<linkCount).map(linkName)
            self.links = links
            uses = fields.map { values in
                var members = [DivJSON.Member("type", .string(name))]
                members.reserveCapacity(1 + values.count)
                for (link, value) in zip(links, values) { members.append(.init(link, value)) }
                return .object(members)
            }
        }

        /// The bytes that writing the template and its uses saves over writing the divs
        /// (negative: it costs), counted without walking the divs.
        ///
        /// Each div is the definition with values where it has links: per link, the value
        /// instead of `$` and `"sr_0"`. Each use is `{"type":"<name>"}` and per link
        /// `,"sr_0":` and the value. So the values cancel out, and n divs cost n - 1
        /// definitions more than the template, which costs its entry and per use its type
        /// and per link `$`, `,`, `:` and `"sr_0"` twice.
        var savedBytes: Int {
            Self.savedBytes(uses.count, name: name, definition: definition.compactSize, links: links)
        }

        /// Whether `count` divs like `div` may share a template named `name` with a saving,
        /// a cheap test before merging them: ``savedBytes`` with `div` as the definition
        /// and no link is an upper bound, since a link makes the definition at most
        /// `"sr_0"` longer than the div and costs every use more than that.
        static func mayPay(_ count: Int, name: String, div: DivJSON) -> Bool {
            savedBytes(count, name: name, definition: div.compactSize, links: []) > 0
        }

        private static func savedBytes(_ count: Int, name: String, definition: Int, links: [String]) -> Int {
            let perUse = JSONWriter.quotedSize(name) + #"{"type":}"#.utf8.count
                + links.reduce(0) { $0 + 2 * JSONWriter.quotedSize($1) + "$,:".utf8.count }
            let definitionEntry = name.utf8.count + #""":,"#.utf8.count
            return (count - 1) * definition - definitionEntry - count * perUse
        }

        /// The template of `divs` (all of one shape): values equal in every div stay,
        /// differing ones become links; `fields[i]` collects div `i`'s values in link order.
        private static func merge(_ values: [DivJSON], isRoot: Bool, fields: inout [[DivJSON]], linkCount: inout Int) -> DivJSON? {
            guard let first = values.first else { return nil }
            switch first {
            case .object(let members):
                var merged: [DivJSON.Member] = []
                merged.reserveCapacity(members.count)
                for (position, member) in members.enumerated() {
                    // The member's value in each div (all of one shape: objects alike).
                    let valueIn = { (div: DivJSON) -> DivJSON in
                        if case .object(let others) = div { return others[position].value }
                        return member.value
                    }
                    guard isScalar(member.value) else {
                        guard let value = merge(values.map(valueIn), isRoot: false, fields: &fields, linkCount: &linkCount) else { return nil }
                        merged.append(.init(member.key, value))
                        continue
                    }
                    if values.dropFirst().contains(where: { valueIn($0) != member.value }) {
                        merged.append(.init("$" + member.key, .string(linkName(linkCount))))
                        for index in fields.indices { fields[index].append(valueIn(values[index])) }
                        linkCount += 1
                    } else {
                        merged.append(member)
                    }
                }
                return .object(merged)
            case .array(let items):
                var merged: [DivJSON] = []
                merged.reserveCapacity(items.count)
                for (position, item) in items.enumerated() {
                    let itemIn = { (div: DivJSON) -> DivJSON in
                        if case .array(let others) = div { return others[position] }
                        return item
                    }
                    guard isScalar(item) else {
                        guard let value = merge(values.map(itemIn), isRoot: false, fields: &fields, linkCount: &linkCount) else { return nil }
                        merged.append(value)
                        continue
                    }
                    // An array element cannot be linked: it must be the same in every div.
                    guard !values.dropFirst().contains(where: { itemIn($0) != item }) else { return nil }
                    merged.append(item)
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
