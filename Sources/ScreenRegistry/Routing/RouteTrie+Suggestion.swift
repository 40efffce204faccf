/// Did-you-mean for unknown paths (routing rule 12): the registered route closest to a path.
extension RouteTrie {
    /// The most edits a suggestion may need.
    static let editBudget = 2

    /// The id of the route closest to `segments`, or `nil` when none is close.
    ///
    /// The trie is walked again, spending edits: a near literal costs one or two
    /// (``Spelling``), a typed parameter that does not convert one, each segment too
    /// many or too few one. Ties go to the route found first, walking in precedence order.
    ///
    /// `firstLeadsNowhere`: the caller has found that nothing at the root takes the first
    /// segment (``leadsNowhere(_:)``), so the walk does not look it up again.
    func suggestion(for segments: [String], firstLeadsNowhere: Bool = false) -> Int? {
        var best = Best()
        walk(0, 0, 0, segments, &best, exactKnownMissing: firstLeadsNowhere)
        return best.id
    }

    /// Whether a route at or below a node (ending at `terminals` depths, `**` at `catchAlls`)
    /// can still be the suggestion with `remaining` segments left, `visit` edits to spend on
    /// the way down and `win` in all: a route `d` below costs at least `|remaining - d|`, a
    /// `**` `max(0, d - remaining)`. A `false` is exact; a `true` may not be.
    static func mayReach(terminals: UInt64, catchAlls: UInt64, remaining: Int, visit: Int, win: Int) -> Bool {
        guard visit >= 0 else { return false }
        let deepest = remaining + visit, shallowest = max(0, remaining - win)
        let upToDeepest: UInt64 = deepest >= 63 ? .max : (1 << UInt64(deepest + 1)) - 1
        let fromShallowest: UInt64 = shallowest > 63 ? 0 : ~((1 << UInt64(shallowest)) - 1)
        return terminals & upToDeepest & fromShallowest != 0 || catchAlls & upToDeepest != 0
    }

    /// The best route found so far, and what it costs.
    private struct Best {
        private(set) var id: Int?
        private(set) var cost = Int.max

        /// Takes the first of `routes` when it costs strictly less. A cost of 0 is a route
        /// that matched and declined: never a suggestion.
        mutating func consider(_ routes: [Int32], cost: Int) {
            guard cost > 0, cost < self.cost, let first = routes.first else { return }
            id = Int(first)
            self.cost = cost
        }

        /// The most a walk may have spent to go on: within the budget, and below the best.
        var limit: Int {
            min(RouteTrie.editBudget, cost - 1)
        }
    }

    /// Whether a route below `node` can still beat `best` (a route found past the budget
    /// counts as a last resort, for segments too many).
    private func worthVisiting(_ node: Int, remaining: Int, cost: Int, _ best: Best) -> Bool {
        Self.mayReach(
            terminals: nodes[node].terminalDepths, catchAlls: nodes[node].catchAllDepths,
            remaining: remaining, visit: best.limit - cost, win: best.cost - 1 - cost)
    }

    private func walk(
        _ node: Int, _ position: Int, _ cost: Int, _ segments: [String], _ best: inout Best, exactKnownMissing: Bool = false
    ) {
        let remaining = segments.count - position
        guard worthVisiting(node, remaining: remaining, cost: cost, best) else { return }
        let anyChild = Int(nodes[node].anyChild)
        guard remaining > 0 else {
            best.consider(nodes[node].terminals, cost: cost)
            best.consider(nodes[node].catchAlls, cost: cost)
            // A missing trailing parameter: `/profile` for `profile/:userId`.
            for (_, child) in nodes[node].typed { walk(Int(child), position, cost + 1, segments, &best) }
            if anyChild >= 0 { walk(anyChild, position, cost + 1, segments, &best) }
            return
        }
        best.consider(nodes[node].terminals, cost: cost + remaining)
        let segment = segments[position]
        let key = key(segment)
        let exact = exactKnownMissing ? nil : literalChild(of: node, key: key)
        if let exact { walk(exact, position + 1, cost, segments, &best) }
        if nodes[node].hasLiterals, worthVisiting(node, remaining: remaining, cost: cost + 1, best) {
            forEachNearLiteral(of: node, key, except: exact) { child, edits in
                if cost + 1 <= best.limit { walk(child, position + 1, cost + edits, segments, &best) }
            }
        }
        for (type, child) in nodes[node].typed {
            walk(Int(child), position + 1, cost + (type.accepts(segment) ? 0 : 1), segments, &best)
        }
        if anyChild >= 0 { walk(anyChild, position + 1, cost, segments, &best) }
        best.consider(nodes[node].catchAlls, cost: cost)
    }

    /// Calls `body` with each literal child of `node` one or two edits from `key` and close
    /// to it, once, in the order the edge table gives them.
    private func forEachNearLiteral(of node: Int, _ key: String, except exact: Int?, _ body: (_ child: Int, _ edits: Int) -> Void) {
        Spelling.withUnits(key) { units in
            guard Self.lengthsMayBeNear(units.count, nodes[node].literalLengths) else { return }
            var compared: [Int] = []
            Spelling.forEachVariant(units, seed: node) { hash, deleted in
                literals.forEach(at: hash) { value in
                    let (child, otherDeleted) = Spelling.unpack(value)
                    guard nodes[child].parent == Int32(node), child != exact, !compared.contains(child) else { return true }
                    let label = nodes[child].spelling
                    guard let (edits, close) = Spelling.edits(units, deleting: deleted, label.span, deleting: otherDeleted)
                    else { return true }
                    compared.append(child)
                    if close { body(child, edits) }
                    return true
                }
            }
        }
    }

    /// Whether a literal of a length in `lengths` (bit `n` for `n` characters) can be close to
    /// a key of `count`: one more, one less or as many, at least three in the longer.
    private static func lengthsMayBeNear(_ count: Int, _ lengths: UInt64) -> Bool {
        guard count >= 2 else { return false }
        let near = count == 2 ? bit(3) : bit(count - 1) | bit(count) | bit(count + 1)
        return lengths & near != 0
    }
}
