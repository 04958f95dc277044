import Foundation
import NIOCore
import NIOPosix

/// Blobs as files under one folder (the data directory): `key` is the path below `root`. The default store of a
/// single machine.
public struct LocalBlobStore: BlobStore {
    /// The folder holding the files, without a trailing `/`.
    public let root: String
    /// Where writes in progress are kept, on the same file system; nil for beside their destination.
    public let scratch: String?

    /// A store in `root`, made when the first blob is written.
    /// - Parameter scratch: a folder for writes in progress, which its owner clears of what a killed process left
    ///   (the library's `tmp`); nil to write them beside their destination, as dot-files the listing skips.
    public init(root: String, scratch: String? = nil) {
        let standardized = URL(fileURLWithPath: root, isDirectory: true).standardizedFileURL.path
        let trailingSlash = standardized.count > 1 && standardized.hasSuffix("/")
        self.root = trailingSlash ? String(standardized.dropLast()) : standardized
        self.scratch = scratch
    }

    /// `local folder <root>`.
    public var description: String { "local folder \(root)" }

    /// The file of `key`, after checking that the key stays inside the root.
    public func path(of key: String) throws -> String {
        try BlobKey.validate(key)
        return root + "/" + key
    }

    public func put(_ bytes: [UInt8], at key: String) async throws {
        let path = try path(of: key)
        _ = try await AtomicFileWriter.write(to: path, scratch: scratch) { writer in
            try await writer.write(ByteBuffer(bytes: bytes))
            return true
        }
    }

    public func put(file source: String, at key: String) async throws {
        let path = try path(of: key)
        guard let size = try await FileDescriptor.size(of: source) else {
            throw BlobStoreError.file("copy", source, ENOENT)
        }
        _ = try await AtomicFileWriter.write(to: path, scratch: scratch) { writer in
            for try await chunk in FileChunks(path: source, offset: 0, length: size, chunkSize: 1 << 20) {
                try await writer.write(chunk)
            }
            return true
        }
    }

    public func bytes(at key: String) async throws -> [UInt8]? {
        let path = try path(of: key)
        guard let size = try await FileDescriptor.size(of: path) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(size))
        do {
            for try await chunk in FileChunks(path: path, offset: 0, length: size, chunkSize: 1 << 20) {
                bytes += chunk.readableBytesView
            }
        } catch BlobStoreError.file(_, _, ENOENT) {
            return nil  // deleted between the size and the read
        }
        return bytes
    }

    public func download(_ key: String, to destination: String) async throws -> Bool {
        let path = try path(of: key)
        guard let size = try await FileDescriptor.size(of: path) else { return false }
        return try await AtomicFileWriter.write(to: destination) { writer in
            for try await chunk in FileChunks(path: path, offset: 0, length: size, chunkSize: 1 << 20) {
                try await writer.write(chunk)
            }
            return true
        }
    }

    public func size(of key: String) async throws -> Int? {
        try await FileDescriptor.size(of: path(of: key)).map { Int($0) }
    }

    public func delete(_ key: String) async throws {
        let path = try path(of: key)
        try await NIOThreadPool.singleton.runIfActive {
            if unlink(path) != 0, errno != ENOENT, errno != ENOTDIR {
                throw BlobStoreError.file("delete", path, errno)
            }
        }
    }

    /// The store's own file: the blobs are on this machine's disk already, so `copy` is never made.
    public func localFile(of key: String, copy: String) async throws -> (path: String, fetched: Int)? {
        let path = try path(of: key)
        return access(path, F_OK) == 0 ? (path, 0) : nil
    }

    /// Nothing to do: no other machine reads this folder.
    public func share(_ bytes: [UInt8], at key: String) async throws {}

    /// Nil: nothing is shared through a folder on this machine's disk.
    public func shared(at key: String) async throws -> [UInt8]? { nil }

    /// Walks only the folder the prefix names (`originals/ab/` walks `root/originals/ab`), skipping the dot-files
    /// that are writes in progress. The walk is done before the first key is returned.
    public func keys(under prefix: String) -> AsyncThrowingStream<String, any Error> {
        let root = root
        return .paged { (_: Bool?) in
            let keys = try await NIOThreadPool.singleton.runIfActive {
                let folder = prefix.split(separator: "/", omittingEmptySubsequences: false).dropLast()
                    .joined(separator: "/")
                var keys: [String] = []
                Self.walk(root + (folder.isEmpty ? "" : "/" + folder), key: folder) { key in
                    if key.hasPrefix(prefix) { keys.append(key) }
                }
                return keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            }
            return (keys, nil)
        }
    }

    /// Calls `body` with the key of every regular file below `folder`, whose key is `key`.
    private static func walk(_ folder: String, key: String, _ body: (String) -> Void) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            let path = folder + "/" + name
            let child = key.isEmpty ? name : key + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: walk(path, key: child, body)
            case S_IFREG: body(child)
            default: continue
            }
        }
    }
}
