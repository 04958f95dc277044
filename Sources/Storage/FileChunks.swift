import Foundation
import NIOCore
import NIOPosix

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
            if let descriptor {
                file = descriptor
            } else {
                file = try await FileDescriptor.open(source.path, flags: O_RDONLY)
                descriptor = file
            }
            let count = Int(Swift.min(Int64(source.chunkSize), source.length - position))
            let start = source.offset + position
            let path = source.path
            let buffer = try await NIOThreadPool.singleton.runIfActive {
                var buffer = ByteBufferAllocator().buffer(capacity: count)
                while buffer.readableBytes < count {
                    let done = buffer.readableBytes
                    let wanted = count - done
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
