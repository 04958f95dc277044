@testable import FeedLibrary
@testable import FeedServer
import FeedStore
import Foundation
import Imaging
import NIOPosix
import TestSupport
import Testing

@Suite("Rendition service", .fixtureLibrary)
struct RenditionServiceTests {
    /// A service over a folder of its own holding one photo of the SQLite fixture library (its own scratch folder:
    /// other suites write theirs meanwhile), and that photo.
    func withService(
        threads: Int = 2, maxWaiting: Int = 16, _ body: (RenditionService, ImageSource, LibraryFiles) async throws -> Void
    ) async throws {
        let library = try await FixtureLibrary.shared(.sqlite)
        let store = try await LibraryStore.open(url: library.databaseURL, logger: testLogger)
        let found = try await store.imageSource(idOrSlug: library.id(.mountainLake))
        try await store.database.shutdown()
        let photo = try #require(found)
        let root = try Fixtures.temporaryDirectory(prefix: "imagefeed-renditions")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = LibraryFiles(root: root)
        try files.prepare()
        for (from, to) in [
            (library.files.originalPath(sha256: photo.original.sha256, format: photo.original.format),
             files.originalPath(sha256: photo.original.sha256, format: photo.original.format)),
            (library.files.mezzaninePath(sha256: photo.original.sha256), files.mezzaninePath(sha256: photo.original.sha256)),
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

    @Test func an_empty_cache_file_left_by_a_crash_is_made_again_not_served() async throws {
        try await withService { service, photo, files in
            // setup: the cache file a machine's crash can leave behind a rename that was not flushed
            let spec = RenditionSpec(width: 131, fit: .max, crop: .centre, quality: 80, format: .jpeg)
            let path = files.renditionPath(photoID: photo.photoID, key: spec.cacheKey)
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))

            // act
            let bytes = try await service.rendition(of: photo, spec: spec)

            // assert: rendered, and the empty file replaced
            #expect(await service.renderCount == 1)
            #expect(try Imaging().probe(data: bytes).width == 131)
            #expect(FileManager.default.contents(atPath: path).map([UInt8].init) == bytes)
        }
    }

    @Test func concurrent_requests_for_one_uncached_rendition_share_one_result() async throws {
        try await withService { service, photo, files in
            // setup: a size nothing else asks for
            let spec = RenditionSpec(width: 123, fit: .max, crop: .centre, quality: 77, format: .webp)
            let key = spec.cacheKey
            let path = files.renditionPath(photoID: photo.photoID, key: key)
            #expect(!FileManager.default.fileExists(atPath: path))

            // act
            let results = try await withThrowingTaskGroup(of: [UInt8].self) { group in
                for _ in 0..<12 { group.addTask { try await service.rendition(of: photo, spec: spec) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }

            // assert: one render, one cache file, and every caller got exactly its bytes
            #expect(await service.renderCount == 1)
            #expect(results.count == 12)
            #expect(Set(results).count == 1)
            let cached = try #require(FileManager.default.contents(atPath: path))
            #expect(results.first == [UInt8](cached))
            let folder = (path as NSString).deletingLastPathComponent
            let copies = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 == key }
            #expect(copies.count == 1)
            let scratch = files.scratch.path
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch).isEmpty)
            #expect(try Imaging().probe(data: results[0]).width == 123)
        }
    }

    @Test func renders_past_the_running_and_waiting_bounds_are_refused_with_503() async throws {
        try await withService(threads: 1, maxWaiting: 1) { service, photo, _ in
            // setup: the one render slot is taken
            try await service.admission.acquire()

            // act: one render waits for the slot; the next finds the queue full
            let waiting = Task { try await service.rendition(of: photo, spec: RenditionSpec(width: 131, format: .webp)) }
            while await service.admission.load.waiting < 1 { await Task.yield() }
            do {
                _ = try await service.rendition(of: photo, spec: RenditionSpec(width: 137, format: .webp))
                Issue.record("a render past the queue was accepted")
            } catch {
                // as HTTP answers it, through the server's one mapping of errors
                let answer = APIError(error)
                #expect(answer.status == .serviceUnavailable)
                #expect(answer.headers[.retryAfter] == "2")
                #expect(answer.messages == ["The server is busy making other images; try again in 2 seconds."])
            }

            // assert: once the slot is free, the waiting render completes; a cached rendition never queues
            await service.admission.release()
            #expect(try Imaging().probe(data: try await waiting.value).width == 131)
            #expect(await service.admission.load == (0, 0))
            try await service.admission.acquire()
            #expect(try await service.rendition(of: photo, spec: RenditionSpec(width: 131, format: .webp)).isEmpty == false)
            await service.admission.release()
        }
    }

    @Test func cached_rendition_is_read_back_not_rendered_again() async throws {
        try await withService { service, photo, files in
            // setup: render once, then replace the cache file with a marker
            let spec = RenditionSpec(width: 97, fit: .max, crop: .centre, quality: 70, format: .jpeg)
            _ = try await service.rendition(of: photo, spec: spec)
            let path = files.renditionPath(photoID: photo.photoID, key: spec.cacheKey)
            let marker: [UInt8] = Array("cached".utf8)
            try Data(marker).write(to: URL(fileURLWithPath: path))

            // act
            let again = try await service.rendition(of: photo, spec: spec)

            // assert
            #expect(again == marker)
        }
    }

    @Test func original_is_read_from_the_content_addressed_file() async throws {
        try await withService { service, photo, files in
            // act
            let bytes = try await service.original(photo.original)

            // assert
            #expect(bytes == (try await FixtureLibrary.shared(.sqlite).sourceBytes(.mountainLake)))
        }
    }
}
