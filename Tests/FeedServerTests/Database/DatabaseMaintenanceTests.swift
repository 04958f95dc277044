import FeedStore
import Firebase
import Foundation
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

/// The change log's pruning: the service forgets what is past the retention on its period, once per period across
/// the nodes, and what is still within it stays for the listeners that fell behind. The time limit only turns a hang
/// into a failure: it includes making a PostgreSQL database while the whole suite makes hundreds (a minute was
/// exceeded by a trivial test in a loaded run).
@Suite("Database maintenance", .timeLimit(.minutes(5)))
struct DatabaseMaintenanceTests {
    static var settings: DatabaseSettings {
        var settings = DatabaseSettings()
        settings.changeRetention = .seconds(30)
        return settings
    }

    /// The sequence numbers the log still holds for the namespace.
    static func logged(_ db: DatabaseFixture, _ namespaceID: Int64) async throws -> [Int64] {
        try await db.store.realtimeChanges(namespaceID: namespaceID, after: 0, limit: 100).map(\.sequence)
    }

    @Test(arguments: Backend.available)
    func the_service_prunes_only_changes_past_the_retention(backend: Backend) async throws {
        try await DatabaseFixture.with(backend, settings: Self.settings) { db in
            // setup: two changes, then 40 s later (past the 30 s retention) a third
            let first = try await db.set("n", "1")
            try await db.set("n", "2")
            db.clock.advance(by: .seconds(40))
            let third = try await db.set("n", "3")
            let service = DatabaseMaintenanceService(
                database: db.database, logger: DatabaseFixture.logger, interval: .seconds(10))
            let running = Task { try await service.run() }
            defer { running.cancel() }

            // act: the service's period comes (it and the feed's poll are asleep on the clock)
            try await waitUntil("the service and the feed's poll asleep on the clock") { db.clock.sleeperCount >= 2 }
            db.clock.advance(by: .seconds(10))

            // assert: the two old ones go, the recent one stays (the third is 10 s old)
            try await waitUntil("the old changes pruned") { try await Self.logged(db, first.namespaceID).count <= 1 }
            #expect(try await Self.logged(db, first.namespaceID) == [third.sequence])
            running.cancel()
            try await bounded("the maintenance service's end once cancelled") { _ = await running.result }
        }
    }

    @Test(arguments: Backend.available)
    func a_period_is_pruned_by_one_node_only(backend: Backend) async throws {
        try await DatabaseFixture.with(backend, settings: Self.settings) { db in
            // setup: the first node's run claims the period, on the database's clock
            let job = "rtdb-prune-changes"
            let now = Date(timeIntervalSince1970: TimeInterval(db.clock.milliseconds()) / 1000)
            let first = try await db.store.claimJobRun(job, every: 60, holder: "a", now: now)

            // act: another node within the period, then after it
            let within = try await db.store.claimJobRun(job, every: 60, holder: "b", now: now.addingTimeInterval(59))
            let after = try await db.store.claimJobRun(job, every: 60, holder: "b", now: now.addingTimeInterval(60))

            // assert
            #expect(first)
            #expect(!within)
            #expect(after)
        }
    }

    @Test(arguments: Backend.available)
    func writes_after_a_prune_number_on_and_reach_their_listeners(backend: Backend) async throws {
        try await DatabaseFixture.with(backend, settings: Self.settings) { db in
            // setup: everything pruned
            let first = try await db.set("n", "1")
            db.clock.advance(by: .seconds(60))
            #expect(try await db.database.pruneChanges() == 1)
            let subscription = db.database.feed.subscribe(
                namespaceID: first.namespaceID, after: first.sequence, location: .root)
            defer { subscription.cancel() }

            // act
            let next = try await db.set("n", "2")

            // assert: the numbering goes on from the last change, and a follower that had it misses nothing
            #expect(next.sequence == first.sequence + 1)
            let received = try await DatabaseFeedTests.next(1, of: subscription)
            #expect(received.map(\.content) == [.put(try path("n"), .number(2))])
        }
    }
}
