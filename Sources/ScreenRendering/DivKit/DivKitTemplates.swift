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
    typealias Token = DivTokens.Token

    /// The templates found in a card's divs, and the uses that stand in for some of them.
    struct Plan {
        var templates: [Template] = []
        /// The uses in document order. Empty when no template pays.
        var uses: [Use] = []
    }

    /// A div written as a use of a template.
    struct Use {
        /// The div's tokens.
        var range: Range<Int>
        /// The template's index in the plan.
        var template: Int
        /// The div's values for the template's links, in link order.
        var fields: [Token]
    }

    /// The templates that save bytes in `document`.
    static func plan(for document: DivTokens) -> Plan {
        let candidates = collect(document)
        // Most divs have a shape of their own: sorted by a fingerprint of the shape, only
        // runs of two or more need comparing.
        let byShape = candidates.indices.sorted { (candidates[$0].shape, $0) < (candidates[$1].shape, $1) }
        var groups: [[Int]] = []
        var start = byShape.startIndex
        while start < byShape.endIndex {
            let first = byShape[start]
            let end = byShape[start...].firstIndex { candidates[$0].shape != candidates[first].shape } ?? byShape.endIndex
            if end - start >= 2 { groups += sameShapes(byShape[start..<end], candidates, document).filter { $0.count >= 2 } }
            start = end
        }
        // Outermost shapes first (then in document order), since a use inside another
        // template's use is not written.
        groups.sort { (candidates[$0[0]].depth, $0[0]) < (candidates[$1[0]].depth, $1[0]) }
        var plan = Plan()
        var covered: [Range<Int>] = []
        for group in groups {
            let ranges = group.map { candidates[$0].range }.filter { range in !covered.contains { $0.contains(range.lowerBound) } }
            let name = templateName(plan.templates.count)
            guard ranges.count >= 2, Template.mayPay(ranges.count, name: name, size: document.compactSize(ranges[0])),
                  let template = Template(document, ranges, name: name), template.savedBytes > 0
            else { continue }
            for (range, fields) in zip(ranges, template.fields) {
                plan.uses.append(Use(range: range, template: plan.templates.count, fields: fields))
            }
            plan.templates.append(template)
            covered += ranges
        }
        plan.uses.sort { $0.range.lowerBound < $1.range.lowerBound }
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

    /// A div that stands in a list of items.
    private struct Candidate {
        var range: Range<Int>
        /// A fingerprint of its shape: equal for equal shapes (``sameShape(_:_:_:)`` tells).
        var shape: Int
        /// How many objects and arrays it is in.
        var depth: Int
    }

    /// The candidates of `document`, the divs among the items of containers, galleries
    /// and pagers (as the mapping recorded them), each with a cheap fingerprint of its
    /// shape: its token count and type, equal for equal shapes. ``sameShape(_:_:_:)`` then
    /// tells apart the different shapes that share one.
    private static func collect(_ document: DivTokens) -> [Candidate] {
        document.items.map { item in
            var shape = item.range.count
            if item.range.count > 2, case .string(let type) = document[item.range.lowerBound + 2] {
                shape = shape &* 31 &+ type.utf8.count &* 257 &+ Int(type.utf8.first ?? 0)
            }
            return Candidate(range: item.range, shape: shape, depth: item.depth)
        }
    }

    /// Writes the divs of `document` with the plan's uses in place of the divs they
    /// replace, the first token as the value of a key just written.
    static func write(_ document: DivTokens, with plan: Plan, into writer: inout JSONWriter) {
        var index = 0
        var nextUse = 0
        var afterKey = true
        while index < document.count {
            if nextUse < plan.uses.count, plan.uses[nextUse].range.lowerBound == index {
                let use = plan.uses[nextUse]
                if !afterKey { writer.element() }
                plan.templates[use.template].writeUse(use.fields, into: &writer)
                index = use.range.upperBound
                // Uses planned inside this one (for an inner shape found first) are not written.
                while nextUse < plan.uses.count, plan.uses[nextUse].range.lowerBound < index { nextUse += 1 }
                afterKey = false
                continue
            }
            let token = document[index]
            DivTokens.write(token, afterKey: afterKey, into: &writer)
            afterKey = if case .key = token { true } else { false }
            index += 1
        }
    }

    /// `group`, candidates of one shape fingerprint, split into those of one shape each,
    /// in document order: one group, unless two shapes share a fingerprint.
    private static func sameShapes(_ group: ArraySlice<Int>, _ candidates: [Candidate], _ document: DivTokens) -> [[Int]] {
        var result: [[Int]] = []
        for index in group {
            if let existing = result.firstIndex(where: { sameShape(candidates[$0[0]].range, candidates[index].range, document) }) {
                result[existing].append(index)
            } else {
                result.append([index])
            }
        }
        return result
    }

    /// Whether the divs at `a` and `b` have the same shape: the same tokens with every
    /// scalar replaced by its kind, since divs of one shape differ only in scalar values;
    /// the `type` of objects is part of it.
    private static func sameShape(_ a: Range<Int>, _ b: Range<Int>, _ document: DivTokens) -> Bool {
        guard a.count == b.count else { return false }
        var previous: Token?
        for (left, right) in zip(document[a], document[b]) {
            switch (left, right) {
            case (.key(let leftKey), .key(let rightKey)):
                guard leftKey == rightKey else { return false }
            case (.string(let leftText), .string(let rightText)):
                if case .key("type")? = previous, leftText != rightText { return false }
            case (.int, .int), (.double, .double), (.bool, .bool),
                 (.object, .object), (.endObject, .endObject), (.array, .array), (.endArray, .endArray):
                break
            default:
                return false
            }
            previous = left
        }
        return true
    }

    /// A template made from divs of one shape, and the values its uses fill in.
    struct Template {
        let name: String
        /// The div with a link (`"$text": "sr_1"`) for each member value that differs.
        let definition: DivTokens
        /// Each div's values for the links, in link order.
        let fields: [[Token]]

        /// `nil` when a differing value is not an object member (an array element cannot
        /// be linked).
        init?(_ document: DivTokens, _ divs: [Range<Int>], name: String) {
            guard let first = divs.first else { return nil }
            var definition: [Token] = []
            definition.reserveCapacity(first.count)
            var fields: [[Token]] = divs.map { _ in [] }
            var linkCount = 0
            // All of one shape: the divs' tokens match one for one.
            for offset in 0..<first.count {
                let token = document[first.lowerBound + offset]
                guard token.isScalar, divs.dropFirst().contains(where: { document[$0.lowerBound + offset] != token }) else {
                    definition.append(token)
                    continue
                }
                guard case .key(let key)? = definition.last else { return nil }
                definition[definition.count - 1] = .key("$" + key)
                definition.append(.string(linkName(linkCount)))
                for index in divs.indices { fields[index].append(document[divs[index].lowerBound + offset]) }
                linkCount += 1
            }
            self.name = name
            self.definition = DivTokens(tokens: definition)
            self.fields = fields
        }

        /// Writes a use: `{"type": name, "sr_0": value, …}`.
        func writeUse(_ values: [Token], into writer: inout JSONWriter) {
            writer.beginObject()
            writer.key("type")
            writer.string(name)
            for (index, value) in values.enumerated() {
                writer.key(linkName(index))
                DivTokens.write(value, afterKey: true, into: &writer)
            }
            writer.endObject()
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
            let links = fields.first?.count ?? 0
            return Self.savedBytes(fields.count, name: name, definition: definition.compactSize(definition.all), links: links)
        }

        /// Whether `count` divs of `size` bytes may share a template named `name` with a
        /// saving, a cheap test before merging them: ``savedBytes`` with a div as the
        /// definition and no link is an upper bound, since a link makes the definition at
        /// most `"sr_0"` longer than the div and costs every use more than that.
        static func mayPay(_ count: Int, name: String, size: Int) -> Bool {
            savedBytes(count, name: name, definition: size, links: 0) > 0
        }

        private static func savedBytes(_ count: Int, name: String, definition: Int, links: Int) -> Int {
            let perUse = JSONWriter.quotedSize(name) + #"{"type":}"#.utf8.count
                + (0..<links).reduce(0) { $0 + 2 * JSONWriter.quotedSize(linkName($1)) + "$,:".utf8.count }
            let definitionEntry = name.utf8.count + #""":,"#.utf8.count
            return (count - 1) * definition - definitionEntry - count * perUse
        }
    }
}
