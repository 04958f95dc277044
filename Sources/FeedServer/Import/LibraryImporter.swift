import Crypto
import FeedStore
import Foundation
import Imaging
import Logging
import NIOPosix

/// Imports image files into the library: walks folders, skips non-images, de-duplicates by sha256, stores the
/// original content-addressed, pre-renders the feed sizes, and records the photo — on every core.
///
/// Order per file: original and renditions are on disk before the database row is written, so a kill at any
/// moment leaves at worst an unreferenced file (reused by the next run), never a row pointing at nothing.
public struct LibraryImporter: Sendable {
    let store: LibraryStore
    let files: LibraryFiles
    let imaging: Imaging
    let logger: Logger

    public init(store: LibraryStore, files: LibraryFiles, imaging: Imaging, logger: Logger) {
        self.store = store
        self.files = files
        self.imaging = imaging
        self.logger = logger
    }

    /// Imports every file under `paths` and returns the summary. `progress` hears each file as it finishes.
    public func run(
        paths: [String], options: ImportOptions, progress: @escaping @Sendable (ImportEvent) -> Void = { _ in }
    ) async throws -> ImportSummary {
        let start = ContinuousClock.now
        try files.prepare()
        let candidates = try ImportWalker.list(paths)
        progress(.started(total: candidates.count))
        let owner = try await store.ensureUser(username: options.username, firstName: options.username.capitalized)
        let albums = AlbumCache(store: store, ownerID: owner.id)
        let threadPool = NIOThreadPool(numberOfThreads: options.concurrency)
        threadPool.start()
        defer { threadPool.shutdownGracefully { _ in } }

        var summary = ImportSummary()
        try await withThrowingTaskGroup(of: (String, ImportOutcome).self) { group in
            var next = candidates.makeIterator()
            func addNext() -> Bool {
                guard let candidate = next.next() else { return false }
                group.addTask {
                    let outcome = await importOne(candidate, ownerID: owner.id, options: options, albums: albums,
                                                  threadPool: threadPool)
                    return (candidate.path, outcome)
                }
                return true
            }
            for _ in 0..<options.concurrency where !addNext() { break }
            while let (path, outcome) = try await group.next() {
                summary.add(path, outcome)
                progress(.finished(path: path, outcome: outcome))
                _ = addNext()
            }
        }
        let elapsed = ContinuousClock.now - start
        summary.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return summary
    }

    func importOne(
        _ candidate: ImportCandidate, ownerID: String, options: ImportOptions, albums: AlbumCache,
        threadPool: NIOThreadPool
    ) async -> ImportOutcome {
        do {
            let limits = imaging.limits
            let size = candidate.size
            guard size <= limits.maxBytes else {
                return .failed(reason: ImagingError.tooLarge(bytes: size, limit: limits.maxBytes).description)
            }
            guard let bytes = FileManager.default.contents(atPath: candidate.path) else {
                return .failed(reason: "The file could not be read.")
            }
            guard ImageSniffer.looksLikeImage(bytes) else { return .skipped(reason: "not an image") }
            let sha256 = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
            if let existing = try await store.photoID(sha256: sha256) { return .duplicate(photoID: existing) }

            let prepared: PreparedImage
            do {
                let path = candidate.path
                prepared = try await threadPool.runIfActive { [imaging] in
                    try imaging.prepare(file: path, renditions: FeedSizes.all.map(\.spec))
                }
            } catch let error as ImagingError {
                if case .notAnImage = error { return .skipped(reason: "not an image") }
                return .failed(reason: error.description)
            }
            let format = prepared.probe.format.rawValue
            try await threadPool.runIfActive { [files] in
                try files.writeAtomically(bytes, to: files.originalPath(sha256: sha256, format: format), durable: true)
            }
            let photoID = Identifier.make()
            for (size, rendition) in zip(FeedSizes.all, prepared.renditions) {
                let path = files.renditionPath(photoID: photoID, key: ImageParameters.cacheKey(size.spec))
                try files.writeAtomically(rendition.data, to: path, durable: false)
            }
            var collectionIDs: [String] = []
            if options.collectionPerFolder, let album = candidate.album {
                collectionIDs.append(try await albums.id(for: album))
            }
            let probe = prepared.probe
            let title = ImportNaming.title(fromFileName: candidate.fileName)
            let photo = NewPhoto(
                id: photoID, ownerID: ownerID, title: title, altDescription: title.lowercased(),
                width: probe.width, height: probe.height, color: prepared.dominantColor,
                colorName: ColorName.classify(hex: prepared.dominantColor), blurHash: prepared.blurHash,
                takenAt: probe.exif.takenAt,
                camera: CameraSettings(
                    make: probe.exif.make, model: probe.exif.model, exposureTime: probe.exif.exposureTime,
                    aperture: probe.exif.aperture, focalLength: probe.exif.focalLength, iso: probe.exif.iso
                ),
                place: Place(latitude: probe.gps?.latitude, longitude: probe.gps?.longitude),
                sha256: sha256, bytes: bytes.count, format: format,
                tags: candidate.folderTags + probe.keywords + options.tags, collectionIDs: collectionIDs,
                createdAt: Date()
            )
            switch try await store.recordPhoto(photo) {
            case .inserted(let id):
                return .imported(photoID: id)
            case .duplicate(let id):
                // Another worker recorded the same bytes first; its renditions are the ones referenced.
                try? FileManager.default.removeItem(atPath: files.renditionPath(photoID: photoID, key: ""))
                return .duplicate(photoID: id)
            }
        } catch {
            logger.warning("Import failed", metadata: ["path": "\(candidate.path)", "error": "\(error)"])
            return .failed(reason: String(describing: error))
        }
    }
}

/// Album ids by title for one import run, so each folder's album is looked up once.
actor AlbumCache {
    let store: LibraryStore
    let ownerID: String
    private var ids: [String: String] = [:]

    init(store: LibraryStore, ownerID: String) {
        self.store = store
        self.ownerID = ownerID
    }

    func id(for title: String) async throws -> String {
        if let id = ids[title] { return id }
        let id = try await store.ensureCollection(ownerID: ownerID, title: title)
        ids[title] = id
        return id
    }
}
