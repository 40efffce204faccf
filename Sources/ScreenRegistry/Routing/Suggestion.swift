/// Did-you-mean for unknown paths: the registered route closest to a path.
///
/// The trie is walked again with a small edit budget. Near literals come from each
/// node's one-deletion index, so a miss costs about as much as a hit, however many
/// routes there are.
enum Suggestion {
    /// The most edits a suggestion may need.
    static let budget = 2

    /// `key` and every string made by deleting one of its characters.
    static func variants(of key: String) -> [String] {
        let characters = Array(key)
        guard characters.count > 1, characters.count <= 32 else { return [key] }
        var result = [key]
        for index in characters.indices {
            var copy = characters
            copy.remove(at: index)
            result.append(String(copy))
        }
        return result
    }

    /// Levenshtein distance over characters, giving up above `limit`.
    static func distance(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a), b = Array(b)
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// Whether `edits` is small next to the words compared: about a third of the longer one.
    static func isClose(_ edits: Int, _ a: String, _ b: String) -> Bool {
        edits * 3 <= max(a.count, b.count)
    }
}

extension RouteTrie {
    /// The id of the route closest to `segments` within the edit budget, or `nil`.
    /// Ties go to the route that comes first in precedence order.
    func suggestion(for segments: [String]) -> Int? {
        var best: (cost: Int, id: Int)?
        func consider(_ ids: [Int], cost: Int) {
            guard cost > 0, let id = ids.first else { return }
            if let current = best, current.cost <= cost { return }
            best = (cost, id)
        }
        func walk(_ index: Int, _ position: Int, _ cost: Int) {
            guard cost <= Suggestion.budget else { return }
            let node = nodes[index]
            if position == segments.count {
                consider(node.terminal, cost: cost)
                consider(node.catchAll, cost: cost)
                // A missing trailing parameter: `/profile` for `profile/:userId`.
                for (_, child) in node.typed { walk(child, position, cost + 1) }
                if let child = node.any { walk(child, position, cost + 1) }
                return
            }
            let segment = segments[position]
            let folded = key(segment)
            consider(node.terminal, cost: cost + segments.count - position)
            if let child = node.literals[folded] { walk(child, position + 1, cost) }
            var seen: Set<String> = [folded]
            for variant in Suggestion.variants(of: folded) {
                for literal in node.nearby[variant] ?? [] where seen.insert(literal).inserted {
                    let edits = Suggestion.distance(folded, literal, limit: Suggestion.budget)
                    guard edits <= Suggestion.budget, Suggestion.isClose(edits, folded, literal),
                        let child = node.literals[literal]
                    else { continue }
                    walk(child, position + 1, cost + edits)
                }
            }
            for (type, child) in node.typed { walk(child, position + 1, cost + (type.accepts(segment) ? 0 : 1)) }
            if let child = node.any { walk(child, position + 1, cost) }
            consider(node.catchAll, cost: cost)
        }
        walk(0, 0, 0)
        return best?.id
    }
}
