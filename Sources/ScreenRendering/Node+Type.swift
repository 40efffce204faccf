import ScreenRegistry

extension Node {
    /// Whether the node's type is `type`, lengths compared first: most nodes are told
    /// apart from a type name without comparing the strings, which is a call into the
    /// standard library for each name a `switch` tries.
    func hasType(_ type: String) -> Bool {
        self.type.utf8.count == type.utf8.count && self.type == type
    }
}
