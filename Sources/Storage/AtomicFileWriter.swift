import Foundation
import NIOCore
import NIOPosix

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
