import FeedLibrary
import Foundation
import Locking
import NIOCore

/// Recently served rendition files, kept in memory within a byte budget so the feed's thumbnails are answered
/// without a read (or a copy) per request. The file stays the truth: an entry is served only while its file
/// exists, which is checked again once it is older than `revalidateAfter` — so a rendition deleted with its photo,
/// by this process or another, stops being served within that time. (Browsers and CDNs keep renditions for a
/// year anyway: their URLs are immutable.)
final class RenditionMemory: Sendable {
    private struct Remembered {
        let bytes: ByteBuffer
        var checkedAt: Duration
    }

    private let cache: Locked<BoundedCache<String, Remembered>>
    private let revalidateAfter: Duration
    private let clock: any MonotonicClock
    /// Whose least-recently-used order a revalidation keeps up: a rendition served from memory is still in use.
    private let limit: RenditionCacheLimit

    init(
        limit: RenditionCacheLimit, budget: Int = 64 << 20, revalidateAfter: Duration = .seconds(1),
        clock: any MonotonicClock = SystemClock()
    ) {
        cache = Locked(BoundedCache(budget: budget))
        self.limit = limit
        self.revalidateAfter = revalidateAfter
        self.clock = clock
    }

    /// Forgets every file under `folder` (a deleted photo's renditions), at once.
    func forget(under folder: String) {
        cache.withLock { $0.removeAll { path, _ in path.hasPrefix(folder) } }
    }

    /// Whether the rendition file exists (one `access` call).
    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Whether a rendition file exists: from memory when it was seen lately, else asked of the file system.
    func exists(atPath path: String) -> Bool {
        let now = clock.now()
        if let known = cache.withLock({ $0[path] }), now - known.checkedAt < revalidateAfter { return true }
        return limit.markUsed(atPath: path)
    }

    /// The bytes of the rendition file at `path`, from memory when seen lately; nil when there is no such file.
    func bytes(atPath path: String) -> ByteBuffer? {
        let now = clock.now()
        if let known = cache.withLock({ $0[path] }) {
            if now - known.checkedAt < revalidateAfter { return known.bytes }
            guard limit.markUsed(atPath: path) else {
                cache.withLock { $0.removeValue(for: path) }
                return nil
            }
            cache.withLock { $0.update(for: path) { $0.checkedAt = now } }
            return known.bytes
        }
        guard let data = LibraryFiles.readRendition(path, for: limit) else { return nil }
        let buffer = ByteBuffer(bytes: data)
        cache.withLock { $0.insert(Remembered(bytes: buffer, checkedAt: now), size: buffer.readableBytes, for: path) }
        return buffer
    }
}
