import FeedStore
import Foundation
import Imaging
import NIOPosix

/// Renders, caches on disk and serves renditions. Blocking libvips work runs on a thread pool, never on an event
/// loop, and concurrent requests for the same uncached rendition share one render.
public actor RenditionService {
    public nonisolated let imaging: Imaging
    public nonisolated let files: LibraryFiles
    public nonisolated let threadPool: NIOThreadPool
    /// Bounds the renders running and waiting; past it, ``LibraryError/busyRendering(retryAfter:)``.
    public nonisolated let admission: RenderAdmission
    /// The rendition folder's byte budget.
    public nonisolated let limit: RenditionCacheLimit
    public nonisolated let metrics: LibraryMetrics
    /// Told the folder of every rendition removed here, so that the copies kept in memory above the files (the
    /// server's cache-first answers) go at once.
    private nonisolated let forgetInMemory: @Sendable (_ folder: String) -> Void
    private var inFlight: [String: Task<[UInt8], any Error>] = [:]
    /// How many renditions were rendered (not served from the cache or shared with a render in flight).
    public private(set) var renderCount = 0

    /// - Parameters:
    ///   - threadPool: the renditions' own pool, one render per thread.
    ///   - maxWaiting: renders that may wait for a thread before the next is refused.
    ///   - forget: told the folder of renditions removed, for what keeps them in memory.
    public init(
        imaging: Imaging, files: LibraryFiles, threadPool: NIOThreadPool, threads: Int, maxWaiting: Int,
        limit: RenditionCacheLimit, metrics: LibraryMetrics = LibraryMetrics(),
        forget: @escaping @Sendable (_ folder: String) -> Void = { _ in }
    ) {
        self.metrics = metrics
        self.imaging = imaging
        self.files = files
        self.threadPool = threadPool
        self.admission = RenderAdmission(slots: threads, maxWaiting: maxWaiting)
        self.limit = limit
        self.forgetInMemory = forget
    }

    /// The bytes of a rendition of a photo, from the cache or rendered now — from the photo's mezzanine when it has
    /// one big enough, else from the original.
    /// - Parameter beforeRender: runs when the rendition has to be made (not cached, not being made): the caller's
    ///   chance to count it against a limit, and to refuse it by throwing.
    public func rendition(
        of photo: ImageSource, spec: RenditionSpec, beforeRender: (@Sendable () async throws -> Void)? = nil
    ) async throws -> [UInt8] {
        let scale = spec.scale(fromWidth: photo.width, height: photo.height)
        let mezzanine = Mezzanine.suffices(forScale: scale, width: photo.width, height: photo.height)
        return try await rendition(
            original: photo.original, cacheID: photo.photoID, mezzanine: mezzanine, spec: spec,
            beforeRender: beforeRender)
    }

    /// The bytes of a rendition of `original` (or of its mezzanine, when `mezzanine` allows), cached under
    /// `cacheID`: from this node's cache, from another node's through the bucket, or rendered now.
    public func rendition(
        original: StoredOriginal, cacheID: String, mezzanine: Bool, spec: RenditionSpec,
        beforeRender: (@Sendable () async throws -> Void)? = nil
    ) async throws -> [UInt8] {
        let key = spec.cacheKey
        let path = files.renditionPath(photoID: cacheID, key: key)
        if let cached = LibraryFiles.readRendition(path, for: limit) {
            metrics.rendition(.cached)
            return cached
        }
        if let running = inFlight[path] {
            metrics.rendition(.shared)
            return try await running.value
        }
        let task = Task { [imaging, files, threadPool, admission, limit, metrics] in
            // A storage that does not answer only costs the render another node may have made already: this node
            // renders it from the source it has (its own disk, or a copy it fetched before).
            if let shared = try? await files.sharedRendition(photoID: cacheID, key: key, threadPool: threadPool) {
                limit.wrote(bytes: shared.cached)
                metrics.rendition(.fetched)
                return shared.bytes
            }
            try await beforeRender?()
            let source = try await files.renderSource(
                sha256: original.sha256, format: original.format, cacheID: cacheID, mezzanine: mezzanine,
                fetched: { limit.wrote(bytes: $0) })
            try await admission.acquire()
            let data: [UInt8]
            do {
                let start = ContinuousClock.now
                data = try await threadPool.runIfActive { try imaging.render(file: source, spec) }.data
                metrics.renderTime(ContinuousClock.now - start)
                metrics.rendition(.rendered)
                await admission.release()
            } catch {
                await admission.release()
                throw error
            }
            limit.wrote(bytes: await files.keepRendition(data, photoID: cacheID, key: key, threadPool: threadPool))
            return data
        }
        inFlight[path] = task
        renderCount += 1
        defer { inFlight[path] = nil }
        return try await task.value
    }

    /// Removes the files a deletion left unused and forgets the renditions held in memory for them, so this
    /// process stops serving them at once (other processes stop within their revalidation time, other nodes when
    /// they next read the deletions' log: see `RemovalFollower`).
    /// The files the store does not take now are deleted later (see ``LibraryFiles/remove(_:recordingIn:threadPool:)``).
    public nonisolated func remove(_ orphans: OrphanedFiles, recordingIn library: LibraryStore) async {
        await files.remove(orphans, recordingIn: library, threadPool: threadPool)
        forget(photoIDs: orphans.photoIDs)
    }

    /// Drops what this node cached of photos and avatars another node removed (their renditions, and the copies of
    /// their sources fetched for rendering), from disk and from memory. `cacheIDs` name the cache's folders: photo
    /// ids, and avatars' ``LibraryFiles/avatarCacheID(sha256:)``.
    public nonisolated func dropLocally(cacheIDs: [String]) async {
        try? await threadPool.runIfActive { [files] in files.removeLocally(OrphanedFiles(photoIDs: cacheIDs)) }
        forget(photoIDs: cacheIDs)
    }

    /// Empties this node's rendition cache, disk and memory: for a cache that may hold deleted photos.
    public nonisolated func dropAllLocally() {
        let manager = FileManager.default
        for entry in (try? manager.contentsOfDirectory(atPath: files.renditions.path)) ?? [] {
            try? manager.removeItem(at: files.renditions.appendingPathComponent(entry))
        }
        forgetInMemory(files.renditions.path)
    }

    private nonisolated func forget(photoIDs: [String]) {
        for photoID in photoIDs { forgetInMemory(files.renditionPath(photoID: photoID, key: "")) }
    }

    /// The original file's bytes; from the copy this node fetched to render `cacheID`'s renditions when the storage
    /// cannot be reached.
    public func original(_ original: StoredOriginal, cacheID: String? = nil) async throws -> [UInt8]? {
        try await files.originalBytes(
            sha256: original.sha256, format: original.format, cacheID: cacheID, threadPool: threadPool)
    }
}
