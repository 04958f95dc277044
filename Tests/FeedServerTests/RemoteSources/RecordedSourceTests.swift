import FeedModels
import FeedStore
import Foundation
import Imaging
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

/// Each connector against answers shaped as the real service documents them, replayed by a stand-in: the first and
/// second sync, a change and a removal upstream, the service's own rate-limit answer waited out, redirects to the
/// service's image URLs and download tracking.
@Suite("Recorded service answers", .serialized)
struct RecordedSourceTests {
    @Test func unsplashIsWaitedForHotlinkedCreditedAndTracked() async throws {
        let service = try RecordedService()
        try await service.run { root in
            try await withTestServer(.sqlite) { library in
                let source = try await library.store.addSource(
                    SourceRecord(
                        name: "unsplash", kind: "unsplash", apiURL: root, credential: "access-key-1",
                        options: ["app_name": "family_photos"]))
                service.refuse(2)
                let log = SyncLog()

                let first = try await library.syncer().sync(source, progress: log.record)

                #expect(first.added == 2 && first.failed.isEmpty)
                #expect(log.waits.count == 2 && log.waits.allSatisfy { $0.contains("rate limiting (HTTP 403)") })
                let feed = try await library.feed()
                let photo = try #require(feed.first { $0.source?.photoURL.contains("hlPongnSUns") == true })
                #expect(photo.source?.authorName == "Marek Piwnicki")
                #expect(
                    photo.source?.authorURL
                        == "https://unsplash.com/@marekpiwnicki?utm_source=family_photos&utm_medium=referral")
                #expect(
                    photo.source?.url == root + "?utm_source=family_photos&utm_medium=referral"
                        || photo.source?.url.hasPrefix(root) == true)
                #expect(photo.width == 6000 && photo.height == 4002 && photo.blurHash == "LzFiDVRQR*j[~VRjWVbH?GRjjZay")
                #expect(service.requests.allSatisfy { $0.1 == "Client-ID access-key-1" })

                let image = try await library.client.get("/img/\(photo.id)?w=1080&q=75&fm=auto&dpr=2")
                #expect(image.status == .found)
                let location = try #require(image.location)
                #expect(location.hasPrefix("https://images.unsplash.com/photo-1692374227159-2d3592f274c9?"))
                #expect(
                    queryItems(location) == [
                        "ixid": "M3w0", "ixlib": "rb-4.0.3", "w": "1080", "q": "75",
                        "auto": "format", "dpr": "2",
                    ])

                let before = service.requests.filter { $0.0.hasPrefix("/photos/hlPongnSUns/download") }.count
                let download = try await library.client.get("/photos/\(photo.id)/download")
                #expect(download.status == .ok)
                var tracked: [(String, String?)] = []
                for _ in 0..<100 {
                    tracked = service.requests.filter { $0.0.hasPrefix("/photos/hlPongnSUns/download") }
                    if tracked.count > before { break }
                    try await Task.sleep(for: .milliseconds(50))
                }
                #expect(tracked.count == before + 1)
                #expect(tracked.last?.0 == "/photos/hlPongnSUns/download?ixid=M3w0")
                #expect(tracked.last?.1 == "Client-ID access-key-1")

                service.caption("LBI7cgq3pbM", "Balloons at dawn")
                service.remove("hlPongnSUns")
                let second = try await library.syncer().sync(source)

                #expect(second.added == 0 && second.updated == 1 && second.removed == 1)
                let now = try await library.feed()
                #expect(now.map(\.description) == ["Balloons at dawn"])
            }
        }
    }

    @Test func flickrKeepsOnlyShareableLicencesAndLinksToThePhotoPage() async throws {
        let service = try RecordedService()
        try await service.run { root in
            try await withTestServer(.sqlite) { library in
                let source = try await library.store.addSource(
                    SourceRecord(
                        name: "flickr", kind: "flickr", apiURL: root, credential: "flickr-key",
                        options: ["tags": "doha"]))

                let first = try await library.syncer().sync(source)

                #expect(first.added == 1)
                let photo = try #require(try await library.feed().first)
                #expect(photo.description == "New fresh air")
                #expect(photo.license?.id == "cc-by-2.0")
                #expect(photo.source?.authorName == "someone")
                #expect(photo.source?.photoURL == root + "/photos/11912988@N02/30488776035/")
                #expect(photo.width == 1080)
                #expect(try await library.photo(photo.id).location?.position?.latitude == 25.314511)
                let search = service.requests.first { $0.0.contains("flickr.photos.search") }?.0 ?? ""
                // Creative Commons and public domain, the 4.0 licences (11 to 16) included.
                #expect(queryItems(search)["license"] == (1...16).map(String.init).joined(separator: ","))
                #expect(queryItems(search)["api_key"] == "flickr-key")

                let small = try await library.client.get("/img/\(photo.id)?w=300&h=300&fit=crop")
                #expect(small.location == "https://live.staticflickr.com/8577/30488776035_8b177af23e_n.jpg")
                let large = try await library.client.get("/img/\(photo.id)?w=2000")
                #expect(large.location == "https://live.staticflickr.com/8577/30488776035_b8587a5980_o.jpg")

                #expect(try await library.syncer().sync(source).unchanged == 1)
                service.remove("30488776035")
                let gone = try await library.syncer().sync(source)
                #expect(gone.removed == 1)
                #expect(try await library.feed().isEmpty)
            }
        }
    }

    @Test func pixabayWaitsOutItsRateLimitAndDownloads() async throws {
        let service = try RecordedService()
        try await service.run { root in
            try await withTestServer(.sqlite) { library in
                let source = try await library.store.addSource(
                    SourceRecord(
                        name: "pixabay", kind: "pixabay", apiURL: root, credential: "pixabay-key",
                        options: ["query": "apples"]))
                service.refuse(1)
                let log = SyncLog()

                let first = try await library.syncer().sync(source, progress: log.record)

                #expect(first.added == 1 && first.unchanged == 1, "both hits are the same bytes: one photo")
                #expect(log.waits == ["waiting 1.0 seconds: the source is rate limiting (HTTP 429)"])
                let photo = try #require(try await library.feed().first)
                #expect(photo.source?.authorName == "Desertrose7")
                #expect(photo.source?.authorURL == "https://pixabay.com/users/Desertrose7-752536/")
                #expect(photo.original?.format == "jpeg" && photo.width == 320)
                #expect(try await library.store.knownRemotePhotos(ofSource: source.id).count == 2)
                let searches = service.requests.filter { $0.0.hasPrefix("/api/") }.count

                // Within the day, the kept answer is used: no search request.
                let second = try await library.syncer().sync(source)
                #expect(second.added == 0 && second.unchanged == 2)
                #expect(service.requests.filter { $0.0.hasPrefix("/api/") }.count == searches)
            }
        }
    }
}
