import FeedStore
import Foundation
import TestSupport
import Testing

/// The store on a disk that fills up, and its list of deletions still to do (issue 34).
@Suite("Store faults")
struct StoreFaultTests {
    @Test(.enabled(if: SizeLimitedFolder.isAvailable, "needs the right to mount a tmpfs (root)"))
    func sqlite_on_a_full_disk_refuses_writes_keeps_reads_and_recovers() async throws {
        try await SizeLimitedFolder.with(bytes: 4 << 20) { disk in
            let store = try await LibraryStore.open(url: "sqlite://\(disk.path)/library.sqlite", logger: testLogger)
            // setup: a library, and a disk with no room left
            let seeded = try await TestLibrary.seed(store, count: 3)
            try disk.fill()

            // act: writes until the database needs room it does not have (the first ones may fit in pages SQLite
            // has already), each acknowledged one remembered
            var acknowledged: [String] = []
            var refusal: (any Error)?
            for index in 0..<2000 where refusal == nil {
                do {
                    let account = try await store.createAccount(
                        NewAccount(
                            username: "person\(index)", firstName: String(repeating: "x", count: 4000),
                            lastName: "Full",
                            email: "person\(index)@example.com", passwordHash: "x"))
                    acknowledged.append(account.id)
                } catch {
                    refusal = error
                }
            }
            let readWhileFull = try await store.photo(idOrSlug: seeded[0])
            disk.free()
            let afterwards = try await store.createAccount(
                NewAccount(
                    username: "after", firstName: "After", lastName: "Full", email: "after@example.com",
                    passwordHash: "x"))

            // assert: refused as a full disk naming the folder; every acknowledged write kept; reads and, once space
            // is freed, writes work without reopening the store
            #expect(refusal as? StoreError == .diskFull(folder: disk.path), "\(String(describing: refusal))")
            #expect(readWhileFull != nil)
            for id in acknowledged { #expect(try await store.user(id: id) != nil) }
            #expect(try await store.user(id: afterwards.id) != nil)
            try await store.database.shutdown()
        }
    }

    @Test(arguments: Backend.available)
    func pending_deletions_are_kept_until_struck_off_and_put_off_when_they_fail(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup
            let now = Date()
            let ids = try await store.recordPendingDeletions(
                ["originals/ab/cd/x.jpg", "renditions/ab/abcdefghijk/"], now: now)

            // act
            let due = try await store.dueDeletions(limit: 10, now: now)
            try await store.postponePendingDeletion(ids[1], error: "S3 did not answer", until: now + 60)
            try await store.finishPendingDeletions([ids[0]])
            let dueAfter = try await store.dueDeletions(limit: 10, now: now + 1)
            let dueLater = try await store.dueDeletions(limit: 10, now: now + 61)

            // assert
            #expect(due.map(\.key) == ["originals/ab/cd/x.jpg", "renditions/ab/abcdefghijk/"])
            #expect(dueAfter.isEmpty)
            #expect(dueLater.map(\.id) == [ids[1]])
            #expect(dueLater.first?.attempts == 1)
            #expect(dueLater.first?.lastError == "S3 did not answer")
            #expect(try await store.pendingDeletionCount() == 1)
        }
    }
}
