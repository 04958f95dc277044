import FeedStore
import Foundation
import Storage

/// The library's files: content-addressed originals and their mezzanines (see `Mezzanine`), a rendition cache that
/// may be deleted at any time, and a scratch folder for files being written.
///
/// Originals and mezzanines are kept in ``store``, under keys such as `originals/ab/cd/abcd….jpg`: the data directory
/// (a ``LocalBlobStore``), or, with a bucket (`--storage s3://…`), the bucket every node shares (an ``S3BlobStore``).
/// Renditions are cached in the data directory in both cases, and shared through the store, which, for a bucket,
/// lets other nodes fetch them rather than render them again; the data directory then only caches what this node read
/// or made, within the rendition cache's budget (see `LibraryFiles+Store.swift`).
public struct LibraryFiles: Sendable {
    /// The data directory.
    public let root: URL
    /// Where originals and mezzanines are kept and renditions shared: the data directory, or a bucket.
    public let store: any BlobStore
    /// Whether other nodes share ``store`` (a bucket), and so need to follow this node's deletions.
    public let isShared: Bool

    /// The rendition folder as a plain path: built per request by concatenation, as URL path arithmetic cost more
    /// than serving a cached thumbnail.
    @usableFromInline let renditionsPath: String

    /// The library's files in the data directory `root`, which holds them all.
    public init(root: String) {
        let folder = URL(fileURLWithPath: root, isDirectory: true).standardizedFileURL
        // Writes in progress go to the scratch folder, which `prepare()` clears of what a killed process left.
        self.init(
            root: folder,
            store: LocalBlobStore(root: folder.path, scratch: folder.appendingPathComponent("tmp").path),
            isShared: false)
    }

    /// The library's files in `bucket`, shared by every node; `root`, the data directory, caches them.
    public init(root: String, bucket: any BlobStore) {
        self.init(
            root: URL(fileURLWithPath: root, isDirectory: true).standardizedFileURL, store: bucket, isShared: true)
    }

    private init(root: URL, store: any BlobStore, isShared: Bool) {
        self.root = root
        self.renditionsPath = root.appendingPathComponent("renditions", isDirectory: true).path
        self.store = store
        self.isShared = isShared
    }

    public var originals: URL { root.appendingPathComponent("originals", isDirectory: true) }
    public var mezzanines: URL { root.appendingPathComponent("mezzanines", isDirectory: true) }
    public var renditions: URL { root.appendingPathComponent("renditions", isDirectory: true) }
    public var scratch: URL { root.appendingPathComponent("tmp", isDirectory: true) }

    /// Creates the folders and clears the scratch folder of files a killed process left behind.
    public func prepare() throws {
        let manager = FileManager.default
        for folder in [originals, mezzanines, renditions, scratch] {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        for leftover in (try? manager.contentsOfDirectory(atPath: scratch.path)) ?? [] {
            try? manager.removeItem(at: scratch.appendingPathComponent(leftover))
        }
    }

    /// The bytes free to this process on the data directory's disk, or nil when the system cannot say.
    public func freeBytes() -> Int? {
        var status = statvfs()
        guard statvfs(root.path, &status) == 0 else { return nil }
        return Int(status.f_bavail) * Int(status.f_frsize)
    }

    /// Why the storage is taken to be down now (its last failure), or nil while it answers (always, for the data
    /// directory).
    public var storageUnavailability: String? {
        (store as? S3BlobStore)?.client.unavailability
    }

    /// Throws unless files can be written here (the readiness check): the originals' folder exists and is writable.
    public func checkWritable() throws {
        guard access(originals.path, W_OK) == 0 else { throw FileError.cannotWrite(originals.path, errno) }
    }

    /// The key of the original with this sha256: `originals/ab/cd/abcd….ext`, in the bucket and under the data
    /// directory alike.
    public static func originalKey(sha256: String, format: String) -> String {
        "originals/\(sha256.prefix(2))/\(sha256.dropFirst(2).prefix(2))/\(sha256).\(format)"
    }

    /// The key of the mezzanine of the original with this sha256, if it has one: `mezzanines/ab/cd/abcd….jpg`.
    /// Made at import from the original, so it can be made again; a missing one only makes renditions slower.
    public static func mezzanineKey(sha256: String) -> String {
        "mezzanines/\(sha256.prefix(2))/\(sha256.dropFirst(2).prefix(2))/\(sha256).jpg"
    }

    /// The key of a rendition, or with an empty `key` of the folder of every rendition, of a photo (or an avatar).
    public static func renditionKey(photoID: String, key: String) -> String {
        "renditions/" + photoID.prefix(2) + "/" + photoID + "/" + key
    }

    /// Where the file with this key is, or is cached, under the data directory.
    public func path(of key: String) -> String {
        root.path + "/" + key
    }

    /// Where the original with this sha256 lives in the data directory (when the data directory is the store).
    public func originalPath(sha256: String, format: String) -> String {
        path(of: Self.originalKey(sha256: sha256, format: format))
    }

    /// Where the mezzanine of the original with this sha256 lives in the data directory (when it is the store).
    public func mezzaninePath(sha256: String) -> String {
        path(of: Self.mezzanineKey(sha256: sha256))
    }

    /// Removes from the data directory the files a deletion left without an owner: the originals with their
    /// mezzanines and avatar renditions, and the photos' cached renditions. Best effort: a file already gone is
    /// fine, and the library's rows are already right.
    public func removeLocally(_ orphans: OrphanedFiles) {
        let manager = FileManager.default
        for original in orphans.originals {
            try? manager.removeItem(atPath: originalPath(sha256: original.sha256, format: original.format))
            try? manager.removeItem(atPath: mezzaninePath(sha256: original.sha256))
            try? manager.removeItem(
                atPath: renditionPath(photoID: Self.avatarCacheID(sha256: original.sha256), key: ""))
        }
        for photoID in orphans.photoIDs {
            try? manager.removeItem(atPath: renditionPath(photoID: photoID, key: ""))
        }
    }

    /// The rendition cache's name for an avatar's renditions.
    public static func avatarCacheID(sha256: String) -> String { "avatar-\(sha256.prefix(16))" }

    /// Where a cached rendition of a photo lives.
    @inlinable public func renditionPath(photoID: String, key: String) -> String {
        renditionsPath + "/" + photoID.prefix(2) + "/" + photoID + "/" + key
    }

    /// Calls `body` with every regular file under `root` and its status; folders are walked with `opendir`, not
    /// Foundation's enumerator, which costs several calls per file on Linux.
    public static func forEachFile(under root: String, _ body: (String, stat) -> Void) {
        guard let directory = opendir(root) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let path = root + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: forEachFile(under: path, body)
            case S_IFREG: body(path, status)
            default: continue
            }
        }
    }

    /// Whether the file at `path` exists (one `access` call).
    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// The whole file at `path`; nil when it cannot be read. Plain `open`/`read`: Foundation's `contents(atPath:)`
    /// also looks up the file owner's name, two more files opened per rendition served.
    public static func read(_ path: String) -> [UInt8]? {
        read(path) { _, _ in }
    }

    /// The whole rendition file at `path`, marked used for `limit`'s least-recently-used order.
    public static func readRendition(_ path: String, for limit: RenditionCacheLimit) -> [UInt8]? {
        read(path) { descriptor, status in limit.markUsed(descriptor: descriptor, modified: status.modified) }
    }

    private static func read(_ path: String, opened: (Int32, stat) -> Void) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        // An empty file is never a finished rendition or original: a cache file written without a flush can be left
        // empty by a machine's crash, and is then made again rather than served.
        guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return nil }
        opened(descriptor, status)
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            offset += count
        }
        return bytes
    }

    /// Writes `bytes` so that `path` either holds all of them or does not exist: a scratch file, written and
    /// flushed to disk, then renamed into place (and the folder flushed when `durable`).
    public func writeAtomically(_ bytes: some ContiguousBytes, to path: String, durable: Bool) throws {
        let folder = (path as NSString).deletingLastPathComponent
        // Usually the folder's parent exists and one mkdir does; FileManager (which also looks up the owner's name
        // in /etc/passwd) only when it does not.
        if mkdir(folder, 0o755) != 0, errno != EEXIST {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        var random = SystemRandomNumberGenerator()
        let temporary = scratch.path + "/" + String(random.next(), radix: 36) + String(random.next(), radix: 36)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw FileError.cannotWrite(temporary, errno) }
        do {
            try bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw FileError.cannotWrite(temporary, errno)
                    }
                    offset += written
                }
            }
            if durable, fsync(descriptor) != 0 { throw FileError.cannotWrite(temporary, errno) }
            close(descriptor)
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw FileError.cannotWrite(path, code)
        }
        if durable {
            let folderDescriptor = open(folder, O_RDONLY)
            if folderDescriptor >= 0 {
                fsync(folderDescriptor)
                close(folderDescriptor)
            }
        }
    }
}

/// POSIX `read(2)`, named apart from ``LibraryFiles/read(_:)``, which shadows it inside the type.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

extension stat {
    /// The last modification time, by its name on this platform.
    public var modified: timespec {
        #if canImport(Darwin)
            st_mtimespec
        #else
            st_mtim
        #endif
    }
}
