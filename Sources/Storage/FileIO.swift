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

/// A byte range of a file as a stream of buffers read on the blocking-I/O thread pool: uploads never hold more
/// than one chunk of a file in memory, and a retry reads the file again from a new sequence.
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let path: String
    let offset: Int64
    let length: Int64
    var chunkSize = 256 * 1024

    func makeAsyncIterator() -> Iterator { Iterator(source: self) }

    struct Iterator: AsyncIteratorProtocol {
        let source: FileChunks
        var descriptor: FileDescriptor?
        var position: Int64 = 0

        mutating func next() async throws -> ByteBuffer? {
            guard position < source.length else { return nil }
            let file: FileDescriptor
            if let descriptor { file = descriptor } else {
                file = try await FileDescriptor.open(source.path, flags: O_RDONLY)
                descriptor = file
            }
            let count = Int(Swift.min(Int64(source.chunkSize), source.length - position))
            let start = source.offset + position
            let path = source.path
            let buffer = try await NIOThreadPool.singleton.runIfActive {
                var buffer = ByteBufferAllocator().buffer(capacity: count)
                while buffer.readableBytes < count {
                    let done = buffer.readableBytes, wanted = count - done
                    let read = try buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: wanted) { target in
                        let read = pread(file.raw, target.baseAddress!, wanted, off_t(start) + off_t(done))
                        if read < 0, errno != EINTR { throw BlobStoreError.file("read", path, errno) }
                        return Swift.max(read, 0)
                    }
                    if read == 0 { throw BlobStoreError.changedWhileReading(path) }
                }
                return buffer
            }
            position += Int64(buffer.readableBytes)
            return buffer
        }
    }
}

/// A file written so that readers see either nothing or all of it: a temporary file in the destination's folder
/// (so the rename stays on one file system), flushed to disk, then renamed over the destination.
final class AtomicFileWriter: Sendable {
    let destination: String
    let temporary: String
    private let descriptor: FileDescriptor

    private init(destination: String, temporary: String, descriptor: FileDescriptor) {
        self.destination = destination
        self.temporary = temporary
        self.descriptor = descriptor
    }

    /// Creates the destination's folders and the temporary file, in `scratch` when given (a folder on the same file
    /// system that its owner clears of what a killed process left), else beside the destination; its name starts
    /// with a dot, which the local store's listing skips.
    static func create(at destination: String, scratch: String? = nil) async throws -> AtomicFileWriter {
        let folder = (destination as NSString).deletingLastPathComponent
        try await NIOThreadPool.singleton.runIfActive { try makeFolders(folder) }
        var random = SystemRandomNumberGenerator()
        let name = ".partial-" + String(random.next(), radix: 36)
        let temporary = ((scratch ?? folder) as NSString).appendingPathComponent(name)
        let descriptor = try await FileDescriptor.open(temporary, flags: O_WRONLY | O_CREAT | O_EXCL)
        return AtomicFileWriter(destination: destination, temporary: temporary, descriptor: descriptor)
    }

    /// Appends `buffer`.
    func write(_ buffer: ByteBuffer) async throws {
        let (raw, path) = (descriptor.raw, temporary)
        try await NIOThreadPool.singleton.runIfActive {
            try buffer.withUnsafeReadableBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = Foundation.write(raw, bytes.baseAddress! + offset, bytes.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw BlobStoreError.file("write", path, errno)
                    }
                    offset += written
                }
            }
        }
    }

    /// Flushes the file, renames it into place and flushes the folder, so the new name survives a crash.
    func commit() async throws {
        let (raw, temporary, destination) = (descriptor.raw, temporary, destination)
        try await NIOThreadPool.singleton.runIfActive {
            guard fsync(raw) == 0 else { throw BlobStoreError.file("flush", temporary, errno) }
            guard rename(temporary, destination) == 0 else { throw BlobStoreError.file("rename", destination, errno) }
            let folder = Foundation.open((destination as NSString).deletingLastPathComponent, O_RDONLY | O_CLOEXEC)
            if folder >= 0 {
                fsync(folder)
                close(folder)
            }
        }
    }

    /// Removes the temporary file after a failure; the destination is untouched.
    func discard() {
        unlink(temporary)
    }

    /// Runs `body` with a writer for `destination` and commits when it returns true; the temporary file is
    /// discarded when it returns false or throws.
    static func write(
        to destination: String, scratch: String? = nil, _ body: (AtomicFileWriter) async throws -> Bool
    ) async throws -> Bool {
        let writer = try await create(at: destination, scratch: scratch)
        do {
            guard try await body(writer) else {
                writer.discard()
                return false
            }
            try await writer.commit()
            return true
        } catch {
            writer.discard()
            throw error
        }
    }
}

/// `mkdir -p`: usually the folder exists and one call answers; parents are made only when missing.
func makeFolders(_ path: String) throws {
    if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
    guard errno == ENOENT else { throw BlobStoreError.file("create the folder", path, errno) }
    let parent = (path as NSString).deletingLastPathComponent
    guard !parent.isEmpty, parent != path else { throw BlobStoreError.file("create the folder", path, ENOENT) }
    try makeFolders(parent)
    if mkdir(path, 0o755) != 0, errno != EEXIST { throw BlobStoreError.file("create the folder", path, errno) }
}
