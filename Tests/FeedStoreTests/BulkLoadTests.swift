import FeedModels
import FeedStore
import Foundation
import TestSupport
import Testing

/// A library grown many rows a statement (issue 33: `imagefeed bench seed` fills ten million photos with it) reads
/// back as the same library grown one write at a time would: every counter the app shows agrees with its rows.
@Suite("Bulk loads")
struct BulkLoadTests {
    @Test(arguments: Backend.available)
    func a_load_of_members_photos_likes_and_albums_reads_back_with_its_counters(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup: a photographer; two members; three photos, liked 2, 1 and 0 times; an album of two of them
            let owner = try await store.ensureUser(username: "ada", firstName: "Ada")
            let base = Date(timeIntervalSince1970: 1_700_000_000)
            let members = (0..<2).map {
                BulkLoad.Member(
                    id: Identifier.make(), username: "member\($0)", firstName: "Member", lastName: nil, createdAt: base)
            }
            let photos = (0..<3).map { index in
                NewPhoto(
                    id: Identifier.make(), ownerID: owner.id, title: "Harbour \(index)", altDescription: nil,
                    width: 1200, height: 800, color: "#336699", colorName: "blue", blurHash: nil, takenAt: nil,
                    camera: CameraSettings(), place: Place(city: "Lisbon", latitude: 38.72, longitude: -9.14),
                    sha256: TestLibrary.uniqueDigest(), bytes: 1, format: "jpeg", tags: ["sea"],
                    createdAt: base.addingTimeInterval(TimeInterval(index)))
            }
            let likes = [
                BulkLoad.Like(userID: members[0].id, photoID: photos[0].id, likedAt: base),
                BulkLoad.Like(userID: members[1].id, photoID: photos[0].id, likedAt: base),
                BulkLoad.Like(userID: members[0].id, photoID: photos[1].id, likedAt: base.addingTimeInterval(5)),
                BulkLoad.Like(userID: members[0].id, photoID: photos[1].id, likedAt: base.addingTimeInterval(6)),
            ]
            let album = BulkLoad.Album(
                id: Identifier.make(), ownerID: members[1].id, title: "Harbours",
                photoIDs: [photos[2].id, photos[0].id],
                createdAt: base)
            let load = BulkLoad(members: members, photos: photos, likes: likes, albums: [album])

            // act: the load, then the same load again
            let first = try await store.record(load)
            let second = try await store.record(load)

            // assert: written once (the repeated like counted once), and every counter agrees with the rows
            #expect(first.members == 2 && first.photos == 3 && first.likes == 3 && first.albums == 1, "\(first)")
            #expect(second == BulkLoadCount(), "\(second)")
            #expect(try await store.photo(idOrSlug: photos[0].id)?.likes == 2)
            #expect(try await store.photo(idOrSlug: photos[1].id)?.likes == 1)
            #expect(try await store.photo(idOrSlug: photos[2].id)?.likes == 0)
            #expect(try await store.user(id: members[0].id)?.totalLikes == 2)
            #expect(try await store.user(id: members[1].id)?.totalLikes == 1)
            #expect(try await store.user(id: members[1].id)?.totalCollections == 1)
            #expect(try await store.user(id: owner.id)?.totalPhotos == 3)
            let liked = try await store.likedPhotos(ofUsername: "member0", page: PageRequest(number: 1, size: 10))
            #expect(liked.items.map(\.id) == [photos[1].id, photos[0].id])
            let saved = try await store.collection(id: album.id, ownerID: nil, likesViewerID: nil)
            #expect(saved.totalPhotos == 2)
            #expect(saved.title == "Harbours")
        }
    }

    @Test(arguments: Backend.available)
    func a_member_whose_username_an_account_holds_fails_the_load_and_writes_nothing(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup: an account named as the load's member is, whatever the case; a photo the member likes
            let owner = try await store.ensureUser(username: "Taken", firstName: "Real")
            let member = BulkLoad.Member(
                id: Identifier.make(), username: "taken", firstName: "Member", lastName: nil, createdAt: Date())
            let photo = NewPhoto(
                id: Identifier.make(), ownerID: owner.id, title: "Harbour", altDescription: nil, width: 1200,
                height: 800, color: "#336699", colorName: "blue", blurHash: nil, takenAt: nil,
                camera: CameraSettings(), place: Place(), sha256: TestLibrary.uniqueDigest(), bytes: 1,
                format: "jpeg", tags: [], createdAt: Date())
            let load = BulkLoad(
                members: [member], photos: [photo],
                likes: [BulkLoad.Like(userID: member.id, photoID: photo.id, likedAt: Date())])

            // act
            let error = await #expect(throws: StoreError.self) { try await store.record(load) }

            // assert: the conflict is named, and nothing of the load was written
            #expect(error == .conflict("The username taken is taken by another account."))
            #expect(try await store.photo(idOrSlug: photo.id) == nil)
            #expect(try await store.user(id: owner.id)?.totalPhotos == 0)
        }
    }
}
