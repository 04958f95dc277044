@testable import FeedServer
import FeedStore
import Foundation
import Imaging
import NIOPosix
import TestSupport
import Testing

@Suite("Rendition service", .fixtureLibrary)
struct RenditionServiceTests {
    /// A service over the SQLite fixture library, and one of its photos.
    func withService(
        _ body: (RenditionService, ImageSource, FixtureLibrary) async throws -> Void
    ) async throws {
        let library = try await FixtureLibrary.shared(.sqlite)
        let store = try await LibraryStore.open(url: library.databaseURL, logger: testLogger)
        let photo = try await store.imageSource(idOrSlug: library.id(.mountainLake))
        try await store.database.shutdown()
        let threadPool = NIOThreadPool(numberOfThreads: 2)
        threadPool.start()
        let service = RenditionService(imaging: Imaging(), files: library.files, threadPool: threadPool)
        do {
            try await body(service, try #require(photo), library)
        } catch {
            try? await threadPool.shutdownGracefully()
            throw error
        }
        try await threadPool.shutdownGracefully()
    }

    @Test func concurrent_requests_for_one_uncached_rendition_share_one_result() async throws {
        try await withService { service, photo, library in
            // setup: a size nothing else asks for
            let spec = RenditionSpec(width: 123, fit: .max, crop: .centre, quality: 77, format: .webp)
            let key = ImageParameters.cacheKey(spec)
            let path = library.files.renditionPath(photoID: photo.photoID, key: key)
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
            let scratch = library.files.scratch.path
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch).isEmpty)
            #expect(try Imaging().probe(data: results[0]).width == 123)
        }
    }

    @Test func cached_rendition_is_read_back_not_rendered_again() async throws {
        try await withService { service, photo, library in
            // setup: render once, then replace the cache file with a marker
            let spec = RenditionSpec(width: 97, fit: .max, crop: .centre, quality: 70, format: .jpeg)
            _ = try await service.rendition(of: photo, spec: spec)
            let path = library.files.renditionPath(photoID: photo.photoID, key: ImageParameters.cacheKey(spec))
            let marker: [UInt8] = Array("cached".utf8)
            try Data(marker).write(to: URL(fileURLWithPath: path))

            // act
            let again = try await service.rendition(of: photo, spec: spec)

            // assert
            #expect(again == marker)
        }
    }

    @Test func original_is_read_from_the_content_addressed_file() async throws {
        try await withService { service, photo, library in
            // act
            let bytes = try await service.original(photo.original)

            // assert
            #expect(bytes == (try library.sourceBytes(.mountainLake)))
        }
    }
}
