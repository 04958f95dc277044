import FeedLibrary
import FeedModels
import FeedServer
import FeedStore
import Foundation
import Imaging
import Storage
import TestSupport
import Testing

/// `imagefeed storage migrate --to s3://…`, then a node serving the migrated library from the bucket alone.
@Suite("Storage: serving a library migrated to a bucket", .enabled(if: TestBucket.enabled))
struct StorageMigrationServingTests {
    @Test func a_migrated_library_is_served_from_the_bucket_alone() async throws {
        let bucket = try await TestBucket.make()
        let source = try Fixtures.temporaryDirectory(prefix: "migrate-source")
        let local = try Fixtures.temporaryDirectory(prefix: "migrate-local")
        defer {
            try? FileManager.default.removeItem(atPath: source)
            try? FileManager.default.removeItem(atPath: local)
        }
        try Data(try smallJPEG(seed: 81, width: 2400, height: 1600)).write(
            to: URL(fileURLWithPath: source + "/large.jpg"))
        try Data(try smallJPEG(seed: 82)).write(to: URL(fileURLWithPath: source + "/small.jpg"))
        try await withTestServer(.sqlite, configure: { $0.storage = bucket.setting }) { server in
            // setup: the library as it was, its files in a data directory, and a node that reads the bucket
            let localFiles = LibraryFiles(root: local)
            _ = try await LibraryImporter(
                store: server.store, files: localFiles, imaging: Imaging(), logger: testLogger
            )
            .run(paths: [source], options: ImportOptions(username: "mate"))
            let photos = try await server.client.get("/photos").decode([Photo].self)
            let before = try await server.client.get("/img/\(try #require(photos.first).id)")

            // act
            let report = try await StorageMigration(store: server.store, files: localFiles, to: bucket.store).run()

            // assert: originals and the mezzanine copied, and the node now serves both photos from them
            #expect(before.status != .ok)
            #expect((report.files, report.copied, report.alreadyThere) == (3, 3, 0))
            #expect(report.bytes > 0 && report.isComplete)
            #expect(try await bucket.keys(under: "originals/").count == 2)
            #expect(try await bucket.keys(under: "mezzanines/").count == 1)
            #expect(try await bucket.keys(under: "renditions/").isEmpty)
            #expect(Set(photos.map(\.width)) == [2400, 96])
            for photo in photos {
                let original = try await server.client.get("/img/\(photo.id)")
                #expect(original.status == .ok)
                #expect(try Imaging().probe(data: original.bytes).width == photo.width)
                let resized = try await server.client.get("/img/\(photo.id)?w=50&fm=jpg")
                #expect(try Imaging().probe(data: resized.bytes).width == 50)
            }
        }
    }
}
