/// Did-you-mean for unknown paths: the registered route closest to a path.
///
/// The trie is walked again with a small edit budget. Near literals come from the trie's
/// one-deletion index (``NearLiteralTable``), so a miss costs about as much as a hit,
/// however many routes there are.
enum Suggestion {
    /// The most edits a suggestion may need.
    static let budget = 2

    /// Levenshtein distance over characters, giving up above `limit`.
    static func distance(_ a: String, _ b: String, limit: Int) -> Int {
        if let distance = asciiDistance(a, b, limit: limit) { return distance }
        return distance(Array(a), Array(b), limit: limit)
    }

    private static func distance<C: RandomAccessCollection>(
        _ a: C, _ b: C, limit: Int
    ) -> Int where C.Element: Equatable, C.Index == Int {
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (b.count + 1)) { rows in
            var previous = UnsafeMutableBufferPointer(rebasing: rows[..<(b.count + 1)])
            var current = UnsafeMutableBufferPointer(rebasing: rows[(b.count + 1)...])
            for j in 0...b.count { previous[j] = j }
            for i in 1...a.count {
                current[0] = i
                var rowMinimum = current[0]
                for j in 1...b.count {
                    let substitution = previous[j - 1] + (a[a.startIndex + i - 1] == b[b.startIndex + j - 1] ? 0 : 1)
                    current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                    rowMinimum = min(rowMinimum, current[j])
                }
                if rowMinimum > limit { return limit + 1 }
                swap(&previous, &current)
            }
            return previous[b.count]
        }
    }

    /// The same distance on bytes, when both strings are printable ASCII (one byte is one
    /// character there); `nil` otherwise.
    private static func asciiDistance(_ a: String, _ b: String, limit: Int) -> Int? {
        withASCII(a) { a in withASCII(b) { b in distance(a, b, limit: limit) } } ?? nil
    }

    // MARK: The one-deletion index

    /// Calls `body` with the bytes of `string` when it is all printable ASCII.
    static func withASCII<R>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        func run(_ bytes: UnsafeBufferPointer<UInt8>) -> R? {
            isPrintable(bytes) ? body(bytes) : nil
        }
        if let result = string.utf8.withContiguousStorageIfAvailable(run) { return result }
        return Array(string.utf8).withUnsafeBufferPointer(run)
    }

    /// The unit of each ASCII character: its `Character` hash, so that a character equal
    /// to an ASCII one (U+212A KELVIN SIGN is `K`) gets the same unit, as `String` compares.
    nonisolated(unsafe) private static let asciiUnits: UnsafePointer<UInt64> = {
        let table = UnsafeMutablePointer<UInt64>.allocate(capacity: 128)
        for byte in 0..<128 {
            table[byte] = UInt64(bitPattern: Int64(Character(Unicode.Scalar(UInt8(byte))).hashValue))
        }
        return UnsafePointer(table)
    }()

    private static let prime: UInt64 = 0x0000_0100_0000_01B3
    /// The inverse of `prime` modulo 2⁶⁴, so a deleted character's term can be taken out.
    private static let primeInverse: UInt64 = 0xCE96_5057_AFF6_957B

    /// Hashes `key` and each of its one-deletion variants: `body(hash, -1)` for the whole
    /// key, then `body(hash, k)` with character `k` deleted, in order (the deletions only for
    /// keys of 2 to 32 characters). Equal strings with equal seeds give equal hashes; O(n)
    /// in all, and no allocation for printable ASCII.
    ///
    /// A variant of at most eight characters, each equal to a printable ASCII one, is
    /// hashed as one word of those bytes (``wordHash(_:salt:)``); any other, as a sum
    /// over its characters' `Character` hashes. Both depend only on the characters, so
    /// equal variants hash alike whichever way their strings were given.
    static func forEachVariantHash(of key: String, seed: Int, _ body: (UInt64, Int) -> Void) {
        let done: Bool? = key.utf8.withContiguousStorageIfAvailable { bytes in
            guard isPrintable(bytes) else { return false }
            forEachVariantHash(printable: bytes, seed: seed, body)
            return true
        }
        if done == true { return }
        let characters = Array(key)
        let units = characters.map { UInt64(bitPattern: Int64($0.hashValue)) }
        let bytes = characters.map(printableByte)
        forEachVariantHash(count: units.count, seed: seed, unit: { units[$0] }) { hash, deleted in
            body(wordHash(of: bytes, deleting: deleted, seed: seed) ?? hash, deleted)
        }
    }

    /// ``forEachVariantHash(of:seed:_:)`` for a key given as its bytes, all printable ASCII.
    @inline(__always)
    static func forEachVariantHash(printable key: UnsafeBufferPointer<UInt8>, seed: Int, _ body: (UInt64, Int) -> Void) {
        let count = key.count
        let salt = salt(seed)
        guard count > 8 else {
            // Every variant is one word: deleting k keeps the bytes below k and shifts the
            // ones above it down a byte (`deleting(_:from:)`, written out here so that the
            // masks carry from one k to the next instead of being built again).
            let word = key.word(from: 0, count: count)
            body(wordHash(word, salt: salt), -1)
            guard count > 1 else { return }
            let shifted = word &>> 8
            var below: UInt64 = 0
            for k in 0..<count {
                body(wordHash(word & below | shifted & ~below, salt: salt), k)
                below = below &<< 8 | 0xFF
            }
            return
        }
        let table = asciiUnits
        guard count == 9 else {
            return forEachVariantHash(count: count, seed: seed, unit: { table[Int(key[$0])] }, body)
        }
        // Nine bytes: the whole key is a sum, its deletions are words.
        forEachVariantHash(count: count, seed: seed, unit: { table[Int(key[$0])] }) { hash, deleted in
            guard deleted >= 0 else { return body(hash, deleted) }
            var word: UInt64 = 0
            var shift: UInt64 = 0
            for index in 0..<count where index != deleted {
                word |= UInt64(key[index]) &<< shift
                shift &+= 8
            }
            body(wordHash(word, salt: salt), deleted)
        }
    }

    /// Calls `body` with the hashes and deleted characters of the variants of the printable
    /// ASCII `key` that `table`'s filter lets through (``variantsPassing(printable:seed:_:into:)``),
    /// in order, held on the stack; `nil`, without calling it, when none does.
    @inline(__always)
    static func withVariantsPassing<R>(
        printable key: UnsafeBufferPointer<UInt8>, seed: Int, _ table: NearLiteralTable.View,
        _ body: (UnsafeBufferPointer<(hash: UInt64, deleted: Int)>) -> R
    ) -> R? {
        withUnsafeTemporaryAllocation(of: (hash: UInt64, deleted: Int).self, capacity: 33) { passed -> R? in
            guard let base = passed.baseAddress else { return nil }
            let found = variantsPassing(printable: key, seed: seed, table, into: base)
            guard found > 0 else { return nil }
            return body(UnsafeBufferPointer(start: base, count: found))
        }
    }

    /// The variants of the printable ASCII `key` (as ``forEachVariantHash(of:seed:_:)``
    /// hashes them) that `table`'s filter lets through, in order, written to `passed` (room
    /// for 33); returns how many. A loop with no calls in it keeps its state in registers:
    /// a variant costs a hash and a filter bit. (Called from the search, whose walk may
    /// recurse for any variant, the same loop kept its state on the stack.)
    @inline(never)
    static func variantsPassing(
        printable key: UnsafeBufferPointer<UInt8>, seed: Int, _ table: NearLiteralTable.View,
        into passed: UnsafeMutablePointer<(hash: UInt64, deleted: Int)>
    ) -> Int {
        var count = 0
        guard !table.slots.isEmpty else { return 0 }
        forEachVariantHash(printable: key, seed: seed) { hash, deleted in
            if table.filterPasses(hash) {
                passed[count] = (hash, deleted)
                count &+= 1
            }
        }
        return count
    }

    /// The byte of a character equal to a printable ASCII one (U+212A KELVIN SIGN gives
    /// `K`), else `nil`.
    private static func printableByte(_ character: Character) -> UInt8? {
        // Equal characters hash alike, so only a byte whose unit matches can be equal.
        let unit = UInt64(bitPattern: Int64(character.hashValue))
        for byte in UInt8(0x20)..<0x7F
        where asciiUnits[Int(byte)] == unit && character == Character(Unicode.Scalar(byte)) {
            return byte
        }
        return nil
    }

    /// The word hash of `bytes` with index `deleted` left out (-1: none), when what is left
    /// is at most eight bytes, all known; else `nil`.
    private static func wordHash(of bytes: [UInt8?], deleting deleted: Int, seed: Int) -> UInt64? {
        guard bytes.count - (deleted < 0 ? 0 : 1) <= 8 else { return nil }
        var word: UInt64 = 0
        var shift: UInt64 = 0
        for (index, byte) in bytes.enumerated() where index != deleted {
            guard let byte else { return nil }
            word |= UInt64(byte) << shift
            shift += 8
        }
        return wordHash(word, salt: salt(seed))
    }

    @inline(__always)
    private static func salt(_ seed: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: seed) &* 0xD6E8_FEB8_6659_FD93
    }

    /// The hash of a variant of at most eight printable ASCII bytes packed in `word`,
    /// first byte lowest (no byte is 0, so the word also says the length).
    @inline(__always)
    private static func wordHash(_ word: UInt64, salt: UInt64) -> UInt64 {
        // Both halves of one full-width multiply: every bit of the result depends on every
        // byte, with a single multiplication.
        let product = (word ^ salt).multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15)
        return product.high ^ product.low
    }

    @inline(__always)
    private static func forEachVariantHash(
        count: Int, seed: Int, unit: (Int) -> UInt64, _ body: (UInt64, Int) -> Void
    ) {
        // Σ uᵢ·Pⁱ; deleting k keeps the terms before k and divides the ones after it by P.
        var full: UInt64 = 0
        var power: UInt64 = 1
        for index in 0..<count {
            full = full &+ unit(index) &* power
            power = power &* prime
        }
        let salt = salt(seed)
        body(finish(full, count: count, salt: salt), -1)
        guard count > 1, count <= 32 else { return }
        var prefix: UInt64 = 0
        power = 1
        for k in 0..<count {
            let term = unit(k) &* power
            let rest = (full &- prefix &- term) &* primeInverse
            body(finish(prefix &+ rest, count: count - 1, salt: salt), k)
            prefix = prefix &+ term
            power = power &* prime
        }
    }

    @inline(__always)
    private static func finish(_ sum: UInt64, count: Int, salt: UInt64) -> UInt64 {
        // The sum is already well spread (units are `Character` hashes); one multiply mixes
        // in the length and the seed, and the shift brings high bits down to the slot index.
        var h = (sum ^ salt) &+ UInt64(count) &* 0x9E37_79B9_7F4A_7C15
        h = (h ^ (h >> 32)) &* 0xFF51_AFD7_ED55_8CCD
        return h ^ (h >> 29)
    }

    /// For a literal found in the index under a variant's hash: `nil` when the two
    /// variants only share the hash (`key` with character `k` deleted differs from
    /// `literal` with character `i` deleted; `-1` deletes nothing); else the edit distance
    /// between `key` and `literal` and whether it is close: about a third of the longer
    /// word at most (`edits * 3 <= max(count)`).
    ///
    /// Sharing a one-deletion variant puts two different strings one or two edits apart:
    /// one when their lengths differ or a single character does, two otherwise.
    static func compare(
        _ key: String, deleting k: Int, _ literal: String, deleting i: Int
    ) -> (edits: Int, close: Bool)? {
        // Printable ASCII on both sides: bytes are characters.
        let ascii = withASCII(key) { key in
            withASCII(literal) { literal in compareASCII(key, k, literal, i) }
        }
        if let ascii, let ascii { return ascii.edits == 0 ? nil : ascii }
        let a = Array(key), b = Array(literal)
        guard sameVariant(a, k, b, i) else { return nil }
        let edits = distance(a, b, limit: budget)
        return (edits, edits * 3 <= max(a.count, b.count))
    }

    /// ``compare(_:deleting:_:deleting:)`` for a key given as its UTF-8 bytes.
    static func compare(
        _ key: UnsafeBufferPointer<UInt8>, deleting k: Int, _ literal: String, deleting i: Int
    ) -> (edits: Int, close: Bool)? {
        let ascii = isPrintable(key) ? withASCII(literal) { literal in compareASCII(key, k, literal, i) } : nil
        if let ascii { return ascii.edits == 0 ? nil : ascii }
        return compare(String(decoding: key, as: UTF8.self), deleting: k, literal, deleting: i)
    }

    /// ``compare(_:deleting:_:deleting:)`` for a key and a literal that are both printable
    /// ASCII, given as their bytes.
    static func compare(
        _ key: UnsafeBufferPointer<UInt8>, deleting k: Int, printable literal: UnsafeBufferPointer<UInt8>,
        deleting i: Int
    ) -> (edits: Int, close: Bool)? {
        let result = compareASCII(key, k, literal, i)
        return result.edits == 0 ? nil : result
    }

    /// ``compare(_:deleting:printable:deleting:)`` for a key and a literal of at most eight
    /// printable bytes each, as words (`UnsafeBufferPointer.word(from:count:)`): no byte is
    /// 0, so equal words are equal strings, and a byte of their difference is 0 exactly
    /// where they agree.
    @inline(__always)
    static func compare(
        _ key: UInt64, _ keyCount: Int, deleting k: Int, _ literal: UInt64, _ literalCount: Int, deleting i: Int
    ) -> (edits: Int, close: Bool)? {
        guard deleting(k, from: key) == deleting(i, from: literal), key != literal else { return nil }
        var edits = 1
        if keyCount == literalCount {
            // The high bit of each byte that differs; one such bit is one edit, more are two.
            let difference = key ^ literal
            let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            let differing = ((difference & low) &+ low | difference) & ~low
            edits = differing & (differing &- 1) == 0 ? 1 : 2
        }
        return (edits, edits &* 3 <= max(keyCount, literalCount))
    }

    /// `word` with byte `index` taken out: the bytes below it kept, the ones above it moved
    /// down a byte (-1: as it is).
    @inline(__always)
    private static func deleting(_ index: Int, from word: UInt64) -> UInt64 {
        guard index >= 0 else { return word }
        let below = (1 &<< UInt64(truncatingIfNeeded: index &* 8)) &- 1
        return word & below | (word &>> 8) & ~below
    }

    /// Whether every byte is printable ASCII: then bytes are characters.
    static func isPrintable(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { (0x20..<0x7F).contains($0) }
    }

    /// The printable-ASCII case of ``compare(_:deleting:_:deleting:)``: bytes are
    /// characters. Edits 0 stands for "not a variant".
    private static func compareASCII(
        _ key: UnsafeBufferPointer<UInt8>, _ k: Int, _ literal: UnsafeBufferPointer<UInt8>, _ i: Int
    ) -> (edits: Int, close: Bool) {
        guard sameVariant(key, k, literal, i) else { return (0, false) }
        var edits = 1
        if key.count == literal.count {
            var differences = 0
            for index in 0..<key.count where key[index] != literal[index] { differences += 1 }
            edits = min(differences, 2)
        }
        return (edits, edits * 3 <= max(key.count, literal.count))
    }

    /// Whether `a` with character `i` deleted equals `b` with character `j` deleted
    /// (`-1`: nothing deleted).
    private static func sameVariant<C: RandomAccessCollection>(
        _ a: C, _ i: Int, _ b: C, _ j: Int
    ) -> Bool where C.Element: Equatable, C.Index == Int {
        guard a.count - (i < 0 ? 0 : 1) == b.count - (j < 0 ? 0 : 1) else { return false }
        var x = a.startIndex, y = b.startIndex
        while true {
            if x - a.startIndex == i { x += 1 }
            if y - b.startIndex == j { y += 1 }
            guard x < a.endIndex, y < b.endIndex else { return true }
            guard a[x] == b[y] else { return false }
            x += 1
            y += 1
        }
    }
}

extension RouteTrie {
    /// The id of the route closest to `keys` within the edit budget, or `nil`.
    /// Ties go to the route found first, walking branches in precedence order.
    ///
    /// A branch is left as soon as it cannot beat the best route found so far: costs only
    /// grow on the way down, and only a strictly lower cost replaces the best. That changes
    /// no result and keeps a miss cheap among thousands of routes.
    ///
    /// `rootLiteralMissing`: the caller has already found that nothing at the root takes
    /// the first segment (``leadsNowhere(_:_:)``), so only near literals are looked for there.
    static func suggestion(_ view: View, _ keys: SegmentKeys, rootLiteralMissing: Bool = false) -> Int? {
        // Nothing at the root takes the first segment (the caller's `leadsNowhere`: no
        // literal, typed, parameter or `**` child). With no literal near it either, only a
        // route ending at the root is left, for a segment too many each.
        if rootLiteralMissing, !mayHaveNearLiteral(view, 0, keys, 0) {
            let first = view.nodes[0].firstTerminal
            return first < 0 ? nil : Int(first)
        }
        if rootLiteralMissing, view.nodes[0].firstTerminal < 0, !view.caseInsensitive, keys.hash(at: 0) != 0,
            case let segment = keys.bytes(at: 0), keys.printable || Suggestion.isPrintable(segment)
        {
            return rootNearSuggestion(view, keys, segment)
        }
        var search = SuggestionSearch(view: view, keys: keys)
        if rootLiteralMissing { search.walkRoot() } else { search.walk(0, 0, 0) }
        return search.bestID < 0 ? nil : search.bestID
    }

    /// ``SuggestionSearch/walkRoot()`` in the usual case: a printable ASCII first segment,
    /// matched case-sensitively, under a root that ends no route. Nothing can be found
    /// before the root's near literals then, so the filter is asked first, and the search
    /// is set up only when some variant of the segment passes it.
    @inline(never)
    private static func rootNearSuggestion(_ view: View, _ keys: SegmentKeys, _ segment: UnsafeBufferPointer<UInt8>) -> Int? {
        // `worthVisiting(0, 0, 1)` with nothing found yet: some route (or `**`) ends at most
        // `budget - 1` segments past the path's end, so within reach (`mayReach` with no
        // best to beat).
        let reach = keys.count &+ Suggestion.budget
        let within = reach >= 64 ? UInt64.max : (1 &<< UInt64(reach)) &- 1
        guard (view.nodes[0].terminalDepths | view.nodes[0].catchAllDepths) & within != 0 else { return nil }
        let best =
            Suggestion.withVariantsPassing(printable: segment, seed: 0, view.near) { passed in
                var search = SuggestionSearch(view: view, keys: keys)
                search.walkPassed(0, 0, 0, exact: nil, key: segment, passed)
                return search.bestID
            } ?? -1
        return best < 0 ? nil : best
    }

    /// The state of one suggestion search: a value walked by mutating methods, so the best
    /// route so far needs no dynamic exclusivity checks.
    ///
    /// Positions are at most the path's segment count and costs a few edits more: the walk
    /// adds them with wrapping arithmetic, which needs no overflow checks.
    private struct SuggestionSearch {
        let view: View
        let keys: SegmentKeys
        /// The best route so far and its cost; -1 and `Int.max` before the first. Plain
        /// integers, not an optional pair: every visit reads them.
        var bestID = -1
        var bestCost = Int.max

        init(view: View, keys: SegmentKeys) {
            self.view = view
            self.keys = keys
        }

        /// Takes route `first` (-1: none) as the best when it costs strictly less.
        mutating func consider(_ first: Int32, cost: Int) {
            guard cost > 0, first >= 0, cost < bestCost else { return }
            bestCost = cost
            bestID = Int(first)
        }

        /// The most the search may have spent to go on: within budget and below the best.
        func limit() -> Int {
            min(Suggestion.budget, bestCost &- 1)
        }

        /// Whether the branch at `index` can still give the suggestion, by the depths where
        /// routes end below it (a route found past the budget still counts, as a last resort).
        @inline(__always)
        func worthVisiting(_ index: Int, _ position: Int, _ cost: Int) -> Bool {
            RouteTrie.mayReach(
                terminals: view.nodes[index].terminalDepths, catchAlls: view.nodes[index].catchAllDepths,
                remaining: keys.count &- position, visit: limit() &- cost, win: bestCost &- 1 &- cost)
        }

        mutating func walk(_ index: Int, _ position: Int, _ cost: Int) {
            let nodes = view.nodes
            let count = keys.count
            // Leave a branch whose every route costs too much or is out of reach.
            guard worthVisiting(index, position, cost) else { return }
            if position == count {
                consider(nodes[index].firstTerminal, cost: cost)
                consider(nodes[index].firstCatchAll, cost: cost)
                // A missing trailing parameter: `/profile` for `profile/:userId`.
                if nodes[index].hasTyped { walkTyped(index, position, cost, segment: nil) }
                if let child = nodes[index].any { walk(child, position, cost &+ 1) }
                return
            }
            consider(nodes[index].firstTerminal, cost: cost &+ count &- position)
            let exact: Int?
            if !nodes[index].hasLiterals {
                exact = nil
            } else if case let hash = keys.hash(at: position), hash != 0, nodes[index].asciiKeys {
                // `literalChild`'s usual case in line: the recursive walk does not inline the
                // call, which copies the whole view onto the stack.
                exact = view.literals.find(
                    parent: index, hash: hash, keys, position, folding: view.caseInsensitive, nodes: nodes)
            } else {
                exact = literalChild(view, index, keys, position)
            }
            if let exact { walk(exact, position &+ 1, cost) }
            // Near literals: each is one or two edits away, and has one character more,
            // one less or as many as the key.
            if nodes[index].hasLiterals, worthVisiting(index, position, cost &+ 1) {
                walkNear(index, position, cost, exact: exact)
            }
            if nodes[index].hasTyped { walkTyped(index, position, cost, segment: keys.string(at: position)) }
            if let child = nodes[index].any { walk(child, position &+ 1, cost) }
            consider(nodes[index].firstCatchAll, cost: cost)
        }

        /// The typed-parameter children of `index`: each takes `segment` for no edit if it
        /// accepts it, for one if not; with no segment left (`nil`), each costs an edit, as
        /// a missing trailing parameter. Out of line: few nodes have typed children, and
        /// their checks would otherwise widen every visit's frame.
        @inline(never)
        private mutating func walkTyped(_ index: Int, _ position: Int, _ cost: Int, segment: String?) {
            for (type, child) in view.branches[index].typed {
                guard let segment else {
                    walk(child, position, cost &+ 1)
                    continue
                }
                walk(child, position &+ 1, cost &+ (type.accepts(segment) ? 0 : 1))
            }
        }

        /// ``walk(_:_:_:)`` at the root, when only its own routes and its literals near the
        /// first segment can be the suggestion (see ``RouteTrie/suggestion(_:_:rootLiteralMissing:)``).
        mutating func walkRoot() {
            // No `worthVisiting(0, 0, 0)` first, as `walk` has: when it says no, the root
            // ends no route (a route ending there is in reach) and the test below says no.
            consider(view.nodes[0].firstTerminal, cost: keys.count)
            // The caller has found the root may have a near literal (`mayHaveNearLiteral`).
            if worthVisiting(0, 0, 1) { walkNearChecked(0, 0, 0, exact: nil) }
        }

        /// Walks the literal children of `index` near segment `position` (not `exact`).
        /// A printable ASCII segment is compared on its (folded) bytes with a printable
        /// literal's bytes; anything else as a `String`.
        private mutating func walkNear(_ index: Int, _ position: Int, _ cost: Int, exact: Int?) {
            guard RouteTrie.mayHaveNearLiteral(view, index, keys, position) else { return }
            walkNearChecked(index, position, cost, exact: exact)
        }

        /// ``walkNear(_:_:_:exact:)`` once `mayHaveNearLiteral` has said yes.
        @inline(__always)
        private mutating func walkNearChecked(_ index: Int, _ position: Int, _ cost: Int, exact: Int?) {
            guard keys.hash(at: position) != 0 else {
                return walkNear(index, position, cost, exact: exact, string: keys.string(at: position))
            }
            let segment = keys.bytes(at: position)
            guard keys.printable || Suggestion.isPrintable(segment) else {
                return walkNear(index, position, cost, exact: exact, string: keys.string(at: position))
            }
            guard view.caseInsensitive else { return walkNear(index, position, cost, exact: exact, key: segment) }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: segment.count) { folded in
                // `lowercased()` of an ASCII string folds exactly the ASCII capitals.
                for offset in 0..<segment.count { folded[offset] = LiteralTable.fold(segment[offset]) }
                walkNear(index, position, cost, exact: exact, key: UnsafeBufferPointer(folded))
            }
        }

        /// ``walkNear(_:_:_:exact:)`` for any segment, compared as a `String`.
        private mutating func walkNear(_ index: Int, _ position: Int, _ cost: Int, exact: Int?, string segment: String) {
            let key = view.caseInsensitive ? segment.lowercased() : segment
            let branches = view.branches, nearLiterals = view.near  // not `self.view`: `near` mutates `self`
            var seen = SeenChildren()
            Suggestion.forEachVariantHash(of: key, seed: index) { hash, deleted in
                guard nearLiterals.mayContain(hash) else { return }
                near(nearLiterals, index, position, cost, exact, hash, &seen) { child, other in
                    Suggestion.compare(key, deleting: deleted, branches[child].label, deleting: other)
                }
            }
        }

        /// ``walkNear(_:_:_:exact:)`` for a printable ASCII segment, as the (folded) bytes `key`.
        @inline(__always)
        private mutating func walkNear(_ index: Int, _ position: Int, _ cost: Int, exact: Int?, key: UnsafeBufferPointer<UInt8>) {
            // Most variants are in no literal's index. One tight pass asks the filter about
            // each; only the few it lets through are probed and compared, and when none
            // is, nothing more is set up.
            Suggestion.withVariantsPassing(printable: key, seed: index, view.near) { passed in
                walkPassed(index, position, cost, exact: exact, key: key, passed)
            }
        }

        /// Walks the literal children indexed under the variants of `key` that passed the
        /// filter. Out of line, so that its set-up (the tables read once, the children
        /// seen) is paid only when some variant did pass: about one unknown word in two.
        @inline(never)
        fileprivate mutating func walkPassed(
            _ index: Int, _ position: Int, _ cost: Int, exact: Int?, key: UnsafeBufferPointer<UInt8>,
            _ passed: UnsafeBufferPointer<(hash: UInt64, deleted: Int)>
        ) {
            // Read once, not through `self.view`: `near` mutates `self`, so they would be reloaded.
            let nodes = view.nodes, branches = view.branches, labels = view.literals.bytes, nearLiterals = view.near
            var seen = SeenChildren()
            for (hash, deleted) in passed {
                // A near literal costs an edit more: none can beat the best any more.
                guard cost &+ 1 <= limit() else { break }
                near(nearLiterals, index, position, cost, exact, hash, &seen) { child, other in
                    // Fields read in place: a copy of the node would retain each of them.
                    let start = Int(nodes[child].labelStart), count = Int(nodes[child].labelCount)
                    guard nodes[child].labelPrintable else {
                        return Suggestion.compare(key, deleting: deleted, branches[child].label, deleting: other)
                    }
                    // A key and a label of at most eight bytes are compared as words.
                    if key.count <= 8, count <= 8 {
                        return Suggestion.compare(
                            key.word(from: 0, count: key.count), key.count, deleting: deleted,
                            nodes[child].labelWord, count, deleting: other)
                    }
                    let label = UnsafeBufferPointer(rebasing: labels[start..<(start + count)])
                    return Suggestion.compare(key, deleting: deleted, printable: label, deleting: other)
                }
            }
        }

        /// Walks each literal child of `index` indexed under `hash` (a hash the filter has let
        /// through) that `compare` finds close (given the child and its deleted character), once per child.
        @inline(__always)
        private mutating func near(
            _ nearLiterals: NearLiteralTable.View, _ index: Int, _ position: Int, _ cost: Int, _ exact: Int?,
            _ hash: UInt64,
            _ seen: inout SeenChildren, _ compare: (Int, Int) -> (edits: Int, close: Bool)?
        ) {
            nearLiterals.forEachPassed(parent: index, hash: hash, nodes: view.nodes) { child, deleted in
                guard cost &+ 1 <= limit(), child != exact, !seen.contains(Int32(truncatingIfNeeded: child)) else {
                    return
                }
                guard let (edits, close) = compare(child, deleted) else { return }
                seen.append(Int32(truncatingIfNeeded: child))
                guard edits <= Suggestion.budget, close else { return }
                walk(child, position &+ 1, cost &+ edits)
            }
        }
    }

    /// Whether node `index` may have a literal child near segment `position` (by the
    /// lengths of its literals): when not, the near-literal search is skipped.
    @inline(__always)
    static func mayHaveNearLiteral(_ view: View, _ index: Int, _ keys: SegmentKeys, _ position: Int) -> Bool {
        let lengths = view.nodes[index].literalLengths
        guard lengths != 0 else { return false }
        // An ASCII segment (hashed) has a character per byte; lowercasing keeps its length.
        if keys.hash(at: position) != 0 { return mayBeNear(count: keys.bytes(at: position).count, lengths: lengths) }
        let segment = keys.string(at: position)
        return mayBeNear(count: (view.caseInsensitive ? segment.lowercased() : segment).count, lengths: lengths)
    }

    /// Whether a literal with one character more, one less or as many as a key of `count`
    /// characters (bits of `lengths`) can be close to it: a suggestion needs
    /// `edits * 3 <= max(count, literal count)`, so at least 3 characters.
    @inline(__always)
    static func mayBeNear(count: Int, lengths: UInt64) -> Bool {
        // Lengths count + 1 (the longer has at least 3 characters from count 2 on), count
        // and count - 1 (from count 3 on); lengths of 63 and more share bit 63.
        guard count >= 2 else { return false }
        guard count >= 3 else { return lengths & 0b1000 != 0 }
        guard count < 62 else { return lengths >> UInt64(min(count - 1, 63)) != 0 }
        return lengths & (0b111 << UInt64(count - 1)) != 0
    }
}

/// The literal children a near-literal search has compared already: the first few in
/// place, so that the usual search allocates nothing.
struct SeenChildren {
    private var first: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
    private var count = 0
    /// `nil` until a fifth child: an empty array would still be released at the end.
    private var more: [Int32]?

    func contains(_ child: Int32) -> Bool {
        switch count {
        case 0: false
        case 1: first.0 == child
        case 2: first.0 == child || first.1 == child
        case 3: first.0 == child || first.1 == child || first.2 == child
        default:
            first.0 == child || first.1 == child || first.2 == child || first.3 == child
                || more?.contains(child) == true
        }
    }

    mutating func append(_ child: Int32) {
        switch count {
        case 0: first.0 = child
        case 1: first.1 = child
        case 2: first.2 = child
        case 3: first.3 = child
        default:
            if more == nil { more = [] }
            more?.append(child)
        }
        count += 1
    }
}
