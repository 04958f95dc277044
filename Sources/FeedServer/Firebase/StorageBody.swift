import FeedLibrary
import Foundation
import Hummingbird
import NIOCore

/// Receives Storage uploads' bytes: streamed to a scratch file with their MD5 and CRC32C computed on the way, and
/// refused as soon as they pass the limit. A body that breaks off (the client went away) leaves no file.
enum StorageBody {
    /// Streams the request body to a new file in `folder`. A body shorter than its `Content-Length` broke off (the
    /// framework ends the body, without an error, when the connection closes early) and is refused.
    static func receive(_ request: Request, folder: String, limit: Int) async throws -> ReceivedFile {
        let declared = request.headers[.contentLength].flatMap { Int64($0) }
        if let declared, declared > Int64(limit) { throw FirebaseStorageError.tooLarge(limit: limit) }
        let path = folder + "/firebase-upload-" + UUID().uuidString
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw FirebaseStorageError.invalidArgument("The server could not store the upload.") }
        var digest = ObjectDigest()
        do {
            defer { try? handle.close() }
            for try await buffer in request.body {
                guard digest.size + Int64(buffer.readableBytes) <= Int64(limit) else {
                    throw FirebaseStorageError.tooLarge(limit: limit)
                }
                try buffer.withUnsafeReadableBytes { bytes in
                    digest.update(bytes)
                    try handle.write(contentsOf: bytes)
                }
            }
            if let declared, digest.size != declared { throw BrokenBody(received: digest.size, declared: declared) }
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
        return ReceivedFile(path: path, digest: digest)
    }

    /// Writes bytes already in memory (a multipart body's data part) to a new file in `folder`.
    static func write(_ bytes: ArraySlice<UInt8>, folder: String) throws -> ReceivedFile {
        let path = folder + "/firebase-upload-" + UUID().uuidString
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw FirebaseStorageError.invalidArgument("The server could not store the upload.")
        }
        return ReceivedFile(path: path, digest: ObjectDigest.of(bytes))
    }

    /// The whole body in memory (multipart uploads, which carry metadata before the data), refused past `limit` or
    /// short of its `Content-Length`.
    static func collect(_ request: Request, limit: Int) async throws -> [UInt8] {
        let declared = request.headers[.contentLength].flatMap { Int($0) }
        if let declared, declared > limit { throw FirebaseStorageError.tooLarge(limit: limit) }
        var bytes: [UInt8] = []
        for try await buffer in request.body {
            guard bytes.count + buffer.readableBytes <= limit else {
                throw FirebaseStorageError.tooLarge(limit: limit)
            }
            bytes += buffer.readableBytesView
        }
        if let declared, bytes.count != declared {
            throw BrokenBody(received: Int64(bytes.count), declared: Int64(declared))
        }
        return bytes
    }
}
