import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedServer

/// The add and remove answer.
struct MembershipAnswer: Decodable {
    let photo: Photo
    let collection: FeedModels.Collection
    let user: User
    let createdAt: Date

    enum CodingKeys: String, CodingKey {
        case photo, collection, user
        case createdAt = "created_at"
    }
}

@Suite("Features: albums")
struct FeaturesAlbumTests {
    /// How a write request carries its parameters: python-unsplash forms, OpenAPI JSON, unsplash_rb the query.
    enum Carrier: String, CaseIterable, Sendable {
        case form, json, query

        func send(
            _ server: TestServer, _ method: HTTPRequest.Method, _ path: String, _ values: [String: String],
            as member: TestUser
        ) async throws -> TestResponse {
            let pairs = values.sorted { $0.key < $1.key }
            switch self {
            case .form:
                let body = pairs.map { formEncoded([$0.key: $0.value]) }.joined(separator: "&")
                return try await server.client.send(method, path, headers: member.formHeaders, body: body)
            case .json:
                let data = try JSONSerialization.data(withJSONObject: values, options: [.sortedKeys])
                return try await server.client.send(
                    method, path, headers: member.auth.merging([.contentType: "application/json"]),
                    body: String(decoding: data, as: UTF8.self))
            case .query:
                let query = pairs.map { formEncoded([$0.key: $0.value]) }.joined(separator: "&")
                return try await server.client.send(method, path + "?" + query, headers: member.auth)
            }
        }
    }

    func createAlbum(_ server: TestServer, _ owner: TestUser, title: String, isPrivate: Bool = false) async throws
        -> FeedModels.Collection
    {
        let response = try await Carrier.form.send(
            server, .post, "/collections", ["title": title, "private": isPrivate ? "true" : "false"], as: owner)
        try #require(response.status == .created, "create failed: \(response.status) \(response.text)")
        return try response.decode(FeedModels.Collection.self)
    }

    @Test(arguments: Backend.available, Carrier.allCases)
    func creating_an_album_answers_201_with_the_album(backend: Backend, carrier: Carrier) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")

            // act
            let response = try await carrier.send(
                server, .post, "/collections", ["title": "Trips", "description": "Summer 2024"], as: alice)

            // assert
            #expect(response.status == .created)
            let album = try response.decode(FeedModels.Collection.self)
            #expect(album.title == "Trips")
            #expect(album.description == "Summer 2024")
            #expect(!album.private)
            #expect(album.totalPhotos == 0)
            #expect(album.coverPhoto == nil)
            #expect(album.user.username == "alice")
            #expect(album.links.photos.hasSuffix("/collections/\(album.id)/photos"))
            let object = try response.object()
            for key in [
                "id", "title", "description", "published_at", "updated_at", "total_photos", "private",
                "cover_photo", "user", "links",
            ] {
                #expect(object[key] != nil, "album lacks \(key)")
            }
            let fetched = try await server.client.get("/collections/\(album.id)")
            #expect(fetched.status == .ok)
            #expect(try fetched.decode(FeedModels.Collection.self).title == "Trips")
            #expect(try await server.client.get("/users/alice").object()["total_collections"] as? Int == 1)
        }
    }

    @Test(arguments: [("False", false), ("false", false), ("0", false), ("true", true), ("True", true), ("1", true)])
    func private_reads_the_booleans_clients_send(raw: String, expected: Bool) async throws {
        try await withTestServer(.sqlite) { server in
            // setup
            let alice = try await server.user("alice")

            // act
            let response = try await Carrier.form.send(
                server, .post, "/collections", ["title": "Trips", "private": raw], as: alice)

            // assert
            #expect(response.status == .created)
            #expect(try response.decode(FeedModels.Collection.self).private == expected)
        }
    }

    @Test
    func private_reads_a_json_boolean() async throws {
        try await withTestServer(.sqlite) { server in
            // setup
            let alice = try await server.user("alice")

            // act
            let response = try await server.client.send(
                .post, "/collections", headers: alice.auth.merging([.contentType: "application/json"]),
                body: #"{"title": "Secret", "private": true}"#)

            // assert
            #expect(response.status == .created)
            #expect(try response.decode(FeedModels.Collection.self).private)
        }
    }

    @Test(arguments: Backend.available, ["", "   ", nil] as [String?])
    func a_blank_title_is_422(backend: Backend, title: String?) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            var values = ["description": "No title"]
            values["title"] = title

            // act
            let response = try await Carrier.form.send(server, .post, "/collections", values, as: alice)

            // assert
            #expect(response.status == .unprocessableContent)
            #expect(response.errors.count == 1)
            #expect(
                try await server.client.get("/users/alice/collections", headers: alice.auth).header("X-Total") == "0")
        }
    }

    @Test(arguments: Backend.available)
    func a_duplicate_title_is_409(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            _ = try await createAlbum(server, alice, title: "Trips")
            let other = try await createAlbum(server, alice, title: "Other")

            // act
            let created = try await Carrier.form.send(server, .post, "/collections", ["title": "Trips"], as: alice)
            let renamed = try await Carrier.form.send(
                server, .put, "/collections/\(other.id)", ["title": "Trips"], as: alice)

            // assert
            #expect(created.status == .conflict)
            #expect(created.errors.count == 1)
            #expect(renamed.status == .conflict)
        }
    }

    @Test(arguments: Backend.available, Carrier.allCases)
    func updating_an_album_answers_200_with_the_changes(backend: Backend, carrier: Carrier) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let album = try await createAlbum(server, alice, title: "Trips")

            // act
            let response = try await carrier.send(
                server, .put, "/collections/\(album.id)",
                ["title": "Journeys", "description": "Far away", "private": "True"], as: alice)

            // assert
            #expect(response.status == .ok)
            let updated = try response.decode(FeedModels.Collection.self)
            #expect(updated.id == album.id)
            #expect(updated.title == "Journeys")
            #expect(updated.description == "Far away")
            #expect(updated.private)
        }
    }

    @Test(arguments: Backend.available)
    func deleting_an_album_answers_204_with_an_empty_body(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let album = try await createAlbum(server, alice, title: "Trips")

            // act
            let response = try await server.client.send(.delete, "/collections/\(album.id)", headers: alice.auth)

            // assert
            #expect(response.status == .noContent)
            #expect(response.bytes.isEmpty)
            #expect(try await server.client.get("/collections/\(album.id)").status == .notFound)
            #expect(try await server.client.get("/users/alice").object()["total_collections"] as? Int == 0)
        }
    }

    @Test(arguments: Backend.available)
    func private_albums_exist_only_for_their_owner(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let otto = try await server.user("otto")
            let shown = try await createAlbum(server, alice, title: "Shown")
            let hidden = try await createAlbum(server, alice, title: "Hidden", isPrivate: true)

            // act
            let ownerView = try await server.client.get("/collections/\(hidden.id)", headers: alice.auth)
            let ownerPhotos = try await server.client.get("/collections/\(hidden.id)/photos", headers: alice.auth)
            let ottoView = try await server.client.get("/collections/\(hidden.id)", headers: otto.auth)
            let ottoPhotos = try await server.client.get("/collections/\(hidden.id)/photos", headers: otto.auth)
            let anonymousView = try await server.client.get("/collections/\(hidden.id)")
            let publicList = try await server.client.get("/collections", headers: otto.auth)
            let ownerList = try await server.client.get("/users/alice/collections", headers: alice.auth)
            let othersList = try await server.client.get("/users/alice/collections", headers: otto.auth)
            let anonymousList = try await server.client.get("/users/alice/collections")

            // assert
            #expect(ownerView.status == .ok)
            #expect(ownerPhotos.status == .ok)
            #expect(ottoView.status == .notFound)
            #expect(ottoView.errors == ["Couldn't find Collection"])
            #expect(ottoPhotos.status == .notFound)
            #expect(anonymousView.status == .notFound)
            #expect(try publicList.decode([FeedModels.Collection].self).map(\.id) == [shown.id])
            #expect(publicList.header("X-Total") == "1")
            #expect(Set(try ownerList.decode([FeedModels.Collection].self).map(\.id)) == [shown.id, hidden.id])
            #expect(try othersList.decode([FeedModels.Collection].self).map(\.id) == [shown.id])
            #expect(othersList.header("X-Total") == "1")
            #expect(try anonymousList.decode([FeedModels.Collection].self).map(\.id) == [shown.id])
        }
    }

    @Test(arguments: Backend.available)
    func cover_and_total_photos_follow_adds_and_removes(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let first = try await server.recordPhoto(owner: alice, title: "First")
            let second = try await server.recordPhoto(owner: alice, title: "Second")
            let album = try await createAlbum(server, alice, title: "Trips")
            let path = "/collections/\(album.id)"

            // act
            let addFirst = try await Carrier.form.send(server, .post, path + "/add", ["photo_id": first], as: alice)
            let addSecond = try await Carrier.form.send(server, .post, path + "/add", ["photo_id": second], as: alice)
            let removeFirst = try await server.client.send(
                .delete, path + "/remove?photo_id=\(first)", headers: alice.auth)
            let removeSecond = try await Carrier.form.send(
                server, .delete, path + "/remove", ["photo_id": second], as: alice)

            // assert
            #expect(addFirst.status == .created)
            let added = try addFirst.decode(MembershipAnswer.self)
            #expect(added.photo.id == first)
            #expect(added.user.username == "alice")
            #expect(added.collection.totalPhotos == 1)
            #expect(added.collection.coverPhoto?.id == first)
            #expect(abs(added.createdAt.timeIntervalSinceNow) < 3600)
            let afterSecond = try addSecond.decode(MembershipAnswer.self).collection
            #expect(afterSecond.totalPhotos == 2)
            #expect(afterSecond.coverPhoto?.id == first)
            #expect(removeFirst.status == .ok)
            let removed = try removeFirst.decode(MembershipAnswer.self)
            #expect(removed.photo.id == first)
            #expect(removed.collection.totalPhotos == 1)
            #expect(removed.collection.coverPhoto?.id == second)
            #expect(removeSecond.status == .ok)
            let empty = try removeSecond.decode(MembershipAnswer.self).collection
            #expect(empty.totalPhotos == 0)
            #expect(empty.coverPhoto == nil)
            let listed = try await server.client.get(path + "/photos")
            #expect(listed.header("X-Total") == "0")
        }
    }

    @Test(arguments: Backend.available)
    func album_photos_list_the_added_photos(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let ids = [
                try await server.recordPhoto(owner: alice, title: "First"),
                try await server.recordPhoto(owner: alice, title: "Second"),
            ]
            let album = try await createAlbum(server, alice, title: "Trips")
            for id in ids {
                _ = try await Carrier.form.send(
                    server, .post, "/collections/\(album.id)/add", ["photo_id": id], as: alice)
            }

            // act
            let response = try await server.client.get("/collections/\(album.id)/photos")

            // assert
            #expect(response.status == .ok)
            #expect(response.header("X-Total") == "2")
            #expect(Set(try response.photoIDs()) == Set(ids))
        }
    }

    @Test(arguments: Backend.available)
    func changing_another_persons_album_is_403(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let otto = try await server.user("otto")
            let photo = try await server.recordPhoto(owner: alice, title: "First")
            let album = try await createAlbum(server, alice, title: "Trips")
            let path = "/collections/\(album.id)"
            _ = try await Carrier.form.send(server, .post, path + "/add", ["photo_id": photo], as: alice)

            // act
            let update = try await Carrier.form.send(server, .put, path, ["title": "Mine now"], as: otto)
            let add = try await Carrier.form.send(server, .post, path + "/add", ["photo_id": photo], as: otto)
            let remove = try await server.client.send(.delete, path + "/remove?photo_id=\(photo)", headers: otto.auth)
            let delete = try await server.client.send(.delete, path, headers: otto.auth)

            // assert
            #expect(
                [update.status, add.status, remove.status, delete.status] == Array(repeating: .forbidden, count: 4))
            #expect(delete.errors.count == 1)
            let unchanged = try await server.client.get(path).decode(FeedModels.Collection.self)
            #expect(unchanged.title == "Trips")
            #expect(unchanged.totalPhotos == 1)
        }
    }

    @Test(
        arguments: Backend.available,
        [
            ("sun", ["Sunset over Lisbon", "Sunny meadow"]), ("SUNSET", ["Sunset over Lisbon"]),
            ("mead", ["Sunny meadow"]), ("harb", ["Harbour at dawn"]), ("lisbon", ["Sunset over Lisbon"]),
            ("zebra", []),
        ])
    func album_photos_filter_by_title_as_you_type(backend: Backend, search: (String, [String])) async throws {
        let (query, expected) = search
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let album = try await createAlbum(server, alice, title: "Trips")
            let elsewhere = try await server.recordPhoto(owner: alice, title: "Sunset elsewhere")
            var idsByTitle: [String: String] = [:]
            for title in ["Sunset over Lisbon", "Sunny meadow", "Harbour at dawn"] {
                let id = try await server.recordPhoto(owner: alice, title: title)
                idsByTitle[title] = id
                _ = try await server.store.addPhoto(id, toCollection: album.id, by: alice.id)
            }

            // act
            let response = try await server.client.get(
                "/collections/\(album.id)/photos?query=\(query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
            )

            // assert
            #expect(response.status == .ok)
            let found = try response.photoIDs()
            #expect(Set(found) == Set(expected.compactMap { idsByTitle[$0] }))
            #expect(!found.contains(elsewhere))
            #expect(response.header("X-Total") == String(expected.count))
        }
    }

    @Test(arguments: Backend.available)
    func a_users_profile_carries_their_location(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let update = try await server.client.send(
                .put, "/me", headers: alice.formHeaders, body: "location=Lisbon%2C+Portugal")
            try #require(update.status == .ok)

            // act
            let response = try await server.client.get("/users/alice")

            // assert
            #expect(response.status == .ok)
            #expect(try response.decode(User.self).location == "Lisbon, Portugal")
            #expect(try response.object()["location"] as? String == "Lisbon, Portugal")
        }
    }
}
