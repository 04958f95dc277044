import AsyncHTTPClient
import FeedStore
import Foundation
import NIOPosix
import Storage

/// The library's files through its store, the data directory's or the bucket's, alike: each store does what its
/// backend needs (see ``BlobStore``). With a bucket:
/// - originals and mezzanines are written to the bucket only (the upload's file is streamed, in parts when large);
/// - a rendition is cached in the data directory and shared through the bucket, so that the other nodes fetch it
///   instead of rendering it again;
/// - a render reads its source (the mezzanine, else the original) from a copy fetched into the photo's rendition
///   folder, so the rendition cache's least-recently-used budget (`--cache-size`) bounds everything a node keeps.
///
/// The rendition folder is thus the node's one cache of bucket reads: every byte a node keeps of the bucket is in the
/// folder of the photo or avatar it belongs to, which ``RenditionCacheLimit`` bounds (its order of use kept on disk,
/// where the cache-first path marks a hit with one `futimens`), and which ``RemovalFollower`` drops when another node
/// deletes the photo or replaces the avatar.
extension LibraryFiles {
    /// The name of the copy of a render's source kept among a photo's renditions; no rendition key starts so.
    static func sourceCopyName(mezzanine: Bool, format: String) -> String {
        mezzanine ? "source-mezzanine.jpg" : "source-original.\(format)"
    }

    /// Keeps a new original for good, streamed from `file` and flushed to disk (its bytes are `bytes`).
    public func keepOriginal(
        _ bytes: some ContiguousBytes & Sendable, file: String, sha256: String, format: String,
        threadPool: NIOThreadPool
    ) async throws {
        try await translatingFaults {
            try await store.put(file: file, at: Self.originalKey(sha256: sha256, format: format))
        }
    }

    /// Whether the original with this sha256 is kept already (by an earlier import, or one under way).
    public func hasOriginal(sha256: String, format: String) async throws -> Bool {
        try await translatingFaults {
            try await store.size(of: Self.originalKey(sha256: sha256, format: format)) != nil
        }
    }

    /// Removes an original (and its mezzanine) that an ingest kept and then could not record, unless the library
    /// uses it after all; left in place (for `imagefeed check` to find) when the database cannot say.
    public func discardUnrecorded(_ original: StoredOriginal, store library: LibraryStore) async {
        guard let unused = try? await library.unreferenced([original]), !unused.isEmpty else { return }
        try? await store.delete(Self.originalKey(sha256: original.sha256, format: original.format))
        try? await store.delete(Self.mezzanineKey(sha256: original.sha256))
    }

    /// Keeps the mezzanine made from an original.
    public func keepMezzanine(_ bytes: [UInt8], sha256: String, threadPool: NIOThreadPool) async throws {
        try await translatingFaults { try await store.put(bytes, at: Self.mezzanineKey(sha256: sha256)) }
    }

    /// Caches a rendition in the data directory and shares it with the other nodes through the store. Returns the
    /// bytes written to this node's cache (0 when that failed: a cache that cannot be written only costs a
    /// render). A rendition the store refused is not an error either: other nodes render it themselves.
    @discardableResult
    public func keepRendition(_ bytes: [UInt8], photoID: String, key: String, threadPool: NIOThreadPool) async -> Int {
        let written =
            (try? await threadPool.runIfActive {
                try writeAtomically(bytes, to: renditionPath(photoID: photoID, key: key), durable: false)
            }) != nil
        try? await store.share(bytes, at: Self.renditionKey(photoID: photoID, key: key))
        return written ? bytes.count : 0
    }

    /// A rendition another node made, fetched through the store into this node's cache; nil when no node shared
    /// it (always, for the data directory). Returns the bytes and how many were written to the cache.
    public func sharedRendition(photoID: String, key: String, threadPool: NIOThreadPool) async throws
        -> (bytes: [UInt8], cached: Int)?
    {
        guard
            let bytes = try await translatingFaults({
                try await store.shared(at: Self.renditionKey(photoID: photoID, key: key))
            }), !bytes.isEmpty
        else { return nil }
        let written =
            (try? await threadPool.runIfActive {
                try writeAtomically(bytes, to: renditionPath(photoID: photoID, key: key), durable: false)
            }) != nil
        return (bytes, written ? bytes.count : 0)
    }

    /// A file on this machine to render from: the mezzanine when `mezzanine` allows and there is one, else the
    /// original: the store's own file, or a copy fetched into the rendition folder of `cacheID` (once; the rendition
    /// cache's budget evicts it like a rendition); `fetched` gets the bytes fetched.
    public func renderSource(
        sha256: String, format: String, cacheID: String, mezzanine: Bool, fetched: (Int) -> Void = { _ in }
    ) async throws -> String {
        let original = Self.originalKey(sha256: sha256, format: format)
        let choices = (mezzanine ? [true, false] : [false]).map { useMezzanine in
            (
                key: useMezzanine ? Self.mezzanineKey(sha256: sha256) : original,
                copy: renditionPath(photoID: cacheID, key: Self.sourceCopyName(mezzanine: useMezzanine, format: format))
            )
        }
        for choice in choices {
            if let found = try await translatingFaults({ try await store.localFile(of: choice.key, copy: choice.copy) })
            {
                if found.fetched > 0 { fetched(found.fetched) }
                return found.path
            }
        }
        // Neither is kept: the render fails on the missing file as it would on any missing one.
        return path(of: original)
    }

    /// The bytes of an original, or nil when it is missing (or empty: never a finished original). When the store
    /// cannot be reached, the copy a render of `cacheID` fetched into this node's cache answers instead, if there
    /// is one.
    public func originalBytes(
        sha256: String, format: String, cacheID: String? = nil, threadPool: NIOThreadPool
    ) async throws -> [UInt8]? {
        do {
            guard let bytes = try await store.bytes(at: Self.originalKey(sha256: sha256, format: format)),
                !bytes.isEmpty
            else { return nil }
            return bytes
        } catch {
            let fault = translated(error)
            if case LibraryError.storageUnavailable = fault, let cacheID,
                let copy = Self.read(
                    renditionPath(photoID: cacheID, key: Self.sourceCopyName(mezzanine: false, format: format)))
            {
                return copy
            }
            throw fault
        }
    }

    /// Removes the files a deletion left without an owner, from the data directory's cache and from the store.
    ///
    /// The store's keys (and folders of renditions) are first written down in `library`'s pending deletions, then
    /// deleted and struck off: what the store does not take now (a bucket that does not answer) stays written down,
    /// and ``retryPendingDeletions(in:limit:now:)`` deletes it later. Without the database either, the deletion is
    /// still tried once; `imagefeed check` finds what is left.
    public func remove(
        _ orphans: OrphanedFiles, recordingIn library: LibraryStore, threadPool: NIOThreadPool = .singleton
    )
        async
    {
        try? await threadPool.runIfActive { removeLocally(orphans) }
        // When the data directory is the store, this finds what removeLocally left: nothing, or a file written since.
        var targets: [String] = []
        for original in orphans.originals {
            targets.append(Self.originalKey(sha256: original.sha256, format: original.format))
            targets.append(Self.mezzanineKey(sha256: original.sha256))
            targets.append(Self.renditionKey(photoID: Self.avatarCacheID(sha256: original.sha256), key: ""))
        }
        targets += orphans.photoIDs.map { Self.renditionKey(photoID: $0, key: "") }
        let recorded = try? await library.recordPendingDeletions(targets)
        var done: [Int64] = []
        for (index, target) in targets.enumerated() {
            do {
                try await delete(target)
                if let recorded { done.append(recorded[index]) }
            } catch {
                // The store does not answer: the rest waits its turn with the pending deletions.
                if recorded != nil { break }
            }
        }
        try? await library.finishPendingDeletions(done)
    }

    /// Deletes a key, or every key under a folder's prefix (ending in `/`).
    func delete(_ target: String) async throws {
        try await translatingFaults {
            if target.hasSuffix("/") {
                for try await key in store.keys(under: target) { try await store.delete(key) }
            } else {
                try await store.delete(target)
            }
        }
    }

    /// Tries again, oldest first, the deletions that are due; each one that fails is put off (for `pause`, then
    /// twice as long each time, up to an hour), and the first failure that says the storage does not answer ends the
    /// round. Returns how many were done and how many are still waiting.
    public func retryPendingDeletions(
        in library: LibraryStore, pause: Duration = .seconds(30), limit: Int = 500, now: Date = Date()
    ) async throws -> (deleted: Int, waiting: Int) {
        var deleted: [Int64] = []
        for pending in try await library.dueDeletions(limit: limit, now: now) {
            do {
                try await delete(pending.key)
                deleted.append(pending.id)
            } catch {
                let wait = min(pause.timeInterval * pow(2, Double(min(pending.attempts, 20))), 3600)
                try await library.postponePendingDeletion(
                    pending.id, error: "\(error)", until: now.addingTimeInterval(wait))
                if case LibraryError.storageUnavailable = error { break }
            }
        }
        try await library.finishPendingDeletions(deleted)
        return (deleted.count, try await library.pendingDeletionCount())
    }

    /// Throws unless the library's files can be kept: the originals' folder is writable (the data directory holds
    /// them, or caches them), and the store answers a listing (which, unlike a HEAD, names a missing bucket or
    /// refused credentials).
    public func checkReachable() async throws {
        try checkWritable()
        for try await _ in store.keys(under: "readyz/") { break }
    }
}

extension LibraryFiles {
    /// How long the bucket's endpoint may take to accept a connection, and to send the next bytes of an answer,
    /// before a request is given up (and the storage taken to be down for a moment): a bucket that stops answering
    /// makes uploads and reads fail within seconds instead of hanging.
    public static let defaultStorageTimeouts: (connect: Duration, read: Duration) = (.seconds(3), .seconds(15))

    /// The library's files for a data directory and a `--storage` setting: the data directory alone when the
    /// setting is nil or empty, else the S3 bucket it names with credentials from `environment`. Every problem
    /// with the setting is thrown at once, as ``ConfigurationError``.
    public static func configured(
        root: String, storage: String?, environment: [String: String],
        storageTimeouts: (connect: Duration, read: Duration) = defaultStorageTimeouts
    ) throws -> LibraryFiles {
        guard let storage, !storage.isEmpty else { return LibraryFiles(root: root) }
        do {
            let (location, credentials) = try S3Location.read(storage, environment: environment)
            let client = S3Client(
                endpoint: location.endpoint, credentials: credentials,
                httpClient: S3Client.sharedHTTPClient(connect: storageTimeouts.connect, read: storageTimeouts.read))
            return LibraryFiles(root: root, bucket: S3BlobStore(client: client, location: location))
        } catch {
            throw ConfigurationError(problems: error.problems)
        }
    }
}
