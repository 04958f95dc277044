import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TestSupport
import Testing

@testable import FeedServer

/// The like and unlike answer.
struct LikeAnswer: Decodable {
    let photo: Photo
    let user: User
}

@Suite("Features: likes")
struct FeaturesLikeTests {
    @Test(arguments: Backend.available)
    func like_answers_201_with_the_liked_photo_and_the_liker(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user(TestUser("alice", firstName: "Alice", lastName: "Tester"))
            let lara = try await server.user("lara")
            let id = try await server.recordPhoto(owner: alice, title: "Harbour at dawn")

            // act
            let response = try await server.client.send(.post, "/photos/\(id)/like", headers: lara.auth)

            // assert
            #expect(response.status == .created)
            let answer = try response.decode(LikeAnswer.self)
            #expect(answer.photo.id == id)
            #expect(answer.photo.likes == 1)
            #expect(answer.photo.likedByUser)
            #expect(answer.photo.user.username == "alice")
            #expect(answer.photo.user.name == "Alice Tester")
            #expect(answer.photo.user.totalPhotos == 1)
            #expect(answer.photo.user.links.`self`.hasSuffix("/users/alice"))
            #expect(answer.photo.user.profileImage.small.contains("/avatars/alice"))
            #expect(answer.user.username == "lara")
            #expect(answer.user.totalLikes == 1)
            let object = try response.object()
            let nestedUser = try #require((object["photo"] as? [String: Any])?["user"] as? [String: Any])
            for key in [
                "id", "username", "name", "first_name", "links", "profile_image", "total_likes", "total_photos",
                "total_collections",
            ] {
                #expect(nestedUser[key] != nil, "photo.user lacks \(key)")
            }
        }
    }

    @Test(arguments: Backend.available)
    func unlike_answers_200_with_the_like_taken_back(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let lara = try await server.user("lara")
            let id = try await server.recordPhoto(owner: alice, title: "Harbour at dawn")
            _ = try await server.client.send(.post, "/photos/\(id)/like", headers: lara.auth)

            // act
            let response = try await server.client.send(.delete, "/photos/\(id)/like", headers: lara.auth)

            // assert
            #expect(response.status == .ok)
            let answer = try response.decode(LikeAnswer.self)
            #expect(answer.photo.likes == 0)
            #expect(!answer.photo.likedByUser)
            #expect(answer.photo.user.username == "alice")
            #expect(answer.user.username == "lara")
            #expect(answer.user.totalLikes == 0)
        }
    }

    @Test(arguments: Backend.available)
    func liking_twice_counts_once_and_unliking_twice_stays_at_zero(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let lara = try await server.user("lara")
            let id = try await server.recordPhoto(owner: alice, title: "Harbour at dawn")

            // act
            let firstLike = try await server.client.send(.post, "/photos/\(id)/like", headers: lara.auth)
            let secondLike = try await server.client.send(.post, "/photos/\(id)/like", headers: lara.auth)
            let afterLikes = try await server.photo(id, as: lara)
            let firstUnlike = try await server.client.send(.delete, "/photos/\(id)/like", headers: lara.auth)
            let secondUnlike = try await server.client.send(.delete, "/photos/\(id)/like", headers: lara.auth)
            let afterUnlikes = try await server.photo(id, as: lara)

            // assert
            #expect([firstLike.status, secondLike.status] == [.created, .created])
            #expect(try secondLike.decode(LikeAnswer.self).photo.likes == 1)
            #expect(afterLikes.likes == 1)
            #expect(afterLikes.likedByUser)
            #expect([firstUnlike.status, secondUnlike.status] == [.ok, .ok])
            #expect(try secondUnlike.decode(LikeAnswer.self).photo.likes == 0)
            #expect(afterUnlikes.likes == 0)
            #expect(!afterUnlikes.likedByUser)
            #expect(try await server.store.user(id: lara.id)?.totalLikes == 0)
        }
    }

    @Test(arguments: Backend.available, [HTTPRequest.Method.post, .delete])
    func liking_needs_the_write_likes_scope(backend: Backend, method: HTTPRequest.Method) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let reader = try await server.user("reader", scope: "public read_user write_photos")
            let id = try await server.recordPhoto(owner: alice, title: "Harbour at dawn")

            // act
            let response = try await server.client.send(method, "/photos/\(id)/like", headers: reader.auth)

            // assert
            #expect(response.status == .forbidden)
            #expect(response.errors.count == 1)
            #expect(try await server.photo(id).likes == 0)
        }
    }

    @Test(arguments: [HTTPRequest.Method.post, .delete])
    func liking_without_a_token_is_401(method: HTTPRequest.Method) async throws {
        try await withTestServer(.sqlite) { server in
            // setup
            let alice = try await server.user("alice")
            let id = try await server.recordPhoto(owner: alice, title: "Harbour at dawn")

            // act
            let response = try await server.client.send(method, "/photos/\(id)/like")

            // assert
            #expect(response.status == .unauthorized)
            #expect(response.errors == ["OAuth error: The access token is invalid"])
        }
    }

    /// What a client might send along with a like: the iOS apps send a JSON `""`.
    enum LikeBody: String, CaseIterable, Sendable {
        case jsonEmptyString, jsonObject, form, text

        var contentType: String {
            switch self {
            case .jsonEmptyString, .jsonObject: "application/json"
            case .form: "application/x-www-form-urlencoded"
            case .text: "text/plain"
            }
        }

        var body: String {
            switch self {
            case .jsonEmptyString: "\"\""
            case .jsonObject: #"{"photo_id": "other", "liked": false}"#
            case .form: "liked=false&user=someone"
            case .text: "please like this"
            }
        }
    }

    @Test(arguments: LikeBody.allCases)
    func a_request_body_is_ignored(body: LikeBody) async throws {
        try await withTestServer(.sqlite) { server in
            // setup
            let alice = try await server.user("alice")
            let lara = try await server.user("lara")
            let id = try await server.recordPhoto(owner: alice, title: "Harbour at dawn")
            let headers = lara.auth.merging([.contentType: body.contentType])

            // act
            let like = try await server.client.send(.post, "/photos/\(id)/like", headers: headers, body: body.body)
            let unlike = try await server.client.send(.delete, "/photos/\(id)/like", headers: headers, body: body.body)

            // assert
            #expect(like.status == .created)
            #expect(try like.decode(LikeAnswer.self).photo.likes == 1)
            #expect(unlike.status == .ok)
            #expect(try unlike.decode(LikeAnswer.self).photo.likes == 0)
        }
    }

    @Test(arguments: Backend.available, [HTTPRequest.Method.post, .delete])
    func liking_an_unknown_photo_is_404(backend: Backend, method: HTTPRequest.Method) async throws {
        try await withTestServer(backend) { server in
            // setup
            let lara = try await server.user("lara")

            // act
            let response = try await server.client.send(method, "/photos/no-such-photo/like", headers: lara.auth)

            // assert
            #expect(response.status == .notFound)
            #expect(response.errors == ["Couldn't find Photo"])
            #expect(try await server.store.user(id: lara.id)?.totalLikes == 0)
        }
    }

    /// A list endpoint and how to read its photos.
    enum PhotoList: String, CaseIterable, Sendable {
        case feed, single, search, userPhotos, userLikes, albumPhotos, random

        func ids(_ server: TestServer, photoID: String, albumID: String, caller: TestUser?) async throws
            -> [String: Bool]
        {
            let uri: String =
                switch self {
                case .feed: "/photos?per_page=30"
                case .single: "/photos/\(photoID)"
                case .search: "/search/photos?query=alice&per_page=30"
                case .userPhotos: "/users/alice/photos?per_page=30"
                case .userLikes: "/users/lara/likes?per_page=30"
                case .albumPhotos: "/collections/\(albumID)/photos?per_page=30"
                case .random: "/photos/random?count=30"
                }
            let response = try await server.client.get(uri, headers: caller?.auth ?? [:])
            try #require(response.status == .ok, "\(uri): \(response.status) \(response.text)")
            let photos: [Photo] =
                switch self {
                case .single: [try response.decode(Photo.self)]
                case .search: try response.decode(PhotoSearchResults.self).results
                default: try response.decode([Photo].self)
                }
            return Dictionary(photos.map { ($0.id, $0.likedByUser) }, uniquingKeysWith: { first, _ in first })
        }
    }

    @Test(arguments: Backend.available, PhotoList.allCases)
    func liked_by_user_is_true_only_for_the_liker(backend: Backend, list: PhotoList) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let lara = try await server.user("lara")
            let otto = try await server.user("otto")
            var ids: [String] = []
            for index in 0..<3 { ids.append(try await server.recordPhoto(owner: alice, title: "Harbour \(index)")) }
            let album = try await server.store.createCollection(
                ownerID: alice.id, title: "Harbours", description: nil, isPrivate: false)
            for id in ids { _ = try await server.store.addPhoto(id, toCollection: album.id, by: alice.id) }
            let liked = ids[1]
            let response = try await server.client.send(.post, "/photos/\(liked)/like", headers: lara.auth)
            try #require(response.status == .created)

            // act
            let forLara = try await list.ids(server, photoID: liked, albumID: album.id, caller: lara)
            let forOtto = try await list.ids(server, photoID: liked, albumID: album.id, caller: otto)
            let forAnonymous = try await list.ids(server, photoID: liked, albumID: album.id, caller: nil)

            // assert
            #expect(forLara[liked] == true)
            #expect(forLara.filter { $0.key != liked }.values.allSatisfy { !$0 })
            #expect(forOtto[liked] == false)
            #expect(forOtto.values.allSatisfy { !$0 })
            #expect(forAnonymous[liked] == false)
            #expect(forAnonymous.values.allSatisfy { !$0 })
            let expectedCount = list == .single || list == .userLikes ? 1 : 3
            #expect(forLara.count == expectedCount)
        }
    }

    @Test(arguments: Backend.available)
    func user_likes_lists_the_newest_like_first_in_pages(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup: liked in descending id order, so "newest like first" differs from any id order
            let alice = try await server.user("alice")
            let lara = try await server.user("lara")
            var ids: [String] = []
            for index in 0..<3 { ids.append(try await server.recordPhoto(owner: alice, title: "Harbour \(index)")) }
            let likeOrder = ids.sorted(by: >)
            for id in likeOrder {
                let response = try await server.client.send(.post, "/photos/\(id)/like", headers: lara.auth)
                try #require(response.status == .created)
            }

            // act
            let first = try await server.client.get("/users/lara/likes?per_page=2")
            let second = try await server.client.get("/users/lara/likes?per_page=2&page=2")

            // assert
            #expect(first.status == .ok)
            #expect(first.header("X-Total") == "3")
            #expect(first.header("X-Per-Page") == "2")
            #expect(first.links["next"].map(queryItems)?["page"] == "2")
            #expect(first.links["last"].map(queryItems)?["page"] == "2")
            #expect(second.links["next"] == nil)
            #expect(second.links["prev"].map(queryItems)?["page"] == "1")
            let listed = try first.photoIDs() + second.photoIDs()
            #expect(listed == Array(likeOrder.reversed()))
        }
    }

    @Test(arguments: Backend.available)
    func counts_stay_exact_when_200_people_like_and_unlike_at_once(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let id = try await server.recordPhoto(owner: alice, title: "Popular harbour")
            var fans: [TestUser] = []
            for index in 0..<200 { fans.append(try await server.user("fan\(index)", scope: "public write_likes")) }
            let everyone = fans

            // act
            let likeStatuses = try await Self.concurrently(everyone) { fan in
                try await Self.retryingWhileBusy {
                    try await server.client.send(.post, "/photos/\(id)/like", headers: fan.auth).status
                }
            }
            let likesAfterLiking = try await server.photo(id).likes
            let totalsAfterLiking = try await Self.totalLikes(of: everyone, in: server.store)
            let unlikeStatuses = try await Self.concurrently(everyone) { fan in
                try await Self.retryingWhileBusy {
                    try await server.client.send(.delete, "/photos/\(id)/like", headers: fan.auth).status
                }
            }
            let likesAfterUnliking = try await server.photo(id).likes
            let totalsAfterUnliking = try await Self.totalLikes(of: everyone, in: server.store)

            // assert
            // (the statuses by count in the message)
            #expect(likeStatuses.allSatisfy { $0 == .created }, "\(Self.tally(likeStatuses))")
            #expect(likesAfterLiking == 200)
            #expect(totalsAfterLiking.allSatisfy { $0 == 1 })
            #expect(unlikeStatuses.allSatisfy { $0 == .ok }, "\(Self.tally(unlikeStatuses))")
            #expect(likesAfterUnliking == 0)
            #expect(totalsAfterUnliking.allSatisfy { $0 == 0 })
        }
    }

    /// Sends again while the server answers 503, as a client honouring `Retry-After` would: on a loaded machine
    /// 200 requests at once can outwait the database pool (a run once saw 149 of 200 likes, the rest 503), and
    /// shedding load is the server's right; what must hold is that every like that lands is counted once.
    static func retryingWhileBusy(
        _ send: @Sendable () async throws -> HTTPResponse.Status
    ) async throws -> HTTPResponse.Status {
        var status = try await send()
        // No pause between tries: the pool answers 503 only after its own wait for a connection.
        for _ in 0..<20 where status == .serviceUnavailable {
            status = try await send()
        }
        return status
    }

    /// How many answers had each status, e.g. `[201: 149, 503: 51]`.
    static func tally(_ statuses: [HTTPResponse.Status]) -> [Int: Int] {
        Dictionary(grouping: statuses, by: \.code).mapValues(\.count)
    }

    static func concurrently<T: Sendable>(
        _ members: [TestUser], _ request: @escaping @Sendable (TestUser) async throws -> T
    ) async throws -> [T] {
        try await withThrowingTaskGroup(of: T.self) { group in
            for member in members { group.addTask { try await request(member) } }
            var results: [T] = []
            for try await result in group { results.append(result) }
            return results
        }
    }

    static func totalLikes(of members: [TestUser], in store: LibraryStore) async throws -> [Int] {
        var totals: [Int] = []
        for member in members { totals.append(try await store.user(id: member.id)?.totalLikes ?? -1) }
        return totals
    }
}
