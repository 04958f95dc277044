import FeedModels
import FeedStore
import Foundation
import TestSupport
import Testing

@Suite("Photos, users and albums")
struct PhotoRecordTests {
    @Test(arguments: Backend.available)
    func migrations_run_once(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // the store ran them on open; a second run has nothing to do
            let again = try await store.database.migrate()
            #expect(again.isEmpty)
        }
    }

    @Test(arguments: Backend.available)
    func a_photo_is_found_by_id_or_slug_with_everything_recorded(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup
            let ids = try await TestLibrary.seed(store, count: 2) { index in
                ("Yellow flower \(index)", ["Nature", " flowers "], 800, 1200, "yellow")
            }
            // act
            let byID = try #require(try await store.photo(idOrSlug: ids[0]))
            let bySlug = try await store.photo(idOrSlug: byID.slug)
            // assert
            #expect(bySlug?.id == ids[0])
            #expect(byID.slug == "yellow-flower-0-\(ids[0])")
            #expect(byID.tags == ["flowers", "nature"])
            #expect(byID.camera.make == "Canon")
            #expect(byID.place.latitude == 38.72)
            #expect(byID.owner.username == "alice")
            #expect(byID.width == 800 && byID.height == 1200)
            #expect(try await store.photo(idOrSlug: "missing-id") == nil)
        }
    }

    @Test(arguments: Backend.available)
    func recording_the_same_bytes_twice_is_a_no_op(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup
            let owner = try await store.ensureUser(username: "bob", firstName: "Bob")
            let digest = TestLibrary.uniqueDigest()
            func photo() -> NewPhoto {
                NewPhoto(
                    id: Identifier.make(), ownerID: owner.id, title: "Dune", altDescription: nil, width: 10,
                    height: 10, color: "#000000", colorName: "black", blurHash: nil, takenAt: nil,
                    camera: CameraSettings(), place: Place(), sha256: digest, bytes: 1, format: "jpeg", tags: [],
                    createdAt: Date()
                )
            }
            // act
            let first = try await store.recordPhoto(photo())
            let second = try await store.recordPhoto(photo())
            // assert
            guard case .inserted(let record) = first else {
                Issue.record("first record was \(first)")
                return
            }
            #expect(second == .duplicate(id: record.id))
            #expect(try await store.photoCount() == 1)
            #expect(try await store.user(username: "BOB")?.totalPhotos == 1)
        }
    }

    @Test(arguments: Backend.available)
    func downloads_are_counted(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            let ids = try await TestLibrary.seed(store, count: 1)
            #expect(try await store.recordDownload(idOrSlug: ids[0])?.photoID == ids[0])
            #expect(try await store.recordDownload(idOrSlug: ids[0])?.photoID == ids[0])
            #expect(try await store.recordDownload(idOrSlug: "nope") == nil)
            #expect(try await store.photo(idOrSlug: ids[0])?.downloads == 2)
        }
    }

    @Test(arguments: Backend.available)
    func albums_collect_photos_with_a_cover_and_a_count(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup
            let owner = try await store.ensureUser(username: "carol", firstName: "Carol")
            let album = try await store.ensureCollection(ownerID: owner.id, title: "Nature")
            let again = try await store.ensureCollection(ownerID: owner.id, title: "Nature")
            var ids: [String] = []
            for index in 0..<3 {
                let photo = NewPhoto(
                    id: Identifier.make(), ownerID: owner.id, title: "Leaf \(index)", altDescription: nil,
                    width: 10, height: 10, color: "#00ff00", colorName: "green", blurHash: nil, takenAt: nil,
                    camera: CameraSettings(), place: Place(), sha256: TestLibrary.uniqueDigest(), bytes: 1,
                    format: "jpeg", tags: [], collectionIDs: [album], createdAt: Date()
                )
                if case .inserted(let record) = try await store.recordPhoto(photo) { ids.append(record.id) }
            }
            // act
            let record = try await store.collection(id: album, ownerID: nil, likesViewerID: nil)
            let photos = try await store.photos(
                inCollection: album, page: PageRequest(number: 1, size: 10), ownerID: nil, viewerID: nil)
            let ofUser = try await store.collections(ofUsername: "carol", page: PageRequest(number: 1, size: 10))
            // assert
            #expect(again == album)
            #expect(record.totalPhotos == 3)
            #expect(record.coverPhotoID == ids[0])
            #expect(record.coverPhoto?.id == ids[0])
            #expect(Set(photos.items.map(\.id)) == Set(ids))
            #expect(photos.total == 3)
            #expect(ofUser.items.map(\.id) == [album])
            #expect(try await store.user(id: owner.id)?.totalCollections == 1)
        }
    }

    @Test(arguments: Backend.available)
    func private_albums_are_visible_to_their_owner_only(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            let owner = try await store.ensureUser(username: "dave", firstName: "Dave")
            let album = try await store.ensureCollection(ownerID: owner.id, title: "Secret")
            try await store.database.transaction { db in
                try await db.raw("UPDATE collections SET private = \(true) WHERE id = \(bind: album)").run()
            }
            await #expect(throws: StoreError.notFound("Collection")) {
                try await store.collection(id: album, ownerID: nil, likesViewerID: nil)
            }
            #expect(try await store.collection(id: album, ownerID: owner.id, likesViewerID: owner.id).id == album)
            #expect(try await store.collections(page: PageRequest(number: 1, size: 10)).total == 0)
            #expect(
                try await store.collections(
                    ofUsername: "dave", page: PageRequest(number: 1, size: 10),
                    viewerID: owner.id
                ).total == 1
            )
        }
    }

    @Test(arguments: Backend.available)
    func random_photos_are_distinct_and_filtered(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup: even photos portrait, odd landscape
            try await TestLibrary.seed(store, count: 10) { index in
                ("Photo \(index)", [], index % 2 == 0 ? 600 : 1200, index % 2 == 0 ? 1200 : 600, "blue")
            }
            // act
            let some = try await store.randomPhotos(count: 4, filter: RandomFilter())
            let portraits = try await store.randomPhotos(count: 30, filter: RandomFilter(orientation: .portrait))
            // assert
            #expect(some.count == 4)
            #expect(Set(some.map(\.id)).count == 4)
            #expect(portraits.count == 5)
            #expect(portraits.allSatisfy { $0.height > $0.width })
        }
    }

    @Test(arguments: Backend.available)
    func usernames_match_ignoring_case_and_are_unique(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            let created = try await store.ensureUser(username: "Erin", firstName: "Erin")
            let again = try await store.ensureUser(username: "erin", firstName: "Someone else")
            #expect(again.id == created.id)
            #expect(try await store.user(username: "ERIN")?.id == created.id)
            #expect(try await store.user(username: "nobody") == nil)
        }
    }
}
