import FeedModels
import FeedStore
import Foundation
import Logging
import TestSupport
import Testing

/// The numeric ids of the Flickr, Pixabay and JSONPlaceholder dialects.
@Suite("Numeric ids")
struct NumericIDTests {
    static func newPhoto(owner: String, title: String) -> NewPhoto {
        NewPhoto(
            id: Identifier.make(), ownerID: owner, title: title, altDescription: nil, width: 300, height: 200,
            color: "#336699", colorName: "blue", blurHash: nil, takenAt: nil, camera: CameraSettings(), place: Place(),
            sha256: TestLibrary.uniqueDigest(), bytes: 1000, format: "jpeg", tags: [], createdAt: Date()
        )
    }

    @Test(arguments: Backend.available)
    func numbers_are_unique_under_concurrent_imports_stable_across_restarts_and_never_reused(backend: Backend)
        async throws
    {
        try await TestDatabase.withStore(backend) { store, url in
            // setup: two owners recording photos from eight tasks at once
            let owners = [
                try await store.ensureUser(username: "ann", firstName: "Ann"),
                try await store.ensureUser(username: "ben", firstName: "Ben"),
            ]
            let ids = try await withThrowingTaskGroup(of: [String].self) { group in
                for task in 0..<8 {
                    group.addTask {
                        var ids: [String] = []
                        for index in 0..<6 {
                            let photo = Self.newPhoto(owner: owners[task % 2].id, title: "p\(task)-\(index)")
                            if case .inserted(let record) = try await store.recordPhoto(photo) { ids.append(record.id) }
                        }
                        return ids
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            let album = try await store.createCollection(
                ownerID: owners[0].id, title: "Trip", description: nil, isPrivate: false)

            // act
            var numbers: [String: Int64] = [:]
            for id in ids { numbers[id] = try #require(try await store.photo(idOrSlug: id)).number }
            let reopened = try await LibraryStore.open(url: url, logger: Logger(label: "test"))
            var afterRestart: [String: Int64] = [:]
            for id in ids { afterRestart[id] = try #require(try await reopened.photo(idOrSlug: id)).number }
            let newest = try #require(numbers.max { $0.value < $1.value })
            _ = try await reopened.deletePhoto(
                newest.key, by: try #require(try await reopened.photo(idOrSlug: newest.key)).owner.id)
            guard
                case .inserted(let next) = try await reopened.recordPhoto(
                    Self.newPhoto(owner: owners[0].id, title: "after"))
            else {
                Issue.record("not inserted")
                return
            }
            let byNumber = try await reopened.photo(number: numbers[ids[0]]!)
            let nextNumber = try #require(try await reopened.photo(idOrSlug: next.id)).number
            let ownerNumbers = try await reopened.usersByNumber().map(\.number)
            let albumByNumber = try await reopened.collection(number: album.number, viewerID: nil)
            try await reopened.database.shutdown()

            // assert
            #expect(ids.count == 48)
            #expect(Set(numbers.values).count == 48, "two photos share a number")
            #expect(numbers.values.allSatisfy { $0 > 0 })
            #expect(afterRestart == numbers)
            #expect(nextNumber > newest.value, "a deleted photo's number was given again")
            #expect(byNumber?.id == ids[0])
            #expect(Set(ownerNumbers).count == 2 && ownerNumbers.allSatisfy { $0 > 0 })
            #expect(album.number > 0 && albumByNumber?.id == album.id)
        }
    }
}
