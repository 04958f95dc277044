import FeedLibrary
import FeedStore
import Foundation
import Imaging
import NIOPosix
import Testing

/// Runs `body` with a rendition service over a folder of its own holding one photo of the SQLite fixture library (its
/// own scratch folder: other suites write theirs meanwhile), that photo, and the service's files. Call it from a suite
/// with the `.fixtureLibrary` trait.
public func withRenditionService(
    threads: Int = 2, maxWaiting: Int = 16, _ body: (RenditionService, ImageSource, LibraryFiles) async throws -> Void
) async throws {
    let library = try await FixtureLibrary.shared(.sqlite)
    let store = try await LibraryStore.open(url: library.databaseURL, logger: testLogger, timeout: TestDatabase.timeout)
    let found = try await store.imageSource(idOrSlug: library.id(.mountainLake))
    try await store.database.shutdown()
    let photo = try #require(found)
    let root = try Fixtures.temporaryDirectory(prefix: "imagefeed-renditions")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let files = LibraryFiles(root: root)
    try files.prepare()
    for (from, to) in [
        (
            library.files.originalPath(sha256: photo.original.sha256, format: photo.original.format),
            files.originalPath(sha256: photo.original.sha256, format: photo.original.format)
        ),
        (
            library.files.mezzaninePath(sha256: photo.original.sha256),
            files.mezzaninePath(sha256: photo.original.sha256)
        ),
    ] where FileManager.default.fileExists(atPath: from) {
        try FileManager.default.createDirectory(
            atPath: (to as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: from, toPath: to)
    }
    let threadPool = NIOThreadPool(numberOfThreads: threads)
    threadPool.start()
    let service = RenditionService(
        imaging: Imaging(), files: files, threadPool: threadPool, threads: threads, maxWaiting: maxWaiting,
        limit: RenditionCacheLimit(folder: files.renditions.path, budget: nil), metrics: LibraryMetrics())
    do {
        try await body(service, photo, files)
    } catch {
        try? await threadPool.shutdownGracefully()
        throw error
    }
    try await threadPool.shutdownGracefully()
}
