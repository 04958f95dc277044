import FeedKit
import Foundation
import TestSupport
import Testing

@Suite("Likes against the live server")
@MainActor
struct LikeTests {
    @Test func likeAndUnlikeReturnThePhotoAsItNowIs() async throws {
        try await withLiveServer { live in
            let ana = try await live.server.user("ana")
            let id = try await live.server.recordPhoto(owner: ana, title: "Sea")
            let liked = try await live.client(as: ana).like(id)
            #expect(liked.likedByUser)
            #expect(liked.likes == 1)
            let unliked = try await live.client(as: ana).unlike(id)
            #expect(!unliked.likedByUser)
            #expect(unliked.likes == 0)
        }
    }

    @Test func aFailedLikeIsTrackedAndARetrySucceeds() async throws {
        try await withLiveServer { live in
            let ana = try await live.server.user("ana")
            let id = try await live.server.recordPhoto(owner: ana, title: "Sea")
            let feed = await PhotoFeed(client: live.client(as: ana)) { $0.photos() }
            await feed.refresh()
            #expect(await feed.photos.first?.likedByUser == false)

            // The like is held on its way: the feed shows it in flight, and a second tap sends nothing.
            await live.traffic.hold { $0.httpMethod == "POST" }
            async let liking: Void = feed.setLiked(true, photo: id)
            await live.traffic.waitUntilHolding(1)
            #expect(await feed.likeState(of: id) == .inFlight(liked: true))
            await feed.toggleLike(id)
            await live.traffic.release()
            await liking
            #expect(await live.traffic.count(path: "/photos/\(id)/like") == 1)
            #expect(await feed.likeState(of: id) == .idle)
            #expect(await feed.photos.first?.likedByUser == true)
            #expect(await feed.photos.first?.likes == 1)

            // An unlike fails on the way: the photo stays liked, the state says why, and a retry goes through.
            await live.traffic.failNext(with: FeedError.offline) { $0.httpMethod == "DELETE" }
            await feed.toggleLike(id)
            #expect(await feed.likeState(of: id) == .failed(liked: false, .offline))
            #expect(await feed.photos.first?.likedByUser == true)
            await feed.retryLike(id)
            #expect(await feed.likeState(of: id) == .idle)
            #expect(await feed.photos.first?.likedByUser == false)
            #expect(await feed.photos.first?.likes == 0)
            #expect(try await live.server.photo(id, as: ana).likedByUser == false)
        }
    }

    @Test func aLikeWithoutTheScopeFailsAsForbidden() async throws {
        try await withLiveServer { live in
            let ana = try await live.server.user("ana")
            let reader = try await live.server.user("rui", scope: "public read_user")
            let id = try await live.server.recordPhoto(owner: ana, title: "Sea")
            let feed = await PhotoFeed(client: live.client(as: reader)) { $0.photos() }
            await feed.refresh()
            await feed.setLiked(true, photo: id)
            guard case .failed(true, .forbidden(let message)) = await feed.likeState(of: id) else {
                Issue.record("expected a forbidden like, got \(await feed.likeState(of: id))")
                return
            }
            #expect(message.contains("write_likes"))
        }
    }
}
