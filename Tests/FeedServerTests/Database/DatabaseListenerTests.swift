import FeedLibrary
import FeedServer
import FeedStore
import Firebase
import Foundation
import TestSupport
import Testing

/// Streams as REST streaming serves them: the data first, then only what changes, keep-alives, and the end of the
/// stream when the rules or the token stop allowing it.
@Suite("Database streams")
struct DatabaseListenerTests {
    /// Collects a stream's events until `count` have come.
    final class Reader: Sendable {
        let listener: DatabaseListener
        let events: AsyncStream<DatabaseStreamEvent>
        let task: Task<Void, Never>

        init(_ listener: DatabaseListener) {
            self.listener = listener
            let (events, continuation) = AsyncStream.makeStream(of: DatabaseStreamEvent.self)
            self.events = events
            task = Task {
                for await event in listener { continuation.yield(event) }
                continuation.finish()
            }
        }

        /// Stops the stream and waits until it and this reader are done (before the test's store closes).
        func stop() async {
            await listener.stop()
            await task.value
        }

        /// The next `count` events (fewer when the stream ends first), failing the test when they do not come
        /// within the bound (a hang turned into a failure, not a timing assertion).
        func next(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws
            -> [DatabaseStreamEvent]
        {
            try await bounded("\(count) event(s) of the stream", sourceLocation: sourceLocation) { [events] in
                var collected: [DatabaseStreamEvent] = []
                var iterator = events.makeAsyncIterator()
                while collected.count < count, let event = await iterator.next() { collected.append(event) }
                return collected
            }
        }
    }

    @Test(arguments: Backend.available)
    func a_stream_tells_the_data_then_only_what_changed(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { db in
            // setup
            try await db.set("users/ada", #"{"first": "Ada", "last": "L", "device": "phone"}"#)
            let ada = try await db.user("ada")
            let reader = Reader(
                try await db.database.listen(namespace: "test", path: try path("users/ada"), caller: ada))
            defer { reader.listener.close() }
            #expect(
                try await reader.next(1) == [
                    .put(.root, try node(#"{"first": "Ada", "last": "L", "device": "phone"}"#))
                ])

            // act: a set below, an update, a write elsewhere, a deletion of the location
            try await db.set("users/ada/last", #""Lovelace""#)
            try await db.database.update(
                namespace: "test", path: try path("users"),
                update: try DatabaseUpdate.parse(
                    Array(#"{"ada/first": "A.", "ada/device": null, "bob/x": 1}"#.utf8), at: try path("users")),
                caller: .admin)
            try await db.set("elsewhere", "1")
            try await db.set("users/ada", "null")

            // assert
            #expect(
                try await reader.next(3) == [
                    .put(try path("last"), .string("Lovelace")),
                    .patch(.root, ["first": .string("A."), "device": .null]),
                    .put(.root, .null),
                ])
            try await bounded("the stream's stop") { await reader.stop() }
        }
    }

    @Test(arguments: Backend.available)
    func a_quiet_stream_keeps_alive(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { db in
            let reader = Reader(try await db.database.listen(namespace: "test", path: .root, caller: .admin))
            defer { reader.listener.close() }
            _ = try await reader.next(1)
            try await waitUntil("the feed's poll and the stream's keep-alive asleep on the clock") {
                db.clock.sleeperCount >= 2
            }
            db.clock.advance(by: db.database.settings.keepAliveInterval)
            #expect(try await reader.next(1) == [.keepAlive])
            try await bounded("the stream's stop") { await reader.stop() }
        }
    }

    @Test(arguments: Backend.available)
    func a_stream_the_rules_stop_allowing_is_cancelled(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { db in
            // setup: readable while the data says so
            try await db.database.setRules(
                namespace: "test",
                source: Array(#"{"rules": {"room": {".read": "root.child('open').val() === true"}}}"#.utf8),
                caller: .admin)
            try await db.set("open", "true")
            let ada = try await db.user("ada")
            let reader = Reader(try await db.database.listen(namespace: "test", path: try path("room"), caller: ada))
            defer { reader.listener.close() }
            _ = try await reader.next(1)

            // act: a change while open, then closed (the rules are checked against the data as each change is
            // told), then a change
            try await db.set("room/a", "1")
            #expect(try await reader.next(1) == [.put(try path("a"), .number(1))])
            try await db.set("open", "false")
            try await db.set("room/b", "2")

            // assert: the cancel, then the end
            #expect(try await reader.next(2) == [.cancel])
            try await bounded("the stream's stop") { await reader.stop() }
        }
    }

    @Test(arguments: Backend.available)
    func new_rules_that_deny_cancel_a_stream(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { db in
            let ada = try await db.user("ada")
            let reader = Reader(
                try await db.database.listen(namespace: "test", path: try path("users/ada"), caller: ada))
            defer { reader.listener.close() }
            _ = try await reader.next(1)
            try await db.database.setRules(
                namespace: "test", source: Array(#"{"rules": {".read": false}}"#.utf8), caller: .admin)
            #expect(try await reader.next(2) == [.cancel])
            try await bounded("the stream's stop") { await reader.stop() }
        }
    }

    @Test(arguments: Backend.available)
    func a_stream_ends_when_its_token_expires(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { db in
            // setup: a token that expires before the first keep-alive
            let ada = try await db.user("ada", lifetime: .seconds(10))
            let reader = Reader(
                try await db.database.listen(namespace: "test", path: try path("users/ada"), caller: ada))
            defer { reader.listener.close() }
            _ = try await reader.next(1)

            // act: its expiry passes (the feed's poll, the keep-alive and the expiry are asleep)
            try await waitUntil("the feed's poll, the keep-alive and the expiry asleep on the clock") {
                db.clock.sleeperCount >= 3
            }
            db.clock.advance(by: .seconds(10))

            // assert
            #expect(try await reader.next(2) == [.authRevoked])
            try await bounded("the stream's stop") { await reader.stop() }
        }
    }

    @Test(arguments: Backend.available)
    func a_stream_ends_at_its_next_keep_alive_after_its_token_is_revoked(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { db in
            // setup
            let token = db.tokens.token(for: "ada")
            let reader = Reader(
                try await db.database.listen(
                    namespace: "test", path: try path("users/ada"), caller: try await db.database.caller(idToken: token)
                ))
            defer { reader.listener.close() }
            _ = try await reader.next(1)

            // act: signed out (say); then a keep-alive is due
            db.tokens.revoke(token)
            try await waitUntil("the feed's poll, the keep-alive and the expiry asleep on the clock") {
                db.clock.sleeperCount >= 3
            }
            db.clock.advance(by: db.database.settings.keepAliveInterval)

            // assert
            #expect(try await reader.next(3) == [.keepAlive, .authRevoked])
            try await bounded("the stream's stop") { await reader.stop() }
        }
    }

    @Test(arguments: Backend.available)
    func a_query_stream_tells_children_entering_and_leaving_its_window(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { db in
            // setup: the two lowest scores
            try await db.database.setRules(
                namespace: "test", source: Array(#"{"rules": {"scores": {".indexOn": ".value"}}}"#.utf8), caller: .admin
            )
            try await db.set("scores", #"{"a": 5, "b": 3, "c": 9}"#)
            let query = DatabaseQuery(index: .value, limit: .first(2))
            let reader = Reader(
                try await db.database.listen(namespace: "test", path: try path("scores"), query: query, caller: .admin))
            defer { reader.listener.close() }
            #expect(try await reader.next(1) == [.put(.root, try node(#"{"a": 5, "b": 3}"#))])

            // act and assert: c drops below a, and the window says so. (A query stream reads its window again for
            // each change, as it is when the change is told: writes that commit before it does are told together,
            // so each step waits for its event before the next write.)
            try await db.set("scores/c", "1")
            #expect(try await reader.next(1) == [.patch(.root, ["a": .null, "c": .number(1)])])

            // a score outside the window changes (nothing to tell), then one inside does: only the second is told
            try await db.set("scores/a", "50")
            try await db.set("scores/b", "4")
            #expect(try await reader.next(1) == [.patch(.root, ["b": .number(4)])])
            try await bounded("the stream's stop") { await reader.stop() }
        }
    }
}
