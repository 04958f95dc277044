import FeedLibrary
import Foundation
import NIOCore

/// Recently served rendition files, kept in memory within a byte budget so the feed's thumbnails are answered
/// without a read (or a copy) per request. The file stays the truth: an entry is served only while its file
/// exists, which is checked again once it is older than `revalidateAfter` — so a rendition deleted with its photo,
/// by this process or another, stops being served within that time. (Browsers and CDNs keep renditions for a
/// year anyway: their URLs are immutable.)
final class RenditionMemory: Sendable {
    private let cache: RenditionFileCache<String, ByteBuffer>
    private let limit: RenditionCacheLimit

    init(
        limit: RenditionCacheLimit, budget: Int = 64 << 20, revalidateAfter: Duration = .seconds(1),
        clock: any MonotonicClock = SystemClock()
    ) {
        cache = RenditionFileCache(limit: limit, budget: budget, revalidateAfter: revalidateAfter, clock: clock)
        self.limit = limit
    }

    /// Forgets every file under `folder` (a deleted photo's renditions), at once.
    func forget(under folder: String) {
        cache.forget(under: folder)
    }

    /// Whether the rendition file exists (one `access` call).
    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Whether a rendition file exists: from memory when it was seen lately, else asked of the file system.
    func exists(atPath path: String) -> Bool {
        cache.isFresh(path) || limit.markUsed(atPath: path)
    }

    /// The bytes of the rendition file at `path`, from memory while its file exists; nil when there is no such file.
    func bytes(atPath path: String) -> ByteBuffer? {
        if let known = cache.value(for: path) { return known }
        guard let data = LibraryFiles.readRendition(path, for: limit) else { return nil }
        let buffer = ByteBuffer(bytes: data)
        cache.insert(buffer, path: path, size: buffer.readableBytes, for: path)
        return buffer
    }
}
