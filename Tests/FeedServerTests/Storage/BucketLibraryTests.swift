import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Imaging
import Storage
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

/// A library kept in an S3 bucket (moto) that two nodes share, each with a data directory of its own.
@Suite("Storage: a library in a bucket", .enabled(if: TestBucket.enabled))
struct BucketLibraryTests {
    /// Two nodes over one SQLite database and `bucket`.
    func withNodes(_ bucket: TestBucket, _ body: @Sendable (TestServer) async throws -> Void) async throws {
        try await withTestServer(.sqlite, nodes: 2, configure: { $0.storage = bucket.setting }, body)
    }

    @Test func an_upload_on_one_node_is_served_by_the_other_from_the_bucket() async throws {
        let bucket = try await TestBucket.make()
        try await withNodes(bucket) { server in
            // setup: a photo large enough to get a mezzanine, uploaded through the first node
            let alice = try await server.user("alice")
            let photo = try await server.uploadPhoto(try smallJPEG(seed: 61, width: 2400, height: 1600), as: alice)
            let other = server.nodes[1]

            // act: a feed size (made at upload), a new size, the original, and the new size again on the first node
            let feedSize = try await other.get(try pathAndQuery(photo.urls.small))
            let newSize = try await other.get("/img/\(photo.id)?w=123&fm=jpg")
            let original = try await other.get("/img/\(photo.id)")
            let newSizeOnFirst = try await server.client.get("/img/\(photo.id)?w=123&fm=jpg")
            let metrics = OperationsTests.samples(try await other.get("/metrics").text)
            let firstMetrics = OperationsTests.samples(try await server.client.get("/metrics").text)

            // assert: the bucket holds the library; the first node's folder holds no original
            let sha = try #require(try await server.store.photo(idOrSlug: photo.id)).sha256
            let keys = try await bucket.keys()
            #expect(keys.contains { $0.hasPrefix("originals/") && $0.contains(sha) }, "\(keys)")
            #expect(keys.contains { $0.hasPrefix("mezzanines/") }, "\(keys)")
            #expect(keys.contains { $0.hasPrefix("renditions/") && $0.contains("/\(photo.id)/123x") }, "\(keys)")
            #expect(server.filesUnder("originals").isEmpty)
            #expect(server.filesUnder("mezzanines").isEmpty)
            // the other node: the feed size fetched, the new size rendered from a fetched mezzanine, not the original
            #expect(feedSize.status == .ok)
            #expect(try Imaging().probe(data: feedSize.bytes).width == 400)
            #expect(newSize.status == .ok)
            #expect(try Imaging().probe(data: newSize.bytes).width == 123)
            #expect(original.status == .ok)
            #expect(try Imaging().probe(data: original.bytes).width == 2400)
            #expect(metrics[#"imagefeed_renditions_total{outcome="fetched"}"#] == 1)
            #expect(metrics[#"imagefeed_renditions_total{outcome="rendered"}"#] == 1)
            let otherCache = server.dataDirectory + "-node1/renditions/" + photo.id.prefix(2) + "/" + photo.id
            #expect(FileManager.default.fileExists(atPath: otherCache + "/source-mezzanine.jpg"))
            #expect(!FileManager.default.fileExists(atPath: otherCache + "/source-original.jpg"))
            // the first node: the other's render fetched, not made again
            #expect(newSizeOnFirst.bytes == newSize.bytes)
            #expect(firstMetrics[#"imagefeed_renditions_total{outcome="fetched"}"#] == 1)
            #expect(firstMetrics[#"imagefeed_renditions_total{outcome="rendered"}"#] == nil)
        }
    }

    @Test func deleting_a_photo_removes_its_files_from_the_bucket() async throws {
        let bucket = try await TestBucket.make()
        try await withNodes(bucket) { server in
            // setup
            let alice = try await server.user("alice")
            let kept = try await server.uploadPhoto(try smallJPEG(seed: 62, width: 2400, height: 1600), as: alice)
            let deleted = try await server.uploadPhoto(try smallJPEG(seed: 63, width: 2400, height: 1600), as: alice)
            _ = try await server.nodes[1].get("/img/\(deleted.id)?w=77&fm=jpg")
            let before = try await bucket.keys()

            // act
            let response = try await server.client.send(.delete, "/photos/\(deleted.id)", headers: alice.auth)

            // assert: every key of the deleted photo is gone, the other photo's stay
            #expect(response.status == .noContent, "\(response.text)")
            let after = try await bucket.keys()
            #expect(before.contains { $0.contains("/\(deleted.id)/77x") })
            #expect(!after.contains { $0.contains(deleted.id) }, "\(after)")
            #expect(after.filter { $0.hasPrefix("originals/") }.count == 1)
            #expect(after.filter { $0.hasPrefix("mezzanines/") }.count == 1)
            #expect(after.contains { $0.contains("/\(kept.id)/") })
        }
    }

    @Test func an_avatar_set_on_one_node_is_drawn_by_the_other() async throws {
        let bucket = try await TestBucket.make()
        try await withNodes(bucket) { server in
            // setup
            let alice = try await server.user("alice")
            let form = Multipart(
                fields: [], file: ("me.jpg", "image/jpeg", try smallJPEG(seed: 64, width: 200, height: 150)))

            // act
            let response = try await server.client.execute(
                uri: "/me/avatar", method: .put, headers: alice.auth.merging([.contentType: form.contentType]),
                body: form.body)
            let avatar = try await server.nodes[1].get("/avatars/alice?w=64&h=64")

            // assert
            #expect(response.status == .ok, "\(response.text)")
            #expect(avatar.status == .ok)
            #expect(avatar.header("Content-Type") == "image/jpeg")
            let probe = try Imaging().probe(data: avatar.bytes)
            #expect((probe.width, probe.height) == (64, 64))
            #expect(try await bucket.keys(under: "originals/").count == 1)
            #expect(server.filesUnder("originals").isEmpty)
        }
    }

    @Test func a_library_imported_into_the_bucket_is_served_by_a_node_that_never_saw_it() async throws {
        let bucket = try await TestBucket.make()
        let source = try Fixtures.temporaryDirectory(prefix: "bucket-import-source")
        let importing = try Fixtures.temporaryDirectory(prefix: "bucket-import-data")
        defer {
            try? FileManager.default.removeItem(atPath: source)
            try? FileManager.default.removeItem(atPath: importing)
        }
        for seed in 0..<2 {
            try Data(try smallJPEG(seed: 70 + seed, width: 640, height: 480)).write(
                to: URL(fileURLWithPath: "\(source)/photo-\(seed).jpg"))
        }
        try await withTestServer(.sqlite, configure: { $0.storage = bucket.setting }) { server in
            // act: `imagefeed import` on another machine: its own data directory, the same database and bucket
            var settings = TestServer.configuration(dataDirectory: importing)
            settings.storage = bucket.setting
            let importer = LibraryImporter(
                store: server.store, files: try settings.libraryFiles(), imaging: Imaging(), logger: testLogger)
            let summary = try await importer.run(paths: [source], options: ImportOptions(username: "mate"))
            let feed = try await server.client.get("/photos").decode([Photo].self)

            // assert: the serving node has none of it on disk, and serves every photo's renditions
            #expect(summary.imported == 2)
            #expect(try await bucket.keys(under: "originals/").count == 2)
            #expect(feed.count == 2)
            for photo in feed {
                let thumb = try await server.client.get(try pathAndQuery(photo.urls.thumb))
                #expect(thumb.status == .ok)
                #expect(try Imaging().probe(data: thumb.bytes).width == 200)
            }
        }
    }

    @Test func readiness_names_a_bucket_that_does_not_exist() async throws {
        let bucket = try await TestBucket.make()
        let missing = bucket.setting.replacingOccurrences(of: "s3://imagefeed-server-", with: "s3://imagefeed-missing-")
        try await withTestServer(.sqlite, configure: { $0.storage = missing }) { server in
            // act
            let ready = try await server.client.get("/readyz")

            // assert
            #expect(ready.status == .serviceUnavailable)
            #expect(ready.text.contains("The storage is not reachable"), "\(ready.text)")
            #expect(ready.text.contains("NoSuchBucket") || ready.text.contains("does not exist"), "\(ready.text)")
        }
    }

    @Test func bad_storage_settings_are_all_reported_before_starting() throws {
        // setup
        var settings = Configuration(dataDirectory: "/tmp/unused")
        settings.storage = "s3://Not_A_Bucket/x?endpoint=ftp://host&style=diagonal"

        // act
        let error = #expect(throws: ConfigurationError.self) { try settings.libraryFiles(environment: [:]) }

        // assert: the bucket, the endpoint, the style and both credentials, in one go
        let problems = try #require(error).problems.joined(separator: "\n")
        for expected in ["Not_A_Bucket", "ftp://host", "diagonal", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"] {
            #expect(problems.contains(expected), "\(problems)")
        }
    }
}

/// Deletions made on one node reach the other nodes' caches.
@Suite("Storage: deletions reach every node's cache", .enabled(if: TestBucket.enabled))
struct RemovalFollowerTests {
    @Test func a_photo_deleted_on_one_node_stops_being_served_by_the_other() async throws {
        let bucket = try await TestBucket.make()
        try await withTestServer(
            .sqlite, nodes: 2, transport: .live,
            configure: {
                FastPathTests.configure(&$0, fastPath: true)
                $0.storage = bucket.setting
                $0.removalFollowInterval = .milliseconds(50)
            }
        ) { server in
            // setup: the other node has cached a rendition and serves it from memory, without the database
            let alice = try await server.user("alice")
            let photo = try await server.uploadPhoto(try smallJPEG(seed: 111), as: alice)
            let other = server.nodes[1]
            let url = try pathAndQuery(photo.urls.small)
            for _ in 0..<2 { #expect(try await other.get(url).status == .ok) }
            let cached = server.dataDirectory + "-node1/renditions/" + photo.id.prefix(2) + "/" + photo.id

            // act: deleted through the first node
            let deleted = try await server.client.send(.delete, "/photos/\(photo.id)", headers: alice.auth)
            var status = HTTPResponse.Status.ok
            for _ in 0..<200 where status == .ok {
                try await Task.sleep(for: .milliseconds(25))
                status = try await other.get(url).status
            }

            // assert: the other node's copy is gone from its disk, and it answers as for any unknown photo
            #expect(deleted.status == .noContent)
            #expect(status == .notFound)
            #expect(!FileManager.default.fileExists(atPath: cached))
        }
    }

    @Test func a_node_with_no_record_of_following_empties_its_cache_at_start() async throws {
        let bucket = try await TestBucket.make()
        let data = try Fixtures.temporaryDirectory(prefix: "follower-start")
        defer { try? FileManager.default.removeItem(atPath: data) }
        // setup: a rendition left in the cache by a node that never recorded following the log
        let stale = data + "/renditions/ab/abcdefghijk/400xauto-max-center-q80.jpg"
        try FileManager.default.createDirectory(
            atPath: (stale as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: stale))
        try await TestDatabase.withStore(.sqlite) { store, _ in
            var settings = TestServer.configuration(dataDirectory: data)
            settings.storage = bucket.setting
            let files = try settings.libraryFiles()
            let renditions = RenditionService(
                imaging: Imaging(), files: files, threadPool: .singleton, threads: 1, maxWaiting: 1,
                limit: RenditionCacheLimit(folder: files.renditions.path, budget: nil))

            // act
            let follower = RemovalFollower(
                store: store, renditions: renditions, interval: .seconds(1), logger: testLogger)
            _ = follower.startingPoint()

            // assert
            #expect(!FileManager.default.fileExists(atPath: stale))
            #expect(FileManager.default.fileExists(atPath: data + "/renditions"))
        }
    }
}
