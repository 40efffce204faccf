/// The ids of one HXML document, each on one element only.
///
/// Hyperview's docs call an `id` unique in the whole document, and it finds an element
/// (a behavior's `target`, an `href="#id"`) with `getElementById`, which returns the first
/// that has it (`docs/reference_view.md`, `src/services/dom/helpers.ts`): an element given
/// an id the document already has keeps none, and the comment before it says so. Styles
/// take ids no element has (`s0`, `s1`, …, skipping any an element has), numbered on
/// across the screens of a stack.
///
/// Inside a list entry an id gets Beagle's suffix, `:` and the entry's key (the value of
/// the list's `key` property in the entry, else its index), the outer list's first, as
/// Beagle's clients give the ids of a template's components (beagle-docs
/// `api/components/layout/listview.md`; beagle-web-react `DynamicListCore`), so that each
/// row's elements keep ids of their own.
struct HXMLElementIDs {
    /// The ids of elements (styles' are told by their number, ``isStyleID(_:)``), so that a
    /// document whose elements have none, the usual one, hashes nothing.
    private var written: Set<String> = []
    private var nextStyleNumber = 0
    /// The suffix of the list entries being written: empty outside any list.
    private(set) var suffix = ""

    /// `id` as it is written inside the current list entry.
    func suffixed(_ id: String) -> String {
        suffix.isEmpty ? id : id + suffix
    }

    /// `id`, suffixed, for the element about to be written; `nil` when another element or
    /// a style has it, or when it is empty (no id, as DivKit reads one).
    mutating func claim(_ id: String) -> String? {
        guard !id.isEmpty else { return nil }
        let full = suffixed(id)
        guard !isStyleID(full), written.insert(full).inserted else { return nil }
        return full
    }

    /// The id of a new style: the next `sN` that no element has.
    mutating func claimStyleID() -> String {
        while true {
            let id = "s\(nextStyleNumber)"
            nextStyleNumber += 1
            if written.isEmpty || !written.contains(id) { return id }
        }
    }

    /// Whether a style has `id`: `s` and the decimal number of one given out, as
    /// ``claimStyleID()`` writes it (a number an element had is never given out).
    private func isStyleID(_ id: String) -> Bool {
        let digits = id.utf8.dropFirst()
        guard id.utf8.first == UInt8(ascii: "s"), !digits.isEmpty, digits.count < 10,
              digits.first != UInt8(ascii: "0") || digits.count == 1 else { return false }
        var number = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return false }
            number = number * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return number < nextStyleNumber
    }

    /// Enters a list entry whose key is `key`; returns the suffix to restore when it ends.
    mutating func enterEntry(key: String) -> String {
        let outer = suffix
        suffix += ":" + key
        return outer
    }

    /// Leaves a list entry.
    mutating func leaveEntry(restoring outer: String) {
        suffix = outer
    }
}
