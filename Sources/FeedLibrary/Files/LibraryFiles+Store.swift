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
        try await store.put(file: file, at: Self.originalKey(sha256: sha256, format: format))
    }

    /// Keeps the mezzanine made from an original.
    public func keepMezzanine(_ bytes: [UInt8], sha256: String, threadPool: NIOThreadPool) async throws {
        try await store.put(bytes, at: Self.mezzanineKey(sha256: sha256))
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
        guard let bytes = try await store.shared(at: Self.renditionKey(photoID: photoID, key: key)), !bytes.isEmpty
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
            if let found = try await store.localFile(of: choice.key, copy: choice.copy) {
                if found.fetched > 0 { fetched(found.fetched) }
                return found.path
            }
        }
        // Neither is kept: the render fails on the missing file as it would on any missing one.
        return path(of: original)
    }

    /// The bytes of an original, or nil when it is missing (or empty: never a finished original).
    public func originalBytes(sha256: String, format: String, threadPool: NIOThreadPool) async throws -> [UInt8]? {
        guard let bytes = try await store.bytes(at: Self.originalKey(sha256: sha256, format: format)), !bytes.isEmpty
        else { return nil }
        return bytes
    }

    /// Removes the files a deletion left without an owner, from the data directory's cache and from the store.
    /// Best effort, as ``removeLocally(_:)``: the rows are already gone, and `imagefeed check` finds what is left.
    public func remove(_ orphans: OrphanedFiles, threadPool: NIOThreadPool = .singleton) async {
        try? await threadPool.runIfActive { removeLocally(orphans) }
        // When the data directory is the store, this finds what removeLocally left: nothing, or a file written since.
        var prefixes: [String] = orphans.photoIDs.map { Self.renditionKey(photoID: $0, key: "") }
        for original in orphans.originals {
            try? await store.delete(Self.originalKey(sha256: original.sha256, format: original.format))
            try? await store.delete(Self.mezzanineKey(sha256: original.sha256))
            prefixes.append(Self.renditionKey(photoID: Self.avatarCacheID(sha256: original.sha256), key: ""))
        }
        for prefix in prefixes {
            do {
                for try await key in store.keys(under: prefix) { try await store.delete(key) }
            } catch {
                continue
            }
        }
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
    /// The library's files for a data directory and a `--storage` setting: the data directory alone when the
    /// setting is nil or empty, else the S3 bucket it names with credentials from `environment`. Every problem
    /// with the setting is thrown at once, as ``ConfigurationError``.
    public static func configured(root: String, storage: String?, environment: [String: String]) throws -> LibraryFiles
    {
        guard let storage, !storage.isEmpty else { return LibraryFiles(root: root) }
        do {
            let (location, credentials) = try S3Location.read(storage, environment: environment)
            let client = S3Client(endpoint: location.endpoint, credentials: credentials, httpClient: .shared)
            return LibraryFiles(root: root, bucket: S3BlobStore(client: client, location: location))
        } catch {
            throw ConfigurationError(problems: error.problems)
        }
    }
}
