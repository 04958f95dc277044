import Foundation
import NIOCore
import Synchronization

/// Recently served rendition files, kept in memory within a byte budget so the feed's thumbnails are answered
/// without a read (or a copy) per request. The file stays the truth: an entry counts only while its file exists,
/// so a rendition deleted with its photo — by this process or another — is never served again.
final class RenditionMemory: Sendable {
    private let cache: Mutex<BoundedCache<String, ByteBuffer>>

    init(budget: Int = 64 << 20) {
        cache = Mutex(BoundedCache(budget: budget))
    }

    /// Whether the rendition file exists (one `access` call).
    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// The bytes of the rendition file at `path`, from memory when seen before; nil when there is no such file.
    func bytes(atPath path: String) -> ByteBuffer? {
        guard Self.exists(path) else {
            cache.withLock { $0.removeValue(for: path) }
            return nil
        }
        if let known = cache.withLock({ $0[path] }) { return known }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let buffer = ByteBuffer(data: data)
        cache.withLock { $0.insert(buffer, size: buffer.readableBytes, for: path) }
        return buffer
    }
}
