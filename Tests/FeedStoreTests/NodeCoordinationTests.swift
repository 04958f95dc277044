import FeedStore
import Foundation
import TestSupport
import Testing

/// What several nodes coordinate through: the logs of deleted photos and avatars, and the periodic jobs' runs.
@Suite("Node coordination")
struct NodeCoordinationTests {
    @Test(arguments: Backend.available)
    func every_way_of_deleting_a_photo_is_logged(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup: one photo of alice's, two of bob's
            let hers = try await TestLibrary.seed(store, count: 1, username: "alice")
            let his = try await TestLibrary.seed(store, count: 2, username: "bob")
            let start = Date().addingTimeInterval(-5)
            let alice = try #require(try await store.photo(idOrSlug: hers[0])).owner
            let bob = try #require(try await store.photo(idOrSlug: his[0])).owner

            // act: her photo deleted by her, then his account with everything in it
            _ = try await store.deletePhoto(hers[0], by: alice.id)
            _ = try await store.deleteUser(id: bob.id)

            // assert: all three logged, his through the account's deletion
            let logged = try await store.removedPhotos(since: start).map(\.photoID)
            #expect(Set(logged) == Set(hers + his))
            #expect(logged.count == 3)
            #expect(try await store.removedPhotos(since: Date().addingTimeInterval(60)).isEmpty)
        }
    }

    @Test(arguments: Backend.available)
    func replaced_avatars_and_those_of_deleted_accounts_are_logged(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup: alice with an avatar, bob with none
            let start = Date().addingTimeInterval(-5)
            let alice = try await store.ensureUser(username: "alice", firstName: "Alice")
            let bob = try await store.ensureUser(username: "bob", firstName: "Bob")
            let (first, second) = (TestLibrary.uniqueDigest(), TestLibrary.uniqueDigest())
            _ = try await store.setAvatar(userID: alice.id, sha256: first, format: "jpeg")

            // act: her avatar replaced, then set to the same again, then her account deleted; his account deleted
            _ = try await store.setAvatar(userID: alice.id, sha256: second, format: "jpeg")
            _ = try await store.setAvatar(userID: alice.id, sha256: second, format: "jpeg")
            _ = try await store.deleteUser(id: alice.id)
            _ = try await store.deleteUser(id: bob.id)

            // assert: each avatar that left, once, in order; nothing for the avatar kept or the account without one
            #expect(try await store.removedAvatars(since: start).map(\.sha256) == [first, second])
            try await store.pruneRemovedPhotos(before: Date().addingTimeInterval(60))
            #expect(try await store.removedAvatars(since: .distantPast).isEmpty)
        }
    }

    @Test(arguments: Backend.available)
    func old_deletions_are_pruned(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup
            let ids = try await TestLibrary.seed(store, count: 1)
            _ = try await store.deletePhoto(ids[0], by: try #require(try await store.photo(idOrSlug: ids[0])).owner.id)

            // act
            try await store.pruneRemovedPhotos(before: Date().addingTimeInterval(-60))
            let kept = try await store.removedPhotos(since: .distantPast)
            try await store.pruneRemovedPhotos(before: Date().addingTimeInterval(60))

            // assert
            #expect(kept.map(\.photoID) == [ids[0]])
            #expect(try await store.removedPhotos(since: .distantPast).isEmpty)
        }
    }

    @Test(arguments: Backend.available)
    func one_node_claims_each_period_of_a_job(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup
            let start = Date()

            // act: two nodes ask at once, again within the period, and after it
            let first = try await store.claimJobRun("source-sync", every: 60, holder: "a", now: start)
            let second = try await store.claimJobRun("source-sync", every: 60, holder: "b", now: start)
            let early = try await store.claimJobRun("source-sync", every: 60, holder: "b", now: start + 59)
            let due = try await store.claimJobRun("source-sync", every: 60, holder: "b", now: start + 60)
            let otherJob = try await store.claimJobRun("cleanup", every: 60, holder: "a", now: start + 1)

            // assert
            #expect((first, second, early, due, otherJob) == (true, false, false, true, true))
        }
    }

    @Test(arguments: Backend.available)
    func concurrent_claims_give_the_period_to_exactly_one(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // act
            let now = Date()
            let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
                for node in 0..<8 {
                    group.addTask {
                        try await store.claimJobRun("sweep", every: 3600, holder: "node-\(node)", now: now)
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }

            // assert
            #expect(wins == 1)
        }
    }
}

/// Rate-limit counts flushed by several nodes.
@Suite("Shared rate-limit counts")
struct SharedRateLimitCountTests {
    @Test(arguments: Backend.available)
    func a_flush_adds_every_subjects_hits_in_one_go(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup: more subjects than one statement takes
            let many = Dictionary(uniqueKeysWithValues: (0..<700).map { ("ip:10.0.\($0 / 256).\($0 % 256)", 1) })

            // act: two nodes flush, partly the same subjects
            let first = try await store.addRateLimitHits(many.merging(["app:a": 3]) { $1 }, windowStart: 3600)
            let commits = store.database.commitCount
            let second = try await store.addRateLimitHits(
                ["app:a": 2, "ip:10.0.0.1": 4, "app:b": 1], windowStart: 3600)
            let otherWindow = try await store.addRateLimitHits(["app:a": 5], windowStart: 7200)

            // assert: every subject counted, the totals add up, one commit per flush
            #expect(first.count == 701)
            #expect(first["app:a"] == 3)
            #expect(second == ["app:a": 5, "ip:10.0.0.1": 5, "app:b": 1])
            #expect(store.database.commitCount == commits + 2)
            #expect(otherWindow == ["app:a": 5])
        }
    }
}
