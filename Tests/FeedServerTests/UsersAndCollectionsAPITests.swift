import FeedModels
import Foundation
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedServer

@Suite("Users and collections API", .fixtureLibrary)
struct UsersAndCollectionsAPITests {
    @Test(arguments: Backend.available)
    func user_has_profile_and_counters(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/users/\(FixtureLibrary.owner)")

            // assert
            #expect(response.status == .ok)
            let object = try response.object()
            for key in [
                "id", "username", "name", "first_name", "last_name", "bio", "location", "links",
                "profile_image", "total_photos", "total_collections", "total_likes",
            ] {
                #expect(object.keys.contains(key), "missing \(key)")
            }
            let user = try response.decode(User.self)
            #expect(user.username == FixtureLibrary.owner)
            #expect(user.name == "Alice")
            #expect(user.totalPhotos == server.fixtures.count)
            #expect(user.totalCollections == 2)
            #expect(user.profileImage.small.hasPrefix("http://"))
        }
    }

    @Test(arguments: Backend.available)
    func user_without_photos_has_zero_counters(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let user = try await server.client.get("/users/\(FixtureLibrary.userWithoutPhotos)").decode(User.self)

            // assert
            #expect(user.totalPhotos == 0)
            #expect(user.totalCollections == 0)
        }
    }

    @Test(arguments: Backend.available, ["/users/nobody", "/users/nobody/photos", "/users/nobody/collections"])
    func unknown_user_is_404(backend: Backend, uri: String) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get(uri)

            // assert
            #expect(response.status == .notFound)
            #expect(response.errors == ["Couldn't find User"])
        }
    }

    @Test(arguments: Backend.available)
    func user_photos_lists_their_photos_with_headers(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/users/\(FixtureLibrary.owner)/photos?per_page=5")

            // assert
            #expect(response.status == .ok)
            #expect(response.header("X-Total") == String(server.fixtures.count))
            #expect(response.header("X-Per-Page") == "5")
            #expect(Set(response.links.keys) == ["last", "next"])
            let photos = try response.decode([Photo].self)
            #expect(photos.count == 5)
            #expect(photos.allSatisfy { $0.user.username == FixtureLibrary.owner })
        }
    }

    @Test(arguments: Backend.available)
    func user_collections_has_one_album_per_folder(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/users/\(FixtureLibrary.owner)/collections")

            // assert
            #expect(response.status == .ok)
            #expect(response.header("X-Total") == "2")
            let collections = try response.decode([Collection].self)
            #expect(Set(collections.map(\.title)) == ["Nature", "City"])
            #expect(collections.allSatisfy { $0.totalPhotos == 4 })
            for collection in collections {
                let cover = try #require(collection.coverPhoto, "\(collection.title) has no cover")
                let folder = collection.title.lowercased()
                let ids = FixturePhoto.allCases.filter { $0.folder == folder }.map(server.fixtures.id)
                #expect(ids.contains(cover.id))
            }
        }
    }

    @Test(arguments: Backend.available)
    func user_without_albums_has_empty_collections(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/users/\(FixtureLibrary.userWithoutPhotos)/collections")

            // assert
            #expect(response.status == .ok)
            #expect(response.header("X-Total") == "0")
            #expect(response.header("Link") == nil)
            #expect(try response.array().isEmpty)
        }
    }

    @Test(arguments: Backend.available)
    func collections_lists_every_public_album(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/collections")

            // assert
            #expect(response.status == .ok)
            #expect(response.header("X-Total") == "2")
            let object = try #require(try response.array().first)
            for key in [
                "id", "title", "published_at", "last_collected_at", "updated_at", "total_photos", "private",
                "featured", "cover_photo", "user", "links",
            ] {
                #expect(object.keys.contains(key), "missing \(key)")
            }
            #expect(object["id"] is String)
            #expect(object["total_photos"] as? Int == 4)
        }
    }

    @Test(arguments: Backend.available)
    func collection_sends_nullable_keys_as_null(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let object = try #require(try await server.client.get("/collections").array().first)

            // assert
            for key in ["description", "share_key"] {
                #expect(object[key] is NSNull, "\(key) should be null")
            }

        }
    }

    @Test(arguments: Backend.available)
    func collection_by_id_and_its_photos(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // setup
            let collections = try await server.client.get("/collections").decode([Collection].self)
            let nature = try #require(collections.first { $0.title == "Nature" })

            // act
            let single = try await server.client.get("/collections/\(nature.id)")
            let photos = try await server.client.get("/collections/\(nature.id)/photos?per_page=3")

            // assert
            #expect(single.status == .ok)
            #expect(try single.decode(Collection.self).title == "Nature")
            #expect(try single.decode(Collection.self).totalPhotos == 4)
            #expect(photos.header("X-Total") == "4")
            #expect(Set(photos.links.keys) == ["last", "next"])
            let natureIDs = Set(FixturePhoto.allCases.filter { $0.folder == "nature" }.map(server.fixtures.id))
            #expect(try photos.decode([Photo].self).allSatisfy { natureIDs.contains($0.id) })
        }
    }

    @Test(arguments: Backend.available, ["/collections/nope", "/collections/nope/photos"])
    func unknown_collection_is_404(backend: Backend, uri: String) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get(uri)

            // assert
            #expect(response.status == .notFound)
            #expect(response.errors == ["Couldn't find Collection"])
        }
    }
}
