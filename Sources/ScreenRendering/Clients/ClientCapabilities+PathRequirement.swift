import ScreenRegistry

extension ClientCapabilities {
    /// Paths into context data (`user.name`, `item.tags[0]`) that a client's bindings read
    /// only from `since`: a client that reads an object's member or a list's item through
    /// functions it gained in a release (DivKit's typed getters) cannot evaluate such a
    /// binding before it.
    public struct PathRequirement: Sendable, Hashable, CustomStringConvertible {
        /// How far into a context's value a binding's path reads.
        public enum Reach: Sendable, Hashable, Comparable {
            /// A member of the value or an item of it, in one step: `user.name`,
            /// `user.address.city` (keys one after another are one step), `tags[0]`.
            case member
            /// An object or list taken out of the value on the way: a path that goes on
            /// after an index, or from keys to an index (`item.tags[0]`, `rows[0].name`,
            /// `grid[0][1]`).
            case nestedMember

            /// How far `path` reads; `nil` for a name alone (`user`) or what is not a path.
            init?(path: String) {
                guard let segments = ContextScope.segments(path), segments.count > 1 else { return nil }
                // One step is a run of keys or a single index; a second step takes a
                // value out of the first's result.
                let rest = segments.dropFirst()
                let keysOnly = rest.allSatisfy { if case .key = $0 { true } else { false } }
                self = keysOnly || rest.count == 1 ? .member : .nestedMember
            }
        }

        /// The paths that need ``since``: those that reach this far or further.
        public var reach: Reach
        /// The first client version that reads them.
        public var since: Version

        /// A requirement on the paths that reach `reach` or further.
        public init(_ reach: Reach, since: Version) {
            self.reach = reach
            self.since = since
        }

        /// What the paths are, with examples: `a binding's path into context data (user.name,
        /// tags[0])`.
        public var description: String {
            switch reach {
            case .member: "a binding's path into context data (user.name, tags[0])"
            case .nestedMember: "a binding's path through nested context data (item.tags[0], rows[0].name)"
            }
        }

        /// The first path of a binding's `term` that this requirement concerns.
        func path(in term: BindingTerm) -> String? {
            term.paths.first { Reach(path: $0).map { $0 >= reach } ?? false }
        }
    }
}
