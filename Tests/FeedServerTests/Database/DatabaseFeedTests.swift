import FeedLibrary
import FeedServer
import FeedStore
import Firebase
import Foundation
import TestSupport
import Testing

/// The change feed: each change reaches each subscription once, in order, on this node and on another one sharing
/// the database.
@Suite("Database change feed")
struct DatabaseFeedTests {
    /// The next `count` changes of a subscription (fewer when it ends first), failing the test when they do not
    /// come within the bound (a hang turned into a failure, not a timing assertion).
    static func next(
        _ count: Int, of subscription: DatabaseSubscription, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [DatabaseChange] {
        try await bounded("\(count) change(s) of the subscription", sourceLocation: sourceLocation) {
            var changes: [DatabaseChange] = []
            for await change in subscription {
                changes.append(change)
                if changes.count == count { break }
            }
            return changes
        }
    }

    @Test(arguments: Backend.available)
    func subscriptions_get_the_changes_that_touch_them_in_order(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { db in
            // setup: one write before, to learn the namespace
            let first = try await db.set("a/x", "0")
            let subscription = db.database.feed.subscribe(
                namespaceID: first.namespaceID, after: first.sequence, location: try path("a"))
            defer { subscription.cancel() }

            // act: writes below, beside and above the location
            try await db.set("a/x", "1")
            try await db.set("b", "2")
            try await db.set("/", #"{"a": {"y": 3}}"#)

            // assert: the two that touch it, each once
            let changes = try await Self.next(2, of: subscription)
            #expect(changes.map(\.sequence) == [first.sequence + 1, first.sequence + 3])
            #expect(changes.first?.content == .put(try path("a/x"), .number(1)))
            #expect(changes.last?.events(at: try path("a")) == [.put(.root, DatabaseNode(children: ["y": .number(3)]))])
        }
    }

    @Test(arguments: Backend.available)
    func a_subscription_from_an_earlier_snapshot_gets_what_it_missed_once(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { db in
            // setup: one subscription follows along; a second starts from before the last two writes
            let start = try await db.set("n", "0")
            let early = db.database.feed.subscribe(
                namespaceID: start.namespaceID, after: start.sequence, location: .root)
            defer { early.cancel() }
            try await db.set("n", "1")
            try await db.set("n", "2")
            _ = try await Self.next(2, of: early)

            // act
            let late = db.database.feed.subscribe(
                namespaceID: start.namespaceID, after: start.sequence, location: .root)
            defer { late.cancel() }
            try await db.set("n", "3")

            // assert: the late one gets 1, 2 and 3; the early one only 3
            #expect(
                try await Self.next(3, of: late).map(\.content)
                    == [1.0, 2, 3].map { DatabaseChange.Content.put(try! path("n"), .number($0)) })
            #expect(try await Self.next(1, of: early).map(\.sequence) == [start.sequence + 3])
        }
    }

    @Test(arguments: Backend.available)
    func a_write_on_one_node_reaches_a_subscription_on_another(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { nodeA in
            // setup: a second node on the same database, with its own clock and feed; its store closed on every path
            // (a pool dropped unclosed stops a debug build on AsyncKit's assertion, and the whole test run with it)
            let store = try await LibraryStore.open(
                url: nodeA.url, logger: DatabaseFixture.logger, timeout: TestDatabase.timeout)
            do {
                try await Self.writeReachesSecondNode(nodeA, store: store)
            } catch {
                try? await store.database.shutdown()
                throw error
            }
            try await store.database.shutdown()
        }
    }

    /// The body of the test above, with node B on `store`.
    static func writeReachesSecondNode(_ nodeA: DatabaseFixture, store: LibraryStore) async throws {
        let nodeB = DatabaseFixture.make(store: store, url: nodeA.url)
        let feed = Task { try await nodeB.database.feed.run() }
        defer { feed.cancel() }
        let first = try await nodeB.set("shared", "0")
        let subscription = nodeB.database.feed.subscribe(
            namespaceID: first.namespaceID, after: first.sequence, location: .root)
        defer { subscription.cancel() }

        // act: node A writes; node B hears of it by PostgreSQL's notification, or else by its poll
        try await nodeA.set("shared", "1")
        async let received = Self.next(1, of: subscription)
        try await waitUntil("node B's feed asleep until its poll") { nodeB.clock.sleeperCount > 0 }
        nodeB.clock.advance(by: nodeB.database.settings.pollInterval)

        // assert
        #expect(try await received.map(\.content) == [.put(try path("shared"), .number(1))])
        feed.cancel()
        try await bounded("node B's change feed's end once cancelled") { _ = await feed.result }
    }

    @Test(arguments: Backend.available)
    func a_subscription_whose_changes_were_pruned_ends(backend: Backend) async throws {
        var settings = DatabaseSettings()
        settings.changeRetention = .seconds(1)
        try await DatabaseFixture.with(backend, settings: settings) { db in
            // setup: two writes, then the log pruned past them
            let start = try await db.set("n", "0")
            try await db.set("n", "1")
            try await db.set("n", "2")
            db.clock.advance(by: .seconds(5))
            try await db.set("n", "3")
            #expect(try await db.database.pruneChanges() == 3)

            // act: a subscription that needed the pruned ones
            let subscription = db.database.feed.subscribe(
                namespaceID: start.namespaceID, after: start.sequence, location: .root)

            // assert: it ends with nothing (its listener starts again from a fresh read)
            #expect(try await Self.next(1, of: subscription).isEmpty)
        }
    }
}
