import Foundation
import NIOCore
import NIOPosix

/// An open file descriptor, closed when the last reference goes, so an abandoned upload or download cannot leak it.
final class FileDescriptor: Sendable {
    let raw: Int32

    init(raw: Int32) { self.raw = raw }

    deinit { close(raw) }

    /// Opens `path` on the blocking-I/O thread pool.
    static func open(_ path: String, flags: Int32, mode: mode_t = 0o644) async throws -> FileDescriptor {
        try await NIOThreadPool.singleton.runIfActive {
            let raw = Foundation.open(path, flags | O_CLOEXEC, mode)
            guard raw >= 0 else { throw BlobStoreError.file("open", path, errno) }
            return FileDescriptor(raw: raw)
        }
    }

    /// The size in bytes of the file at `path`, or nil when there is none.
    static func size(of path: String) async throws -> Int64? {
        try await NIOThreadPool.singleton.runIfActive {
            var status = stat()
            guard stat(path, &status) == 0 else {
                if errno == ENOENT || errno == ENOTDIR { return nil }
                throw BlobStoreError.file("stat", path, errno)
            }
            guard status.st_mode & S_IFMT == S_IFREG else { return nil }
            return Int64(status.st_size)
        }
    }
}
