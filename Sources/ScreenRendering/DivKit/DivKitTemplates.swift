/// Templates: divs of the same shape (list rows, cards) are written once under
/// `templates` and referenced, so a list of 100 rows is not 100 copies of its layout.
///
/// Two divs have the same shape when they differ only in scalar values (texts, URLs,
/// numbers). For each shape found at least twice among the items of containers,
/// galleries and pagers, the template holds what all its uses share; each value that
/// differs becomes a link (`"$text": "sr_1"`) that the use fills (`"sr_1": "Row 7"`), as
/// DivKit's templating resolves it. A shape is templated only when that saves bytes, the
/// outermost first: nothing inside a templated div is templated again; and a card gets
/// templates only when together they save at least the renderer's minimum.
enum DivKitTemplates {
    /// The templates found in a card's divs, and the uses that stand in for some of them.
    struct Plan {
        var templates: [Template] = []
        /// The uses in document order. Empty when no template pays.
        var uses: [Use] = []

        /// The bytes the templates save the card: each template's, and the comma that the
        /// first entry of `templates` goes without (``Template/savedBytes`` counts one
        /// for each).
        var savedBytes: Int {
            templates.isEmpty ? 0 : templates.reduce(1) { $0 + $1.savedBytes }
        }
    }

    /// A div written as a use of a template.
    struct Use {
        /// The div's bytes.
        var range: Range<Int>
        /// The template's index in the plan.
        var template: Int
        /// The div's values for the template's links, in link order.
        var fields: [Range<Int>]
    }

    /// The templates that save bytes in `document`, or none when together they would save
    /// less than `minimumSaving`.
    static func plan(for document: borrowing DivBytes, minimumSaving: Int) -> Plan {
        // Templates save at most the divs' own bytes: a card shorter than the minimum (a
        // personal screen, most of them) is not searched at all.
        guard document.count >= minimumSaving else { return Plan() }
        // Most divs have a shape of their own: sorted by a fingerprint of the shape (then
        // in document order), only runs of two or more need comparing.
        let candidates = document.items.sorted { ($0.shape, $0.range.lowerBound) < ($1.shape, $1.range.lowerBound) }
        var runs: [ArraySlice<DivBytes.Item>] = []
        var start = candidates.startIndex
        while start < candidates.endIndex {
            let shape = candidates[start].shape
            var end = start + 1
            while end < candidates.endIndex && candidates[end].shape == shape { end += 1 }
            if end - start >= 2 { runs.append(candidates[start..<end]) }
            start = end
        }
        // Decided cheaply first: when even the most the runs could save (and the comma, as
        // in `Plan.savedBytes`) is under the minimum, no template is built. A run's largest
        // div bounds what any of its divs can be a template for; a run split into shapes
        // saves no more than the run would.
        let most = runs.reduce(1) { total, run in
            let size = run.reduce(0) { max($0, $1.range.count) }
            return total + max(0, Template.mostSaved(run.count, size: size))
        }
        guard most >= minimumSaving else { return Plan() }
        var groups = runs.flatMap { sameShapes($0, document).filter { $0.count >= 2 } }
        // Outermost shapes first (then in document order), since a use inside another
        // template's use is not written.
        groups.sort { ($0[0].depth, $0[0].range.lowerBound) < ($1[0].depth, $1[0].range.lowerBound) }
        var plan = Plan()
        var covered: [Range<Int>] = []
        for group in groups {
            let divs = group.filter { div in !covered.contains { $0.contains(div.range.lowerBound) } }
            let name = templateName(plan.templates.count)
            guard divs.count >= 2, Template.mayPay(divs.count, name: name, size: divs[0].range.count),
                  let template = Template(document, divs, name: name), template.savedBytes > 0
            else { continue }
            for (div, fields) in zip(divs, template.fields) {
                plan.uses.append(Use(range: div.range, template: plan.templates.count, fields: fields))
            }
            plan.templates.append(template)
            covered += divs.map(\.range)
        }
        guard plan.savedBytes >= minimumSaving else { return Plan() }
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

    /// Writes the divs of `document` with the plan's uses in place of the divs they
    /// replace.
    static func write(_ document: borrowing DivBytes, with plan: Plan, into writer: inout JSONWriter) {
        var index = 0
        var nextUse = 0
        while nextUse < plan.uses.count {
            let use = plan.uses[nextUse]
            document.copyBytes(in: index..<use.range.lowerBound, into: &writer.output)
            plan.templates[use.template].writeUse(use.fields, of: document, into: &writer)
            index = use.range.upperBound
            // Uses planned inside this one (for an inner shape found first) are not written.
            while nextUse < plan.uses.count, plan.uses[nextUse].range.lowerBound < index { nextUse += 1 }
        }
        document.copyBytes(in: index..<document.count, into: &writer.output)
    }

    /// `run`, divs of one shape fingerprint in document order, split into those of one
    /// shape each, in document order: one group, unless two shapes share a fingerprint.
    private static func sameShapes(_ run: ArraySlice<DivBytes.Item>, _ document: borrowing DivBytes) -> [[DivBytes.Item]] {
        var result: [[DivBytes.Item]] = []
        for div in run {
            if let existing = result.firstIndex(where: { sameShape($0[0], div, document) }) {
                result[existing].append(div)
            } else {
                result.append([div])
            }
        }
        return result
    }

    /// Whether divs `a` and `b` have the same shape: the same skeleton (their bytes
    /// outside their values, types included) and values of the same kinds, since divs of
    /// one shape differ only in scalar values.
    private static func sameShape(_ a: DivBytes.Item, _ b: DivBytes.Item, _ document: borrowing DivBytes) -> Bool {
        guard a.values.count == b.values.count else { return false }
        let values = document.values
        var left = a.range.lowerBound
        var right = b.range.lowerBound
        for (leftValue, rightValue) in zip(values[a.values], values[b.values]) {
            guard leftValue.kind == rightValue.kind,
                  document.sameBytes(left..<leftValue.range.lowerBound, right..<rightValue.range.lowerBound)
            else { return false }
            left = leftValue.range.upperBound
            right = rightValue.range.upperBound
        }
        return document.sameBytes(left..<a.range.upperBound, right..<b.range.upperBound)
    }

    /// A template made from divs of one shape, and the values its uses fill in.
    struct Template {
        let name: String
        /// The div with a link (`"$text":"sr_1"`) for each member value that differs.
        let definition: [UInt8]
        /// Each div's values for the links, in link order.
        let fields: [[Range<Int>]]

        /// `nil` when a differing value is not an object member (an array element cannot
        /// be linked) or is inside a free-form object (``DivBytes/beginFreeForm()``).
        init?(_ document: borrowing DivBytes, _ divs: [DivBytes.Item], name: String) {
            guard let first = divs.first else { return nil }
            let values = document.values
            var definition: [UInt8] = []
            definition.reserveCapacity(first.range.count)
            var fields: [[Range<Int>]] = divs.map { _ in [] }
            var cursor = first.range.lowerBound
            // All of one shape: value `offset` of each div is the same member.
            for offset in 0..<first.values.count {
                let value = values[first.values.lowerBound + offset]
                let differs = divs.dropFirst().contains { !document.sameBytes(values[$0.values.lowerBound + offset].range, value.range) }
                guard differs else { continue }
                guard let key = value.key, !value.isFreeForm else { return nil }
                document.copyBytes(in: cursor..<(key + 1), into: &definition)
                definition.append(UInt8(ascii: "$"))
                document.copyBytes(in: (key + 1)..<value.range.lowerBound, into: &definition)
                definition.append(UInt8(ascii: "\""))
                definition += linkName(fields[0].count).utf8
                definition.append(UInt8(ascii: "\""))
                for index in divs.indices { fields[index].append(values[divs[index].values.lowerBound + offset].range) }
                cursor = value.range.upperBound
            }
            document.copyBytes(in: cursor..<first.range.upperBound, into: &definition)
            self.name = name
            self.definition = definition
            self.fields = fields
        }

        /// Writes a use: `{"type":"<name>","sr_0":<value>,…}`, with the values of `document`.
        func writeUse(_ values: [Range<Int>], of document: borrowing DivBytes, into writer: inout JSONWriter) {
            writer.beginObject()
            writer.key("type")
            writer.string(name)
            for (index, value) in values.enumerated() {
                writer.key(escaping: linkName(index))
                document.copyBytes(in: value, into: &writer.output)
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
            Self.savedBytes(fields.count, name: name, definition: definition.count, links: fields.first?.count ?? 0)
        }

        /// Whether `count` divs of `size` bytes may share a template named `name` with a
        /// saving, a cheap test before merging them: ``savedBytes`` with a div as the
        /// definition and no link is an upper bound, since a link makes the definition at
        /// most `"sr_0"` longer than the div and costs every use more than that.
        static func mayPay(_ count: Int, name: String, size: Int) -> Bool {
            savedBytes(count, name: name, definition: size, links: 0) > 0
        }

        /// The most that `count` divs of at most `size` bytes, or any of them, can save by
        /// sharing a template: the bound of ``mayPay(_:name:size:)`` for the shortest name,
        /// the first (fewer divs save less, as long as they save anything).
        static func mostSaved(_ count: Int, size: Int) -> Int {
            savedBytes(count, name: templateName(0), definition: size, links: 0)
        }

        private static func savedBytes(_ count: Int, name: String, definition: Int, links: Int) -> Int {
            let perUse = JSONWriter.quotedSize(name) + #"{"type":}"#.utf8.count
                + (0..<links).reduce(0) { $0 + 2 * JSONWriter.quotedSize(linkName($1)) + "$,:".utf8.count }
            let definitionEntry = name.utf8.count + #""":,"#.utf8.count
            return (count - 1) * definition - definitionEntry - count * perUse
        }
    }
}
