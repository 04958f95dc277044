import FeedKit
import Foundation
import TestSupport
import Testing

@Suite("PhotoFeed against the live server")
@MainActor
struct PhotoFeedTests {
    @Test func loadsTheNextPageWhenTheFifthPhotoFromTheEndBecomesVisible() async throws {
        try await withLiveServer { live in
            let ana = try await live.server.user("ana")
            for index in 0..<25 { try await live.server.recordPhoto(owner: ana, title: "P\(index)") }
            let feed = await PhotoFeed(client: live.client()) { $0.photos(perPage: 10) }
            await feed.loadNextPage()
            #expect(await feed.photos.count == 10)

            // The sixth from the end is not near enough; the fifth is.
            await feed.photoBecameVisible(await feed.photos[4].id)
            #expect(await feed.photos.count == 10)
            await feed.photoBecameVisible(await feed.photos[5].id)
            #expect(await feed.photos.count == 20)

            await feed.photoBecameVisible(await feed.photos[19].id)
            #expect(await feed.photos.count == 25)
            #expect(await feed.reachedEnd)
            #expect(Set(await feed.photos.map(\.id)).count == 25)

            // At the end, nothing more is asked for.
            let requestsAtEnd = await live.traffic.requests.count
            await feed.photoBecameVisible(await feed.photos[24].id)
            await feed.loadNextPage()
            #expect(await live.traffic.requests.count == requestsAtEnd)
        }
    }

    @Test func neverLoadsAPageTwiceWhenAskedWhileItLoads() async throws {
        try await withLiveServer { live in
            let ana = try await live.server.user("ana")
            for index in 0..<12 { try await live.server.recordPhoto(owner: ana, title: "P\(index)") }
            let feed = await PhotoFeed(client: live.client()) { $0.photos(perPage: 6) }
            await feed.loadNextPage()
            await live.traffic.hold { _ in true }
            let last = await feed.photos[5].id
            async let first: Void = feed.photoBecameVisible(last)
            await live.traffic.waitUntilHolding(1)
            #expect(await feed.isLoading)
            // The same photo seen again, and an explicit load, while the page is in flight.
            await feed.photoBecameVisible(last)
            await feed.loadNextPage()
            await live.traffic.release()
            await first
            #expect(await feed.photos.count == 12)
            #expect(await live.traffic.count(path: "/photos") == 2)
        }
    }

    @Test func refreshStartsOverWithNewPhotos() async throws {
        try await withLiveServer { live in
            let ana = try await live.server.user("ana")
            for index in 0..<3 { try await live.server.recordPhoto(owner: ana, title: "P\(index)") }
            let feed = await PhotoFeed(client: live.client()) { $0.photos(perPage: 10) }
            await feed.refresh()
            #expect(await feed.photos.count == 3)
            let newest = try await live.server.recordPhoto(owner: ana, title: "New")
            await feed.refresh()
            #expect(await feed.photos.count == 4)
            #expect(await feed.photos.contains { $0.id == newest })
        }
    }

    @Test func aFailedPageIsReportedAndCanBeLoadedAgain() async throws {
        try await withLiveServer { live in
            let ana = try await live.server.user("ana")
            for index in 0..<3 { try await live.server.recordPhoto(owner: ana, title: "P\(index)") }
            let feed = await PhotoFeed(client: live.client()) { $0.photos() }
            await live.traffic.failNext(with: FeedError.offline) { _ in true }
            await feed.loadNextPage()
            #expect(await feed.loadError == .offline)
            #expect(await feed.photos.isEmpty)
            await feed.loadNextPage()
            #expect(await feed.loadError == nil)
            #expect(await feed.photos.count == 3)
        }
    }
}
