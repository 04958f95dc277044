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
                    let outcome = try await importOne(
                        candidate, ownerID: owner.id, options: options, albums: albums, threadPool: threadPool)
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
        summary.seconds = (ContinuousClock.now - start).timeInterval
        return summary
    }

    /// Imports one file; a fault of the machine or of its services (a full disk, a storage or a database that does
    /// not answer) is thrown, as it ends the import, while anything wrong with the file is its outcome.
    func importOne(
        _ candidate: ImportCandidate, ownerID: String, options: ImportOptions, albums: AlbumCache,
        threadPool: NIOThreadPool
    ) async throws -> ImportOutcome {
        let ingester = PhotoIngester(store: store, files: files, imaging: imaging)
        let album = options.collectionPerFolder ? candidate.album : nil
        let details = PhotoIngester.Details(
            title: ImportNaming.title(fromFileName: candidate.fileName),
            tags: candidate.folderTags + options.tags,
            collectionIDs: {
                guard let album else { return [] }
                return [try await albums.id(for: album)]
            },
            license: options.license
        )
        do {
            switch try await ingester.ingest(
                path: candidate.path, size: candidate.size, ownerID: ownerID, details: details, threadPool: threadPool
            ) {
            case .recorded(let record): return .imported(photoID: record.id)
            case .duplicate(let id): return .duplicate(photoID: id)
            }
        } catch ImagingError.notAnImage {
            return .skipped(reason: "not an image")
        } catch let error as ImagingError {
            logger.info("Import failed", metadata: ["path": "\(candidate.path)", "error": "\(error.logDetail)"])
            return .failed(reason: error.description)
        } catch let error where LibraryError.isFault(files.translated(error)) {
            throw files.translated(error)
        } catch {
            logger.warning("Import failed", metadata: ["path": "\(candidate.path)", "error": "\(error)"])
            return .failed(reason: String(describing: error))
        }
    }
}
