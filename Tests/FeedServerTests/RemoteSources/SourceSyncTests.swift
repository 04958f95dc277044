import FeedModels
import FeedStore
import Foundation
import Imaging
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

/// The sync's answers to a source that refuses it or is already being synced, and `serve` syncing on a schedule,
/// against a second ImageFeed server.
@Suite("Source syncs")
struct SourceSyncTests {
    @Test func aRefusedKeyEndsTheSyncWithTheSourcesWords() async throws {
        try await withSourcePair { pair in
            let source = try await pair.library.store.addSource(
                SourceRecord(
                    name: "unsplash", kind: "unsplash", apiURL: pair.upstreamURL, credential: "not-a-key", options: [:])
            )

            await #expect {
                _ = try await pair.syncer().sync(source)
            } throws: { error in
                String(describing: error).contains("Unsplash refused the listing")
            }
            let recorded = try #require(try await pair.library.store.source(named: "unsplash"))
            #expect(recorded.lastSyncSummary?.hasPrefix("failed: Unsplash refused the listing") == true)
            #expect(recorded.lastSyncSummary?.contains("not-a-key") == false)
            // The lease was given back: the next sync is not refused as "running".
            #expect(try await pair.library.store.syncLease(of: source.id) == nil)
        }
    }

    @Test func aSecondSyncOfTheSameSourceWaitsForTheFirst() async throws {
        try await withSourcePair { pair in
            let source = try await pair.addSource(.unsplash)
            let other = "elsewhere#1#x"
            #expect(try await pair.library.store.takeSyncLease(of: source.id, holder: other, until: Date() + 60))

            await #expect {
                _ = try await pair.syncer().sync(source)
            } throws: { error in
                String(describing: error) == "Another sync of unsplash is running; try again when it ends."
            }
        }
    }

    @Test func serveSyncsItsSourcesOnASchedule() async throws {
        try await withTestServer(.sqlite, transport: .live) { upstream in
            let port = try #require(upstream.client.port)
            let app = try await upstream.registerApp(name: "Library")
            let owner = try await upstream.user("ansel")
            _ = try await upstream.uploadPhoto(try smallJPEG(seed: 77), as: owner, fields: ["description": "Dome"])
            try await withTestServer(.sqlite, transport: .live, configure: { $0.syncEvery = .milliseconds(200) }) {
                library in
                _ = try await library.store.addSource(
                    SourceRecord(
                        name: "friends", kind: "imagefeed", apiURL: "http://127.0.0.1:\(port)", credential: app.key,
                        options: [:]))

                // The sync adds the photo, then writes its summary: wait for the summary, not only the photo.
                var count = 0
                var synced: SourceRecord?
                for _ in 0..<100 where count == 0 || synced?.lastSyncSummary == nil {
                    try await Task.sleep(for: .milliseconds(100))
                    count = try await library.store.photoCount()
                    synced = try await library.store.source(named: "friends")
                }
                #expect(count == 1)
                #expect(synced?.lastSyncSummary?.hasPrefix("1 added") == true)
            }
        }
    }
}
