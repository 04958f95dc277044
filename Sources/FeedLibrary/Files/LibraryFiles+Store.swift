import AsyncHTTPClient
import FeedStore
import Foundation
import NIOPosix
import Storage

/// The operations that differ between a library kept in the data directory and one kept in a bucket that several
/// nodes share. With a bucket:
/// - originals and mezzanines are written to the bucket only (the upload's file is streamed, in parts when large);
/// - a rendition is cached in the data directory and put in the bucket, so that the other nodes fetch it instead of
///   rendering it again;
/// - a render reads its source (the mezzanine, else the original) from a copy fetched into the photo's rendition
///   folder, so the rendition cache's least-recently-used budget (`--cache-size`) bounds everything a node keeps.
extension LibraryFiles {
    /// The name of the copy of a render's source kept among a photo's renditions; no rendition key starts so.
    static func sourceCopyName(mezzanine: Bool, format: String) -> String {
        mezzanine ? "source-mezzanine.jpg" : "source-original.\(format)"
    }

    /// Keeps a new original for good: put in the bucket from `file`, or written and flushed to disk in the data
    /// directory from `bytes` (the same content).
    public func keepOriginal(
        _ bytes: some ContiguousBytes & Sendable, file: String, sha256: String, format: String,
        threadPool: NIOThreadPool
    ) async throws {
        let key = Self.originalKey(sha256: sha256, format: format)
        if let bucket {
            try await bucket.put(file: file, at: key)
        } else {
            try await threadPool.runIfActive { try writeAtomically(bytes, to: path(of: key), durable: true) }
        }
    }

    /// Keeps the mezzanine made from an original (not flushed: it can be made again).
    public func keepMezzanine(_ bytes: [UInt8], sha256: String, threadPool: NIOThreadPool) async throws {
        let key = Self.mezzanineKey(sha256: sha256)
        if let bucket {
            try await bucket.put(bytes, at: key)
        } else {
            try await threadPool.runIfActive { try writeAtomically(bytes, to: path(of: key), durable: false) }
        }
    }

    /// Caches a rendition in the data directory and, with a bucket, shares it with the other nodes. Returns the
    /// bytes written to this node's cache (0 when that failed: a cache that cannot be written only costs a
    /// render). A rendition the bucket refused is not an error either: other nodes render it themselves.
    @discardableResult
    public func keepRendition(_ bytes: [UInt8], photoID: String, key: String, threadPool: NIOThreadPool) async -> Int {
        let written = (try? await threadPool.runIfActive {
            try writeAtomically(bytes, to: renditionPath(photoID: photoID, key: key), durable: false)
        }) != nil
        if let bucket { try? await bucket.put(bytes, at: Self.renditionKey(photoID: photoID, key: key)) }
        return written ? bytes.count : 0
    }

    /// A rendition another node made, fetched from the bucket into this node's cache; nil without a bucket or
    /// when no node has made it. Returns the bytes and how many were written to the cache.
    public func sharedRendition(photoID: String, key: String, threadPool: NIOThreadPool) async throws
        -> (bytes: [UInt8], cached: Int)?
    {
        guard let bucket, let bytes = try await bucket.bytes(at: Self.renditionKey(photoID: photoID, key: key)) else {
            return nil
        }
        let written = (try? await threadPool.runIfActive {
            try writeAtomically(bytes, to: renditionPath(photoID: photoID, key: key), durable: false)
        }) != nil
        return (bytes, written ? bytes.count : 0)
    }

    /// A file on this machine to render from: the mezzanine when `mezzanine` allows and there is one, else the
    /// original. With a bucket, a copy fetched into the rendition folder of `cacheID` (once; the rendition cache's
    /// budget evicts it like a rendition); `fetched` gets the bytes it fetched.
    public func renderSource(
        sha256: String, format: String, cacheID: String, mezzanine: Bool, fetched: (Int) -> Void = { _ in }
    ) async throws -> String {
        guard let bucket else {
            let path = mezzaninePath(sha256: sha256)
            return mezzanine && LibraryFiles.exists(path) ? path : originalPath(sha256: sha256, format: format)
        }
        let choices = (mezzanine ? [true, false] : [false]).map { useMezzanine in
            (
                key: useMezzanine
                    ? Self.mezzanineKey(sha256: sha256) : Self.originalKey(sha256: sha256, format: format),
                copy: renditionPath(
                    photoID: cacheID, key: Self.sourceCopyName(mezzanine: useMezzanine, format: format))
            )
        }
        for choice in choices {
            if LibraryFiles.exists(choice.copy) { return choice.copy }
            if try await bucket.download(choice.key, to: choice.copy) {
                var status = stat()
                if stat(choice.copy, &status) == 0 { fetched(Int(status.st_size)) }
                return choice.copy
            }
        }
        // Neither is in the bucket: the render fails on the missing file as it would on a missing local one.
        return choices.last!.copy
    }

    /// The bytes of an original, or nil when it is missing.
    public func originalBytes(sha256: String, format: String, threadPool: NIOThreadPool) async throws -> [UInt8]? {
        let key = Self.originalKey(sha256: sha256, format: format)
        if let bucket { return try await bucket.bytes(at: key) }
        return try await threadPool.runIfActive { LibraryFiles.read(path(of: key)) }
    }

    /// Removes the files a deletion left without an owner, from the data directory and from the bucket. Best
    /// effort, as ``removeLocally(_:)``: the rows are already gone, and `imagefeed check` finds what is left.
    public func remove(_ orphans: OrphanedFiles, threadPool: NIOThreadPool = .singleton) async {
        try? await threadPool.runIfActive { removeLocally(orphans) }
        guard let bucket else { return }
        var prefixes: [String] = orphans.photoIDs.map { Self.renditionKey(photoID: $0, key: "") }
        for original in orphans.originals {
            try? await bucket.delete(Self.originalKey(sha256: original.sha256, format: original.format))
            try? await bucket.delete(Self.mezzanineKey(sha256: original.sha256))
            prefixes.append(Self.renditionKey(photoID: Self.avatarCacheID(sha256: original.sha256), key: ""))
        }
        for prefix in prefixes {
            do {
                for try await key in bucket.keys(under: prefix) { try await bucket.delete(key) }
            } catch {
                continue
            }
        }
    }

    /// Throws unless the library's files can be kept: the bucket answers a listing (which, unlike a HEAD, names a
    /// missing bucket or refused credentials), or the originals' folder is writable.
    public func checkReachable() async throws {
        guard let bucket else { return try checkWritable() }
        for try await _ in bucket.keys(under: "readyz/") { break }
    }
}

extension LibraryFiles {
    /// The library's files for a data directory and a `--storage` setting: the data directory alone when the
    /// setting is nil or empty, else the S3 bucket it names with credentials from `environment`. Every problem
    /// with the setting is thrown at once, as ``ConfigurationError``.
    public static func configured(root: String, storage: String?, environment: [String: String]) throws -> LibraryFiles {
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
