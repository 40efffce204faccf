/// The ids of one HXML document, each on one element only.
///
/// Hyperview's docs call an `id` unique in the whole document, and it finds an element
/// (a behavior's `target`, an `href="#id"`) with `getElementById`, which returns the first
/// that has it (`docs/reference_view.md`, `src/services/dom/helpers.ts`): an element given
/// an id the document already has keeps none, and the comment before it says so. Styles
/// take ids from the same set (`s0`, `s1`, … skipping any an element has), numbered on
/// across the screens of a stack.
///
/// Inside a list entry an id gets Beagle's suffix, `:` and the entry's key (the value of
/// the list's `key` property in the entry, else its index), the outer list's first, as
/// Beagle's clients give the ids of a template's components (beagle-docs
/// `api/components/layout/listview.md`; beagle-web-react `DynamicListCore`), so that each
/// row's elements keep ids of their own.
struct HXMLElementIDs {
    private var written: Set<String> = []
    private var nextStyleNumber = 0
    /// The suffix of the list entries being written: empty outside any list.
    private(set) var suffix = ""

    /// `id` as it is written inside the current list entry.
    func suffixed(_ id: String) -> String {
        suffix.isEmpty ? id : id + suffix
    }

    /// `id`, suffixed, for the element about to be written; `nil` when another element has it.
    mutating func claim(_ id: String) -> String? {
        let full = suffixed(id)
        return written.insert(full).inserted ? full : nil
    }

    /// The id of a new style: the next `sN` that no element has.
    mutating func claimStyleID() -> String {
        while true {
            let id = "s\(nextStyleNumber)"
            nextStyleNumber += 1
            if written.insert(id).inserted { return id }
        }
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
