import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedServer

/// Following, people and album search, related albums, the complete objects and who may call the API.
@Suite("People, albums and clients API")
struct PeopleAndClientsAPITests {
    @Test(arguments: Backend.available)
    func following_someone_fills_the_following_feed_and_their_counts(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let bob = try await server.user("bob")
            let readOnly = try await server.user("carol", scope: "public read_user")
            let photo = try await server.recordPhoto(owner: alice, title: "Dunes")
            try await server.recordPhoto(owner: bob, title: "Not followed")

            // act
            let before = try await server.client.get("/photos?feed=following", headers: bob.auth)
            let follow = try await server.client.send(.post, "/users/alice/follow", headers: bob.auth)
            let again = try await server.client.send(.post, "/users/ALICE/follow", headers: bob.auth)
            let after = try await server.client.get("/photos?feed=following", headers: bob.auth)
            let followers = try await server.client.get("/users/alice/followers")
            let following = try await server.client.get("/users/bob/following")
            let profile = try await server.client.get("/users/alice", headers: bob.auth).object()
            let unfollow = try await server.client.send(.delete, "/users/alice/follow", headers: bob.auth)
            let afterUnfollow = try await server.client.get("/photos?feed=following", headers: bob.auth)

            // assert
            #expect(before.status == .ok && before.header("X-Total") == "0")
            #expect(follow.status == .created && again.status == .created)
            let followed = try follow.object()
            #expect(followed["username"] as? String == "alice" && followed["followed_by_user"] as? Bool == true)
            #expect(followed["followers_count"] as? Int == 1)
            #expect(try after.photoIDs() == [photo])
            #expect(try followers.decode([User].self).map(\.username) == ["bob"] && followers.header("X-Total") == "1")
            #expect(try following.decode([User].self).map(\.username) == ["alice"])
            #expect(profile["followers_count"] as? Int == 1 && profile["following_count"] as? Int == 0)
            #expect(profile["followed_by_user"] as? Bool == true)
            let unfollowed = try unfollow.object()
            #expect(unfollow.status == .ok && unfollowed["followed_by_user"] as? Bool == false)
            #expect(afterUnfollow.header("X-Total") == "0")
            // who may follow: a token with write_followers; not oneself, not anonymously; the feed is personal
            #expect(
                try await server.client.send(.post, "/users/alice/follow", headers: readOnly.auth).status == .forbidden)
            #expect(try await server.client.send(.post, "/users/alice/follow").status == .unauthorized)
            let selfFollow = try await server.client.send(.post, "/users/bob/follow", headers: bob.auth)
            #expect(selfFollow.status == .unprocessableContent && selfFollow.errors == ["You can't follow yourself."])
            #expect(try await server.client.send(.post, "/users/nobody/follow", headers: bob.auth).status == .notFound)
            #expect(try await server.client.get("/photos?feed=following").status == .unauthorized)
            #expect(try await server.client.get("/photos?feed=everyone", headers: bob.auth).status == .badRequest)
        }
    }

    @Test(arguments: Backend.available)
    func people_and_albums_are_searched_and_albums_related(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup: two public albums sharing a photo, a private one
            let alice = try await server.user("alice")
            let photo = try await server.recordPhoto(owner: alice, title: "Lighthouse", tags: ["coast"])
            var albums: [String] = []
            for (title, isPrivate) in [("Coastal walks", false), ("Lighthouses", false), ("Coastal secrets", true)] {
                let album = try await server.store.createCollection(
                    ownerID: alice.id, title: title, description: nil, isPrivate: isPrivate)
                _ = try await server.store.addPhoto(photo, toCollection: album.id, by: alice.id)
                albums.append(album.id)
            }

            // act
            let people = try await server.client.get("/search/users?query=lovel")
            let found = try await server.client.get("/search/collections?query=coastal")
            let byTag = try await server.client.get("/search/collections?query=coast")
            let related = try await server.client.get("/collections/\(albums[0])/related")
            let single = try await server.client.get("/collections/\(albums[0])").object()
            let missingQuery = try await server.client.get("/search/users")

            // assert
            let results = try people.decode(SearchResults<User>.self)
            #expect(
                results.total == 1 && results.results.map(\.username) == ["alice"] && people.header("X-Total") == "1")
            let albumsFound = try found.decode(SearchResults<FeedModels.Collection>.self)
            #expect(albumsFound.results.map(\.id) == [albums[0]])
            #expect(try byTag.decode(SearchResults<FeedModels.Collection>.self).total == 2)
            #expect(try related.decode([FeedModels.Collection].self).map(\.id) == [albums[1]])
            let album = try #require(albumsFound.results.first)
            #expect(album.tags.map(\.title) == ["coast"] && album.previewPhotos?.map(\.id) == [photo] && !album.curated)
            #expect(album.links.related.hasSuffix("/collections/\(albums[0])/related"))
            let meta = try #require(single["meta"] as? [String: Any])
            #expect((meta["title"] as? String)?.hasPrefix("Coastal walks") == true && meta["index"] as? Bool == true)
            #expect(meta["canonical"] is NSNull)
            #expect(missingQuery.status == .badRequest && missingQuery.errors == ["query is missing"])
            // python-unsplash's legacy album paths
            #expect(try await server.client.get("/collections/featured").header("X-Total") == "2")
            #expect(try await server.client.get("/collections/curated/\(albums[1])").status == .ok)
            #expect(try await server.client.get("/collections/curated/\(albums[1])/photos").photoIDs() == [photo])
        }
    }

    @Test(arguments: Backend.available)
    func users_and_me_carry_every_field_of_the_reference(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            for title in ["One", "Two", "Three", "Four"] { try await server.recordPhoto(owner: alice, title: title) }

            // act
            let me = try await server.client.get("/me", headers: alice.auth).object()
            let full = try await server.client.get("/users/alice").object()
            let basic = try #require(
                try await server.client.get("/users/alice/photos").array().first?["user"] as? [String: Any])

            // assert
            #expect(me["uid"] as? String == alice.id && me["unlimited_uploads"] as? Bool == true)
            #expect((me["uploads_remaining"] as? Int ?? 0) > 0 && me["email"] as? String == alice.email)
            for key in [
                "followers_count", "following_count", "downloads", "followed_by_user", "photos", "badge", "tags",
                "allow_messages", "numeric_id", "social",
            ] {
                #expect(full.keys.contains(key), "full user lacks \(key)")
                #expect(me.keys.contains(key), "/me lacks \(key)")
            }
            #expect((full["photos"] as? [[String: Any]])?.count == 3)
            #expect(full["uid"] == nil && full["email"] == nil)
            #expect(basic["followers_count"] == nil && basic["social"] is [String: Any])
            let links = try #require(basic["links"] as? [String: String])
            #expect(links["followers"]?.hasSuffix("/users/alice/followers") == true)
            #expect(links["following"]?.hasSuffix("/users/alice/following") == true)
        }
    }

    @Test(arguments: Backend.available)
    func an_unknown_client_id_is_refused_and_never_gets_a_bucket(backend: Backend) async throws {
        try await withTestServer(backend, configure: { $0.rateLimitPerHour = 4 }) { server in
            // setup
            let app = try await server.registerApp(name: "Known")

            // act: two made-up keys (header and query), then an anonymous call and a registered app's
            let madeUp = try await server.client.get("/photos", headers: [.authorization: "Client-ID made-up-1"])
            let madeUpQuery = try await server.client.get("/photos?client_id=made-up-2")
            let anonymous = try await server.client.get("/photos")
            let known = try await server.client.get("/photos", headers: [.authorization: "Client-ID \(app.key)"])

            // assert: refused as Unsplash does, and counted against the address, as the anonymous call is
            for refused in [madeUp, madeUpQuery] {
                #expect(refused.status == .unauthorized)
                #expect(refused.errors == ["OAuth error: The access token is invalid"])
            }
            #expect(madeUp.header("X-Ratelimit-Remaining") == "3" && madeUpQuery.header("X-Ratelimit-Remaining") == "2")
            #expect(anonymous.status == .ok && anonymous.header("X-Ratelimit-Remaining") == "1")
            #expect(known.status == .ok && known.header("X-Ratelimit-Remaining") == "3")
        }
    }

    @Test(arguments: Backend.available)
    func a_server_that_requires_keys_refuses_anonymous_callers(backend: Backend) async throws {
        try await withTestServer(backend, configure: { $0.requireClientID = true }) { server in
            // setup
            let app = try await server.registerApp(name: "Known")
            let alice = try await server.user("alice")

            // act
            let anonymous = try await server.client.get("/photos")
            let withKey = try await server.client.get("/photos?client_id=\(app.key)")
            let withToken = try await server.client.get("/me", headers: alice.auth)

            // assert
            #expect(
                anonymous.status == .unauthorized && anonymous.errors == ["OAuth error: The access token is invalid"])
            #expect(withKey.status == .ok && withToken.status == .ok)
        }
    }
}
