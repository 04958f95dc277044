import FeedModels
import FeedStore
import Foundation
import Imaging
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

/// What `imagefeed sources add` refuses, and the sync's answers to a source that refuses it.
@Suite("Source options")
struct SourceOptionsTests {
    @Test func eachKindSaysWhatIsMissingOrWrong() {
        #expect(
            SourceKind.unsplash.problems(options: [:], credential: "", apiURL: nil)
                == ["An Unsplash source needs --access-key."])
        #expect(
            SourceKind.imagefeed.problems(options: [:], credential: "", apiURL: nil)
                == ["An ImageFeed source needs --api-url, the other server's address."])
        #expect(
            SourceKind.unsplash.problems(options: ["topic": "a", "query": "b"], credential: "k", apiURL: nil)
                == ["Give one of --topic, --collection, --user or --query (or none, for the editorial feed)."])
        #expect(
            SourceKind.pixabay.problems(options: ["tags": "x"], credential: "k", apiURL: nil)
                == ["A pixabay source takes no tags."])
        #expect(
            SourceKind.pixabay.problems(options: ["min_width": "wide"], credential: "k", apiURL: nil)
                == ["--min-width must be a whole number; got \"wide\"."])
        #expect(
            SourceKind.flickr.problems(options: [:], credential: "k", apiURL: nil)
                == ["A Flickr source needs --tags, --text, --lat/--lon, --user or --album."])
        #expect(
            SourceKind.flickr.problems(options: ["lat": "51.5"], credential: "k", apiURL: nil)
                .contains("--lat and --lon go together."))
        #expect(
            SourceKind.flickr.problems(options: ["tags": "x", "licenses": "4,cc-by-9"], credential: "k", apiURL: nil)
                == ["\"cc-by-9\" is not a licence; use Flickr's numbers (0 to 10) or ids such as cc-by-2.0."])
        #expect(
            SourceKind.unsplash.problems(options: ["limit": "0"], credential: "k", apiURL: "ftp://x")
                == [
                    "--api-url must be an http(s) address; got \"ftp://x\".",
                    "--limit must be a whole number of at least 1; got \"0\".",
                ])
        #expect(
            SourceKind.flickr.problems(options: ["tags": "x", "licenses": "9,cc-by-2.0"], credential: "k", apiURL: nil)
                .isEmpty)
    }

    @Test func flickrLicencesAreItsNumbersInOrder() {
        #expect(PhotoLicense(flickrNumber: 4)?.id == "cc-by-2.0")
        #expect(PhotoLicense(flickrNumber: 9)?.id == "cc0-1.0")
        #expect(PhotoLicense(id: "unsplash")?.flickrNumber == 0)
        #expect(PhotoLicense.shareable.map(\.flickrNumber) == Array(1...16))
    }

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

                var count = 0
                for _ in 0..<100 where count == 0 {
                    try await Task.sleep(for: .milliseconds(100))
                    count = try await library.store.photoCount()
                }
                #expect(count == 1)
                let synced = try await library.store.source(named: "friends")
                #expect(synced?.lastSyncSummary?.hasPrefix("1 added") == true)
            }
        }
    }
}
