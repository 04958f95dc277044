import FeedStore
import Foundation
import TestSupport
import Testing

/// The library generation that response caches are keyed on: every content change moves it forward, in the same
/// transaction; bookkeeping (sessions, rate limits) leaves it alone so caches survive it.
@Suite("Library generation")
struct LibraryGenerationTests {
    @Test(arguments: Backend.available)
    func content_changes_move_the_generation_forward(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            var last = try await store.libraryGeneration()
            func moved() async throws -> Bool {
                let now = try await store.libraryGeneration()
                defer { last = now }
                return now > last
            }
            let ids = try await TestLibrary.seed(store, count: 2)
            #expect(try await moved())
            let user = try await store.ensureUser(username: "lara", firstName: "Lara")
            #expect(try await moved())
            _ = try await store.like(photo: ids[0], by: user.id)
            #expect(try await moved())
            let owner = try #require(try await store.photo(idOrSlug: ids[1])).owner
            _ = try await store.updatePhoto(ids[1], by: owner.id, PhotoChanges(description: "New words", tags: ["sea"]))
            #expect(try await moved())
            let album = try await store.createCollection(
                ownerID: user.id, title: "Trips", description: nil, isPrivate: false)
            #expect(try await moved())
            _ = try await store.addPhoto(ids[0], toCollection: album.id, by: user.id)
            #expect(try await moved())
            _ = try await store.deletePhoto(ids[1], by: owner.id)
            #expect(try await moved())
        }
    }

    @Test(arguments: Backend.available)
    func sessions_and_rate_limits_leave_it_alone(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            let user = try await store.ensureUser(username: "lara", firstName: "Lara")
            let before = try await store.libraryGeneration()
            let commits = store.database.commitCount

            try await store.createSession(idHash: "session-hash", userID: user.id, expiresAt: Date() + 3600)
            _ = try await store.addRateLimitHits(["ip:127.0.0.1": 3], windowStart: 0)

            #expect(try await store.libraryGeneration() == before)
            #expect(store.database.commitCount > commits)
        }
    }
}
