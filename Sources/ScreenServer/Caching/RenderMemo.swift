import Foundation
import ScreenRegistry
import ScreenRendering

/// Rendered bodies kept for a while, for the screens that opt in.
///
/// A screen type opts in by declaring a ``ScreenRegistry/DeeplinkScreen/cacheLifetime``,
/// and a route through ``ScreenService/Configuration/memoizedRoutes``. Its rendered
/// body and tag are then reused for the same normalised path, data, format and
/// platform until the time runs out, without building or rendering the screen again.
/// Only screens that depend on nothing but their path and data may opt in; nothing
/// else is kept.
///
/// The store is bounded: at most `capacity` entries; when it is full, expired entries
/// go, and if none has expired the whole store is emptied.
final class RenderMemo: @unchecked Sendable {
    struct Key: Hashable {
        var pattern: String
        var path: String
        var data: [String: String]
        var format: ScreenFormat
        var platform: Platforms?
    }

    struct Entry {
        var body: [UInt8]
        var tag: String
        var expires: ContinuousClock.Instant
    }

    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// The unexpired entry for `key`.
    func lookup(_ key: Key, now: ContinuousClock.Instant = .now) -> Entry? {
        lock.withLock {
            guard let entry = entries[key] else { return nil }
            guard entry.expires > now else {
                entries[key] = nil
                return nil
            }
            return entry
        }
    }

    /// Keeps `body` and `tag` for `key` until `timeToLive` has passed.
    func store(_ key: Key, body: [UInt8], tag: String, timeToLive: Duration, now: ContinuousClock.Instant = .now) {
        lock.withLock {
            if entries.count >= capacity, entries[key] == nil {
                entries = entries.filter { $0.value.expires > now }
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            }
            entries[key] = Entry(body: body, tag: tag, expires: now + timeToLive)
        }
    }

    /// How many entries the store holds, expired ones included.
    var count: Int { lock.withLock { entries.count } }
}
