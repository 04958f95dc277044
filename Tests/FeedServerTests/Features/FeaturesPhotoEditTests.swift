import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedServer

@Suite("Features: photo edits and deletion")
struct FeaturesPhotoEditTests {
    @Test(arguments: Backend.available)
    func the_owner_updates_a_photo_and_search_finds_the_new_words(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let id = try await server.recordPhoto(owner: alice, title: "Untitled", tags: ["draft"])
            let body = formEncoded([
                "description": "Golden cranes over the harbour", "tags": "Cranes, Dockyard",
                "location[name]": "Ribeira", "location[city]": "Porto", "location[country]": "Portugal",
                "location[latitude]": "41.140610", "location[longitude]": "-8.613520",
            ])

            // act
            let response = try await server.client.send(.put, "/photos/\(id)", headers: alice.formHeaders, body: body)

            // assert
            #expect(response.status == .ok, "\(response.text)")
            let photo = try response.decode(Photo.self)
            #expect(photo.description == "Golden cranes over the harbour")
            #expect(Set(photo.tags.map { $0.title.lowercased() }) == ["cranes", "dockyard"])
            #expect(photo.location?.name == "Ribeira")
            #expect(photo.location?.city == "Porto")
            #expect(photo.location?.country == "Portugal")
            #expect(photo.location?.position == Position(latitude: 41.140610, longitude: -8.613520))
            for query in ["golden", "harbour", "cranes", "dockyard", "porto"] {
                let search = try await server.client.get("/search/photos?query=\(query)")
                #expect(try search.searchIDs() == [id], "query \(query)")
            }
            #expect(try await server.client.get("/search/photos?query=draft").searchIDs().isEmpty)
            #expect(try await server.client.get("/photos?tags=dockyard").photoIDs() == [id])
        }
    }

    @Test(arguments: Backend.available)
    func someone_else_cannot_update_or_delete_a_photo(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let otto = try await server.user("otto")
            let id = try await server.recordPhoto(owner: alice, title: "Harbour at dawn")

            // act
            let update = try await server.client.send(
                .put, "/photos/\(id)", headers: otto.formHeaders, body: "description=Mine")
            let delete = try await server.client.send(.delete, "/photos/\(id)", headers: otto.auth)

            // assert
            #expect(update.status == .forbidden)
            #expect(update.errors.count == 1)
            #expect(delete.status == .forbidden)
            #expect(try await server.photo(id).description == "Harbour at dawn")
        }
    }

    @Test(arguments: Backend.available)
    func the_owner_deletes_a_photo_with_its_files_and_counts(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let lara = try await server.user("lara")
            let bytes = try smallJPEG(seed: 21)
            let doomed = try await server.uploadPhoto(bytes, as: alice)
            let kept = try await server.uploadPhoto(try smallJPEG(seed: 22), as: alice)
            let album = try await server.store.createCollection(
                ownerID: alice.id, title: "Trips", description: nil, isPrivate: false)
            _ = try await server.store.addPhoto(doomed.id, toCollection: album.id, by: alice.id)
            _ = try await server.store.addPhoto(kept.id, toCollection: album.id, by: alice.id)
            _ = try await server.client.send(.post, "/photos/\(doomed.id)/like", headers: lara.auth)
            let original = server.files.originalPath(sha256: sha256Hex(bytes), format: "jpeg")
            let renditionFolder = server.files.renditionPath(photoID: doomed.id, key: "")
            try #require(FileManager.default.fileExists(atPath: original))
            try #require(FileManager.default.fileExists(atPath: renditionFolder))

            // act
            let response = try await server.client.send(.delete, "/photos/\(doomed.id)", headers: alice.auth)

            // assert
            #expect(response.status == .noContent)
            #expect(response.bytes.isEmpty)
            #expect(try await server.client.get("/photos/\(doomed.id)").status == .notFound)
            #expect(!FileManager.default.fileExists(atPath: original))
            #expect(!FileManager.default.fileExists(atPath: renditionFolder))
            #expect(try await server.client.get("/users/alice").decode(User.self).totalPhotos == 1)
            #expect(try await server.client.get("/users/lara").decode(User.self).totalLikes == 0)
            let albumNow = try await server.client.get("/collections/\(album.id)").decode(FeedModels.Collection.self)
            #expect(albumNow.totalPhotos == 1)
            #expect(albumNow.coverPhoto?.id == kept.id)
            #expect(try await server.client.get("/collections/\(album.id)/photos").photoIDs() == [kept.id])
            #expect(try await server.client.get(try pathAndQuery(kept.urls.small)).status == .ok)
        }
    }
}
