import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Imaging
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

/// The Unsplash connector (through FeedKit) against a second ImageFeed server speaking the Unsplash dialect: what a
/// sync brings in, how it is credited and served, and how later syncs follow the source.
@Suite("Unsplash source", .serialized)
struct UnsplashSourceTests {
    /// Three photos at the upstream server, by a photographer with a name.
    static func seedUpstream(_ pair: SourcePair) async throws -> (TestUser, [Photo]) {
        let photographer = try await pair.upstream.user(TestUser("ansel", firstName: "Ansel", lastName: "Adams"))
        var photos: [Photo] = []
        for seed in 0..<3 {
            photos.append(
                try await pair.upstream.uploadPhoto(
                    try smallJPEG(seed: 700 + seed, width: 480, height: 320), as: photographer,
                    fields: ["description": "Valley \(seed)", "tags": "yosemite,granite"]))
        }
        return (photographer, photos)
    }

    @Test func firstSyncBringsEveryPhotoInCreditedAndLicensed() async throws {
        try await withSourcePair { pair in
            let (_, upstreamPhotos) = try await Self.seedUpstream(pair)
            let source = try await pair.addSource(.unsplash)

            let summary = try await pair.syncer().sync(source)

            #expect(summary.added == 3 && summary.unchanged == 0 && summary.failed.isEmpty)
            let feed = try await pair.library.feed()
            // Each links to its page at the source (the upstream's share page, /p/ID).
            #expect(
                Set(feed.compactMap { $0.source.flatMap { URL(string: $0.photoURL)?.path } })
                    == Set(upstreamPhotos.map { "/p/\($0.id)" }))
            let photo = try #require(feed.first { $0.description == "Valley 1" })
            #expect(photo.source?.name == "Unsplash")
            #expect(photo.source?.authorName == "Ansel Adams")
            let authorURL = try #require(photo.source?.authorURL.flatMap { URLComponents(string: $0) })
            #expect(authorURL.queryItems?.contains(URLQueryItem(name: "utm_source", value: "imagefeed")) == true)
            #expect(authorURL.queryItems?.contains(URLQueryItem(name: "utm_medium", value: "referral")) == true)
            #expect(photo.source?.photoURL.contains("utm_medium=referral") == true)
            #expect(photo.license?.id == "unsplash" && photo.license?.url == "https://unsplash.com/license")
            #expect(photo.user.name == "Ansel Adams")
            #expect(photo.original == nil, "a hotlinked photo has no file here")
            #expect(Set(photo.tags.map(\.title)) == ["yosemite", "granite"])
            // The share page credits the photographer and the service, with the licence.
            let page = try await pair.library.client.get("/p/\(photo.id)")
            #expect(page.text.contains(#"<meta property="og:description" content="Photo by Ansel Adams on Unsplash">"#))
            #expect(page.text.contains(#">Ansel Adams</a> on <a href=""#))
            #expect(page.text.contains(#">Unsplash</a> · <a href="https://unsplash.com/license">Unsplash License</a>"#))
        }
    }

    @Test(arguments: Backend.available)
    func secondSyncAddsNothingAndAChangeUpstreamIsFollowed(_ backend: Backend) async throws {
        try await withSourcePair(backend) { pair in
            let (photographer, upstreamPhotos) = try await Self.seedUpstream(pair)
            let source = try await pair.addSource(.unsplash)
            _ = try await pair.syncer().sync(source)

            let again = try await pair.syncer().sync(source)
            #expect(again.added == 0 && again.updated == 0 && again.unchanged == 3)
            #expect(try await pair.library.feed().count == 3)

            let edited = try await pair.upstream.client.send(
                .put, "/photos/\(upstreamPhotos[0].id)",
                headers: photographer.auth.merging([.contentType: "application/json"]),
                body: #"{"description": "Half Dome at dusk", "tags": "yosemite,dusk"}"#)
            try #require(edited.status == .ok, "\(edited.text)")
            let third = try await pair.syncer().sync(source)

            #expect(third.updated == 1 && third.unchanged == 2 && third.added == 0)
            let feed = try await pair.library.feed()
            #expect(feed.count == 3)
            let changed = try #require(feed.first { $0.description == "Half Dome at dusk" })
            #expect(Set(changed.tags.map(\.title)) == ["yosemite", "dusk"])
            let found = try await pair.library.client.get("/search/photos?query=dusk")
            #expect(try found.searchIDs() == [changed.id])
        }
    }

    @Test(arguments: Backend.available)
    func aPhotoRemovedUpstreamIsRemovedHere(_ backend: Backend) async throws {
        try await withSourcePair(backend) { pair in
            let (photographer, upstreamPhotos) = try await Self.seedUpstream(pair)
            let source = try await pair.addSource(.unsplash)
            _ = try await pair.syncer().sync(source)

            let deleted = try await pair.upstream.client.send(
                .delete, "/photos/\(upstreamPhotos[2].id)",
                headers: photographer.auth)
            try #require(deleted.status == .noContent || deleted.status == .ok, "\(deleted.status)")
            let summary = try await pair.syncer().sync(source)

            #expect(summary.removed == 1 && summary.unchanged == 2)
            let feed = try await pair.library.feed()
            #expect(feed.count == 2)
            #expect(!feed.contains { $0.description == "Valley 2" })
            #expect(try await pair.library.store.knownRemotePhotos(ofSource: source.id).count == 2)
        }
    }

    @Test func imagesRedirectToTheSourceWithTheirParameters() async throws {
        try await withSourcePair { pair in
            let (_, upstreamPhotos) = try await Self.seedUpstream(pair)
            let source = try await pair.addSource(.unsplash)
            _ = try await pair.syncer().sync(source)
            let local = try #require(try await pair.library.feed().first { $0.description == "Valley 0" })
            let upstreamID = try #require(upstreamPhotos.first { $0.description == "Valley 0" }).id

            let response = try await pair.library.client.get(
                "/img/\(local.id)?w=200&h=150&fit=crop&crop=entropy&q=70&fm=webp&dpr=2")

            #expect(response.status == .found)
            let location = try #require(response.location)
            #expect(location.hasPrefix("\(pair.upstreamURL)/img/\(upstreamID)"))
            #expect(
                queryItems(location)
                    == [
                        "w": "200", "h": "150", "fit": "crop", "crop": "entropy", "q": "70",
                        "fm": "webp", "dpr": "2",
                    ].merging(queryItems(upstreamPhotos[0].urls.raw)) { a, _ in a })
            // The redirect leads to the image itself, cut as asked, at the source.
            let image = try await pair.upstream.client.get(try pathAndQuery(location))
            #expect(image.status == .ok && image.header("Content-Type") == "image/webp")
            let probe = try Imaging(limits: ImagingLimits()).probe(data: image.bytes)
            #expect(probe.width == 400 && probe.height == 300)
            // fm=auto is written as imgix spells it.
            let automatic = try await pair.library.client.get("/img/\(local.id)?w=100&fm=auto")
            #expect(queryItems(try #require(automatic.location))["auto"] == "format")
        }
    }

    @Test func aDownloadHereIsTrackedAtTheSource() async throws {
        try await withSourcePair { pair in
            let (_, upstreamPhotos) = try await Self.seedUpstream(pair)
            let source = try await pair.addSource(.unsplash)
            _ = try await pair.syncer().sync(source)
            let local = try #require(try await pair.library.feed().first { $0.description == "Valley 0" })
            let upstreamID = try #require(upstreamPhotos.first { $0.description == "Valley 0" }).id
            let before = try await pair.upstream.store.photo(idOrSlug: upstreamID, viewerID: nil)?.downloads ?? -1

            let download = try await pair.library.client.get("/photos/\(local.id)/download")

            #expect(download.status == .ok)
            var after = before
            for _ in 0..<100 where after == before {
                try await Task.sleep(for: .milliseconds(50))
                after = try await pair.upstream.store.photo(idOrSlug: upstreamID, viewerID: nil)?.downloads ?? -1
            }
            #expect(after == before + 1, "the source's download_location was called once")
        }
    }

    @Test func remotePhotosCanBeLikedAndCollectedLikeLocalOnes() async throws {
        try await withSourcePair { pair in
            _ = try await Self.seedUpstream(pair)
            let source = try await pair.addSource(.unsplash)
            _ = try await pair.syncer().sync(source)
            let local = try #require(try await pair.library.feed().first)
            let reader = try await pair.library.user("reader")

            let liked = try await pair.library.client.send(.post, "/photos/\(local.id)/like", headers: reader.auth)
            let album = try await pair.library.client.send(
                .post, "/collections", headers: reader.auth.merging([.contentType: "application/json"]),
                body: #"{"title": "Granite"}"#)
            let albumID = try #require(try album.object()["id"] as? String)
            let added = try await pair.library.client.send(
                .post, "/collections/\(albumID)/add", headers: reader.auth.merging([.contentType: "application/json"]),
                body: #"{"photo_id": "\#(local.id)"}"#)

            #expect(liked.status == .created || liked.status == .ok)
            #expect(added.status == .created || added.status == .ok)
            let inAlbum = try await pair.library.client.get("/collections/\(albumID)/photos", headers: reader.auth)
            #expect(try inAlbum.photoIDs() == [local.id])
            #expect(try await pair.library.photo(local.id, as: reader).likedByUser)
        }
    }

    @Test func anotherImageFeedServerIsCreditedByItsHost() async throws {
        try await withSourcePair { pair in
            _ = try await Self.seedUpstream(pair)
            let source = try await pair.addSource(.imagefeed, name: "friends")

            _ = try await pair.syncer().sync(source)

            let photo = try #require(try await pair.library.feed().first)
            #expect(photo.source?.name == "127.0.0.1")
            #expect(photo.source?.photoURL.contains("utm_") == false)
            #expect(photo.license == nil)
        }
    }

    @Test func removingTheSourceRemovesItsPhotosAndPhotographers() async throws {
        try await withSourcePair { pair in
            _ = try await Self.seedUpstream(pair)
            let source = try await pair.addSource(.unsplash)
            _ = try await pair.syncer().sync(source)
            #expect(try await pair.library.store.user(username: "ansel") != nil)

            _ = try await pair.library.store.deleteSource(id: source.id)

            #expect(try await pair.library.feed().isEmpty)
            #expect(try await pair.library.store.user(username: "ansel") == nil)
            #expect(try await pair.library.store.sources().isEmpty)
        }
    }
}
