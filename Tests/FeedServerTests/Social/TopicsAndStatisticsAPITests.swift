import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedServer

/// Topics and statistics over HTTP, shaped as Unsplash's.
@Suite("Topics and statistics API")
struct TopicsAndStatisticsAPITests {
    /// Photos by alice (`sea`, `sea`, `hill`) and bob (`sea`), and the featured topic `coast` (tag `sea`).
    static func library(_ server: TestServer) async throws -> (
        alice: TestUser, bob: TestUser, sea: [String], hill: String
    ) {
        let alice = try await server.user("alice")
        let bob = try await server.user("bob")
        let first = try await server.recordPhoto(owner: alice, title: "Waves", tags: ["sea"])
        let second = try await server.recordPhoto(owner: alice, title: "Harbour", tags: ["sea"])
        let hill = try await server.recordPhoto(owner: alice, title: "Hill", tags: ["hill"])
        let third = try await server.recordPhoto(owner: bob, title: "Bay", tags: ["sea"])
        _ = try await server.store.createTopic(TopicChanges(title: "Coast", tags: ["sea"], featured: true, position: 2))
        _ = try await server.store.createTopic(TopicChanges(title: "Hills", tags: ["hill"], position: 1))
        return (alice, bob, [first, second, third], hill)
    }

    @Test(arguments: Backend.available)
    func topics_list_answer_as_unsplash_with_covers_and_counts(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let library = try await Self.library(server)

            // act
            let byPosition = try await server.client.get("/topics")
            let featured = try await server.client.get("/topics?order_by=featured&per_page=1")
            let chosen = try await server.client.get("/topics?ids=coast")
            let bad = try await server.client.get("/topics?order_by=random")

            // assert
            #expect(byPosition.header("X-Total") == "2")
            let topics = try byPosition.decode([Topic].self)
            #expect(topics.map(\.slug) == ["hills", "coast"])
            let coast = try #require(topics.last)
            #expect(
                coast.totalPhotos == 3 && coast.featured && coast.visibility == "featured" && coast.status == "open")
            #expect(coast.links.photos.hasSuffix("/topics/coast/photos") && coast.links.html.hasSuffix("/#/t/coast"))
            #expect(library.sea.contains(try #require(coast.coverPhoto?.id)))
            #expect(coast.previewPhotos?.count == 3 && coast.topContributors == nil)
            #expect(try featured.decode([Topic].self).map(\.slug) == ["coast"])
            #expect(featured.links["next"] != nil)
            #expect(try chosen.decode([Topic].self).map(\.slug) == ["coast"])
            #expect(bad.status == .badRequest)
            let raw = try #require(try byPosition.array().first)
            for key in ["ends_at", "only_submissions_after", "owners", "current_user_contributions", "cover_photo"] {
                #expect(raw.keys.contains(key), "\(key)")
            }
        }
    }

    @Test(arguments: Backend.available)
    func a_topic_its_photos_and_random_photos_from_it(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let library = try await Self.library(server)

            // act
            let topic = try await server.client.get("/topics/coast")
            let photos = try await server.client.get("/topics/coast/photos?order_by=oldest")
            let random = try await server.client.get("/photos/random?topics=hills&count=5")
            let unknown = try await server.client.get("/topics/nowhere")
            let unknownRandom = try await server.client.get("/photos/random?topics=nowhere")

            // assert
            let full = try topic.decode(Topic.self)
            #expect(full.topContributors?.map(\.username) == ["alice", "bob"])
            #expect(photos.header("X-Total") == "3")
            #expect(Set(try photos.photoIDs()) == Set(library.sea))
            #expect(try random.photoIDs() == [library.hill])
            #expect(try random.decode([Photo].self).first?.topics?.map(\.slug) == ["hills"])
            #expect(unknown.status == .notFound && unknown.errors == ["Couldn't find Topic"])
            #expect(unknownRandom.status == .notFound)
        }
    }

    @Test(arguments: Backend.available)
    func statistics_count_downloads_likes_and_views_per_day(backend: Backend) async throws {
        try await withTestServer(backend, configure: { $0.viewFlushInterval = .milliseconds(20) }) { server in
            // setup
            let library = try await Self.library(server)
            let photo = library.sea[0]
            let viewer = try await server.user("carol")

            // act: a download, a like, and views: anonymous twice (one view), carol once
            _ = try await server.client.get("/photos/\(photo)/download")
            _ = try await server.client.send(.post, "/photos/\(photo)/like", headers: viewer.auth)
            for headers in [HTTPFields(), HTTPFields(), viewer.auth] {
                #expect(try await server.client.get("/photos/\(photo)", headers: headers).status == .ok)
            }
            var statistics = try await server.client.get("/photos/\(photo)/statistics?quantity=2").decode(
                PhotoStatistics.self)
            for _ in 0..<500 where statistics.views.total < 2 {
                try await Task.sleep(for: .milliseconds(20))  // the batch is written in the background
                statistics = try await server.client.get("/photos/\(photo)/statistics?quantity=2").decode(
                    PhotoStatistics.self)
            }

            // assert
            let today = Presenter.dayFormat(StatisticsDay(Date()))
            #expect(statistics.id == photo)
            #expect(statistics.views.total == 2)
            #expect(statistics.downloads.total == 1 && statistics.likes.total == 1)
            #expect(statistics.downloads.historical.values.map(\.date).last == today)
            #expect(statistics.downloads.historical.values.map(\.value) == [0, 1])
            #expect(statistics.downloads.historical.quantity == 2 && statistics.downloads.historical.change == 1)
            let legacy = try await server.client.get("/photos/\(photo)/stats").decode(PhotoStatistics.self)
            #expect(legacy.downloads.historical.values.count == 30 && legacy.views.total == 2)
            let user = try await server.client.get("/users/alice/statistics?resolution=days&quantity=1")
                .decode(PhotoStatistics.self)
            #expect(user.username == "alice" && user.downloads.total == 1 && user.views.total == 2)
            let withStats = try await server.client.get("/users/alice/photos?stats=true&quantity=3").decode(
                [Photo].self)
            #expect(withStats.first { $0.id == photo }?.statistics?.downloads.total == 1)
            #expect(withStats.allSatisfy { $0.statistics?.views.historical.values.count == 3 })
            #expect(
                try await server.client.get("/users/alice/photos").decode([Photo].self).allSatisfy {
                    $0.statistics == nil
                })
            let total = try await server.client.get("/stats/total").object()
            #expect(
                total["total_photos"] as? Int == 4 && total["downloads"] as? Int == 1 && total["views"] as? Int == 2)
            #expect(total["photographers"] as? Int == 2 && total["likes"] as? Int == 1)
            let month = try await server.client.get("/stats/month").object()
            #expect(month["new_photos"] as? Int == 4 && month["downloads"] as? Int == 1 && month["views"] as? Int == 2)
        }
    }

    @Test(arguments: Backend.available)
    func bad_statistics_requests_are_precise_4xx(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let library = try await Self.library(server)

            // act
            let tooMany = try await server.client.get("/photos/\(library.hill)/statistics?quantity=31")
            let notDays = try await server.client.get("/photos/\(library.hill)/statistics?resolution=weeks")
            let unknownPhoto = try await server.client.get("/photos/NoSuchPhoto/statistics")
            let unknownUser = try await server.client.get("/users/nobody/statistics")

            // assert
            #expect(
                tooMany.status == .badRequest
                    && tooMany.errors == ["quantity must be a whole number from 1 to 30; got \"31\"."])
            #expect(notDays.status == .badRequest)
            #expect(unknownPhoto.status == .notFound && unknownPhoto.errors == ["Couldn't find Photo"])
            #expect(unknownUser.status == .notFound && unknownUser.errors == ["Couldn't find User"])
        }
    }
}
