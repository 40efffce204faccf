import Foundation
import ScreenRegistry
import ScreenRendering

/// Rendered bodies kept for a while, for the screens that opt in.
///
/// A screen type opts in by declaring a ``CacheableScreen/cacheLifetime``,
/// and a route through ``ScreenService/Configuration/memoizedRoutes``. Its rendered
/// body and tag are then reused for the same normalised path, data, format and
/// client until the time runs out, without building or rendering the screen again.
/// Only screens that depend on nothing but their path and data may opt in; nothing
/// else is kept.
///
/// The store is bounded by entries and by bytes. When it is full, the entry used least
/// recently goes; a hit makes an entry the most recent. So a flood of distinct requests
/// (request data is part of the key) cycles through the cold end, while a screen that
/// keeps being asked for stays.
final class RenderMemo: @unchecked Sendable {
    struct Key: Hashable {
        var pattern: String
        var path: String
        var data: [String: String]
        var context: TrustedContext
        /// The format and what the client says of itself: everything of it that changes the bytes.
        var client: ClientProfile
        /// Where HTML links start: a service mounted twice writes different pages.
        var linkBase: String
    }

    struct Entry {
        var body: [UInt8]
        var tag: String
        var expires: ContinuousClock.Instant
    }

    /// An entry in the recency list: `newer` and `older` are slot indices, -1 at the ends.
    private struct Slot {
        var key: Key
        var entry: Entry
        var newer: Int
        var older: Int
    }

    private let lock = NSLock()
    private var slots: [Slot?] = []
    private var freeSlots: [Int] = []
    private var slotByKey: [Key: Int] = [:]
    private var newest = -1
    private var oldest = -1
    private var storedBytes = 0
    /// The most entries kept.
    let capacity: Int
    /// The most body bytes kept; a body larger than this is not kept at all.
    let byteCapacity: Int

    init(capacity: Int, byteCapacity: Int = 32 << 20) {
        self.capacity = max(capacity, 1)
        self.byteCapacity = max(byteCapacity, 1)
    }

    /// The unexpired entry for `key`, which becomes the most recently used.
    func lookup(_ key: Key, now: ContinuousClock.Instant = .now) -> Entry? {
        lock.withLock {
            guard let slot = slotByKey[key], let entry = slots[slot]?.entry else { return nil }
            guard entry.expires > now else {
                remove(slot)
                return nil
            }
            unlink(slot)
            linkAsNewest(slot)
            return entry
        }
    }

    /// Keeps `body` and `tag` for `key` until `timeToLive` has passed, evicting the
    /// least recently used entries while the store is over either bound.
    func store(_ key: Key, body: [UInt8], tag: String, timeToLive: Duration, now: ContinuousClock.Instant = .now) {
        lock.withLock {
            guard body.count <= byteCapacity else { return }
            let entry = Entry(body: body, tag: tag, expires: now + timeToLive)
            if let slot = slotByKey[key] {
                storedBytes -= slots[slot]?.entry.body.count ?? 0
                slots[slot]?.entry = entry
                unlink(slot)
                linkAsNewest(slot)
            } else {
                let slot = freeSlots.popLast() ?? slots.count
                if slot == slots.count { slots.append(nil) }
                slots[slot] = Slot(key: key, entry: entry, newer: -1, older: -1)
                slotByKey[key] = slot
                linkAsNewest(slot)
            }
            storedBytes += body.count
            while slotByKey.count > capacity || storedBytes > byteCapacity, oldest >= 0 {
                remove(oldest)
            }
        }
    }

    /// How many entries the store holds, expired ones included.
    var count: Int { lock.withLock { slotByKey.count } }

    /// How many body bytes the store holds.
    var bytes: Int { lock.withLock { storedBytes } }

    // MARK: The recency list (called with the lock held)

    private func remove(_ slot: Int) {
        guard let removed = slots[slot] else { return }
        unlink(slot)
        slotByKey[removed.key] = nil
        storedBytes -= removed.entry.body.count
        slots[slot] = nil
        freeSlots.append(slot)
    }

    private func unlink(_ slot: Int) {
        guard let links = slots[slot] else { return }
        if links.newer >= 0 { slots[links.newer]?.older = links.older } else { newest = links.older }
        if links.older >= 0 { slots[links.older]?.newer = links.newer } else { oldest = links.newer }
        slots[slot]?.newer = -1
        slots[slot]?.older = -1
    }

    private func linkAsNewest(_ slot: Int) {
        slots[slot]?.older = newest
        slots[slot]?.newer = -1
        if newest >= 0 { slots[newest]?.newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }
}
