import FeedStore
import Foundation
import Imaging
import LibraryTestSupport
import Testing

@testable import FeedLibrary

@Suite("Rendition service", .fixtureLibrary)
struct RenditionServiceTests {
    @Test func an_empty_cache_file_left_by_a_crash_is_made_again_not_served() async throws {
        try await withRenditionService { service, photo, files in
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
        try await withRenditionService { service, photo, files in
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

    @Test func cached_rendition_is_read_back_not_rendered_again() async throws {
        try await withRenditionService { service, photo, files in
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
        try await withRenditionService { service, photo, files in
            // act
            let bytes = try await service.original(photo.original)

            // assert
            #expect(bytes == (try await FixtureLibrary.shared(.sqlite).sourceBytes(.mountainLake)))
        }
    }
}
