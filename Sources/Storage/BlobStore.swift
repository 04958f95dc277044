import Foundation

/// Where ImageFeed keeps its files (originals, renditions, avatars): the local data folder or an S3 bucket, chosen
/// once at start-up. Keys are relative paths such as `originals/ab/cd/abcd….jpg`.
///
/// A node's bounded cache of what it reads from a bucket is no third store: it is the library's rendition folder
/// (FeedLibrary's `LibraryFiles`), which ``localFile(of:copy:)``, ``share(_:at:)`` and ``shared(at:)`` feed. A folder
/// on this machine's disk is read in place and shares nothing; a bucket is read through copies kept in the folder of
/// the photo they belong to, where the cache's one byte budget and the log of deletions reach them.
///
/// Writes are atomic from a reader's point of view: a reader sees the old bytes, the new bytes, or nothing, never
/// a part. A key is `/`-separated segments, none empty and none starting with a dot (so `.` and `..` cannot
/// escape the store, and temporary files cannot be mistaken for keys); ``BlobKey/validate(_:)`` says why one is
/// refused.
public protocol BlobStore: Sendable, CustomStringConvertible {
    /// Stores `bytes` at `key`, replacing what was there.
    func put(_ bytes: [UInt8], at key: String) async throws

    /// Stores the file at `path` at `key`, streamed: the file is never read whole into memory.
    func put(file path: String, at key: String) async throws

    /// The bytes at `key`, or nil when there is no such key.
    func bytes(at key: String) async throws -> [UInt8]?

    /// Writes the bytes at `key` to the file at `path` (atomically, its folders made as needed); false, and no
    /// file written, when there is no such key.
    func download(_ key: String, to path: String) async throws -> Bool

    /// The size in bytes of what is at `key`, or nil when there is no such key.
    func size(of key: String) async throws -> Int?

    /// Removes `key`; a key already gone is fine.
    func delete(_ key: String) async throws

    /// Every key starting with `prefix` (a plain string prefix, as in S3: `originals/ab/` or `avatars/x`), in
    /// ascending byte order, fetched lazily page by page.
    func keys(under prefix: String) -> AsyncThrowingStream<String, any Error>

    /// A file on this machine holding the bytes at `key`, to be read in place (a render's source): the store's own
    /// file when it keeps its blobs on this machine's disk, else `copy`, fetched once and kept there for next time
    /// (the copy is the caller's to bound and remove). Nil when there is no such key; `fetched` counts the bytes
    /// fetched now.
    func localFile(of key: String, copy: String) async throws -> (path: String, fetched: Int)?

    /// Offers bytes this machine made, and keeps in a cache of its own, to the other machines that use the store:
    /// a bucket stores them; a folder on this machine's disk has nothing to do, as no other machine reads it.
    func share(_ bytes: [UInt8], at key: String) async throws

    /// The bytes another machine shared at `key` (see ``share(_:at:)``); always nil for a folder on this machine's
    /// disk, where nothing is shared.
    func shared(at key: String) async throws -> [UInt8]?
}

extension BlobStore {
    /// ``localFile(of:copy:)`` for a store that keeps its blobs elsewhere: `copy` when it is already there, else
    /// downloaded into it.
    func fetchedCopy(of key: String, copy: String) async throws -> (path: String, fetched: Int)? {
        if access(copy, F_OK) == 0 { return (copy, 0) }
        guard try await download(key, to: copy) else { return nil }
        var status = stat()
        return (copy, stat(copy, &status) == 0 ? Int(status.st_size) : 0)
    }
}

extension AsyncThrowingStream where Failure == any Error {
    /// The elements of `pages`, a page at a time: `next` gets the previous page's cursor (nil first) and returns a
    /// page and the next cursor, nil after the last page.
    static func paged<Cursor: Sendable>(
        _ next: @escaping @Sendable (Cursor?) async throws -> (elements: [Element], next: Cursor?)
    ) -> Self where Element: Sendable {
        let pager = Pager(next: next)
        return AsyncThrowingStream(unfolding: { try await pager.next() })
    }
}
