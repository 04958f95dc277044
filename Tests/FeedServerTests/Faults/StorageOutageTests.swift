import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Storage
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

/// The bucket's endpoint goes away and comes back (issue 34): the server reaches moto through a ``FaultyProxy``
/// that the test takes down (connections refused), makes hang (nothing answered), and brings back.
@Suite("Storage outages", .enabled(if: TestBucket.enabled))
struct StorageOutageTests {
    /// A new bucket, the proxy in front of its endpoint, and the `--storage` setting that goes through the proxy.
    static func withProxiedBucket(
        _ body: (TestBucket, FaultyProxy, String) async throws -> Void
    ) async throws {
        let bucket = try await TestBucket.make()
        let address = try #require(TestBucket.endpoint)
        let endpoint = try #require(URLComponents(string: address))
        let proxy = try await FaultyProxy.start(to: endpoint.host ?? "127.0.0.1", port: endpoint.port ?? 80)
        defer { Task { await proxy.stop() } }
        let setting = bucket.setting.replacingOccurrences(
            of: address, with: "http://127.0.0.1:\(proxy.port)")
        try await body(bucket, proxy, setting)
    }

    @Test func uploads_are_503_and_deletions_wait_until_the_storage_is_back() async throws {
        try await Self.withProxiedBucket { bucket, proxy, setting in
            try await withTestServer(
                .sqlite,
                configure: {
                    $0.storage = setting
                    $0.deletionRetryInterval = .milliseconds(200)
                }
            ) { server in
                // setup: a photo kept while the storage answers
                let owner = try await server.user("alice")
                let kept = try await server.uploadPhoto(try smallJPEG(seed: 341), as: owner)
                let sha = try #require(try await server.store.photo(idOrSlug: kept.id)).sha256
                let keysBefore = try await bucket.keys()
                try #require(keysBefore.contains { $0.contains(sha) })

                // act: the endpoint goes away
                await proxy.stop()
                let upload = try await server.upload(try smallJPEG(seed: 342), as: owner)
                let ready = try await server.client.get("/readyz")
                let thumbnail = try await server.client.get(try pathAndQuery(kept.urls.thumb))
                let deleted = try await server.client.send(.delete, "/photos/\(kept.id)", headers: owner.auth)
                let waiting = try await server.store.pendingDeletionCount()

                // assert: the upload refused with nothing kept; the node not ready, saying why; its cache still
                // serving; the deletion done in the library and its files waiting for the bucket
                #expect(upload.status == .serviceUnavailable, "\(upload.status) \(upload.text)")
                #expect(upload.header("Retry-After") == "5")
                #expect(try await bucket.keys() == keysBefore)
                #expect(server.filesUnder("tmp").isEmpty)
                #expect(ready.status == .serviceUnavailable)
                #expect(ready.errors.first?.hasPrefix("The storage") == true, "\(ready.errors)")
                #expect(thumbnail.status == .ok)
                #expect(deleted.status == .noContent)
                #expect(waiting > 0)
                #expect(try await allPhotos(server.store).isEmpty)

                // act: the endpoint comes back
                try await proxy.resume()
                let drained = try await waitUntil(within: 30) {
                    try await server.store.pendingDeletionCount() == 0
                }
                let again = try await server.upload(try smallJPEG(seed: 342), as: owner)

                // assert: the deleted photo's files are gone from the bucket, nothing is waiting, uploads work
                #expect(drained)
                #expect(try await bucket.keys().filter { $0.contains(sha) || $0.contains(kept.id) }.isEmpty)
                #expect(again.status == .created, "\(again.status) \(again.text)")
            }
        }
    }

    @Test func reads_fall_back_to_what_the_node_has_when_the_storage_is_away() async throws {
        try await Self.withProxiedBucket { _, proxy, setting in
            try await withTestServer(.sqlite, configure: { $0.storage = setting }) { server in
                // setup: two photos; this node has rendered a new size of the first (so it keeps a copy of its
                // original), never of the second
                let owner = try await server.user("alice")
                let rendered = try await server.uploadPhoto(
                    try smallJPEG(seed: 351, width: 640, height: 480), as: owner)
                let untouched = try await server.uploadPhoto(try smallJPEG(seed: 352), as: owner)
                try #require(try await server.client.get("/img/\(rendered.id)?w=150").status == .ok)
                let original = try await server.client.get("/img/\(rendered.id)")
                try #require(original.status == .ok)

                // act
                await proxy.stop()
                let newSize = try await server.client.get("/img/\(rendered.id)?w=151")
                let originalAgain = try await server.client.get("/img/\(rendered.id)")
                let elsewhere = try await server.client.get("/img/\(untouched.id)?w=152")

                // assert: what the node holds is served; what only the bucket holds is a 503 to retry
                #expect(newSize.status == .ok, "\(newSize.status) \(newSize.text)")
                #expect(originalAgain.status == .ok, "\(originalAgain.status) \(originalAgain.text)")
                #expect(originalAgain.bytes == original.bytes)
                #expect(elsewhere.status == .serviceUnavailable, "\(elsewhere.status) \(elsewhere.text)")
                #expect(elsewhere.header("Retry-After") == "5")
            }
        }
    }

    @Test func an_upload_to_a_storage_that_does_not_answer_is_503() async throws {
        try await Self.withProxiedBucket { bucket, proxy, setting in
            try await withTestServer(
                .sqlite,
                configure: {
                    $0.storage = setting
                    $0.library.storageTimeouts = (.seconds(1), .seconds(1))
                }
            ) { server in
                // setup
                let owner = try await server.user("alice")
                let keysBefore = try await bucket.keys()

                // act: connections accepted, nothing ever answered
                try await proxy.hang()
                let upload = try await server.upload(try smallJPEG(seed: 361), as: owner)

                // assert: refused, not hung, and nothing kept
                #expect(upload.status == .serviceUnavailable, "\(upload.status) \(upload.text)")
                #expect(try await bucket.keys() == keysBefore)
                #expect(try await allPhotos(server.store).isEmpty)
            }
        }
    }
}
