import FeedModels
import FeedStore
import Foundation
import Locking
import TestSupport
import Testing

/// Each use case is one store call and, when it writes, one transaction; the statement observer shows what the
/// database was sent.
@Suite("Use cases and their statements")
struct UseCaseStatementTests {
    /// The SQL of every statement `body` sends.
    static func statements(_ store: LibraryStore, _ body: () async throws -> Void) async throws -> [String] {
        let seen = Locked<[String]>([])
        store.database.observeStatements { record in seen.withLock { $0.append(record.sql) } }
        defer { store.database.observeStatements(nil) }
        try await body()
        return seen.withLock { $0 }
    }

    static func isBegin(_ sql: String) -> Bool { sql.hasPrefix("BEGIN") }

    @Test(arguments: Backend.available)
    func a_like_is_one_transaction_that_reads_its_answer(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup
            let ids = try await TestLibrary.seed(store, count: 2)
            let lara = try await store.ensureUser(username: "lara", firstName: "Lara")

            // act
            var change: LikeChange?
            let sent = try await Self.statements(store) { change = try await store.like(photo: ids[0], by: lara.id) }

            // assert: BEGIN … COMMIT around everything, and the answer is the photo and the person as they now are
            #expect(sent.first.map(Self.isBegin) == true)
            #expect(sent.last == "COMMIT")
            #expect(sent.filter(Self.isBegin).count == 1)
            #expect(sent.count <= 8, "\(sent)")
            #expect(change?.photo.likes == 1)
            #expect(change?.photo.likedByViewer == true)
            #expect(change?.user.totalLikes == 1)
        }
    }

    @Test(arguments: Backend.available)
    func the_image_lookup_is_one_statement_on_photos_alone(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            let ids = try await TestLibrary.seed(store, count: 1)
            var source: ImageSource?
            let sent = try await Self.statements(store) { source = try await store.imageSource(idOrSlug: ids[0]) }
            #expect(sent.count == 1)
            #expect(sent.first?.contains("JOIN") == false)
            #expect(source?.photoID == ids[0])
        }
    }

    @Test(arguments: Backend.available)
    func unknown_photos_are_not_found_and_leave_nothing_behind(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            let lara = try await store.ensureUser(username: "lara", firstName: "Lara")
            await #expect(throws: StoreError.notFound("Photo")) {
                try await store.like(photo: "NoSuchPhoto", by: lara.id)
            }
            await #expect(throws: StoreError.notFound("Photo")) {
                try await store.updatePhoto("NoSuchPhoto", by: lara.id, PhotoChanges(description: "x"))
            }
            #expect(try await store.imageSource(idOrSlug: "NoSuchPhoto") == nil)
            #expect(try await store.user(id: lara.id)?.totalLikes == 0)
        }
    }

    @Test(arguments: Backend.available)
    func someone_elses_photo_cannot_be_changed_or_deleted(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            let ids = try await TestLibrary.seed(store, count: 1)
            let mallory = try await store.ensureUser(username: "mallory", firstName: "Mallory")
            await #expect(throws: StoreError.notOwner("photos")) {
                try await store.updatePhoto(ids[0], by: mallory.id, PhotoChanges(description: "mine now"))
            }
            await #expect(throws: StoreError.notOwner("photos")) { try await store.deletePhoto(ids[0], by: mallory.id) }
            #expect(try await store.photo(idOrSlug: ids[0])?.description == "Photo number 0")
        }
    }

    @Test(arguments: Backend.available)
    func many_photos_are_recorded_at_once_and_found_like_one(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup: 700 photos (more than one statement's worth) by two owners, one of them already recorded
            let ada = try await store.ensureUser(username: "ada", firstName: "Ada", lastName: "Lovelace")
            let bob = try await store.ensureUser(username: "bob", firstName: "Bob")
            let base = Date(timeIntervalSince1970: 1_700_000_000)
            func photo(_ index: Int) -> NewPhoto {
                let owner: String = index % 2 == 0 ? ada.id : bob.id
                let title: String = index == 5 ? "Lighthouse at dusk" : "Photo \(index)"
                let tags: [String] = index % 7 == 0 ? ["Sea", "sea", "harbour"] : []
                return NewPhoto(
                    id: Identifier.make(), ownerID: owner, title: title, altDescription: nil, width: 1200, height: 800,
                    color: "#336699", colorName: "blue", blurHash: nil, takenAt: nil, camera: CameraSettings(),
                    place: Place(), sha256: TestLibrary.uniqueDigest(), bytes: 1, format: "jpeg", tags: tags,
                    createdAt: base.addingTimeInterval(TimeInterval(index)))
            }
            let photos = (0..<700).map(photo)
            guard case .inserted = try await store.recordPhoto(photos[0]) else {
                Issue.record("not recorded")
                return
            }

            // act
            let recorded = try await store.recordPhotos(photos)
            let again = try await store.recordPhotos(photos)

            // assert: the one already there and the second round are skipped; counts, tags and search all hold
            #expect(recorded == 699)
            #expect(again == 0)
            #expect(try await store.photoCount() == 700)
            #expect(try await store.user(id: ada.id)?.totalPhotos == 350)
            #expect(try await store.user(id: bob.id)?.totalPhotos == 350)
            let page = PageRequest(number: 1, size: 5)
            #expect(
                try await store.searchPhotos(PhotoSearch(text: "lighthouse"), page: page).page.items.map(\.id)
                    == [photos[5].id])
            #expect(try await store.searchPhotos(PhotoSearch(text: "lovelace"), page: page).page.total == 350)
            let tagged = try await store.feed(order: .latest, page: page, filter: PhotoFilter(tags: ["sea"]))
            #expect(tagged.total == 100)
            #expect(tagged.items.first?.tags == ["harbour", "sea"])
        }
    }
}
