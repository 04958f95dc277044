import FeedLibrary
import FeedServer
import FeedStore
import Firebase
import Foundation
import TestSupport
import Testing

/// Writes through the service: server values, conditions, pushes, updates, priorities, sizes, all or nothing.
@Suite("Database writes")
struct DatabaseWriteTests {
    @Test(arguments: Backend.available)
    func server_values_are_filled_in_from_the_clock_and_the_data(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { db in
            // setup
            try await db.set("count", "41")

            // act
            let written = try await db.set(
                "/",
                #"{"count": {".sv": {"increment": 1}}, "at": {".sv": "timestamp"}, "fresh": {".sv": {"increment": 5}}}"#
            )

            // assert
            let expected = try node(#"{"count": 42, "at": \#(db.clock.milliseconds()), "fresh": 5}"#)
            #expect(written.node == expected)
            #expect(try await db.get("/") == expected)
        }
    }

    @Test(arguments: Backend.available)
    func concurrent_increments_lose_nothing(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { db in
            // act: 40 increments from 8 concurrent writers, as a set and as an update
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<8 {
                    group.addTask {
                        for round in 0..<5 {
                            if (writer + round) % 2 == 0 {
                                try await db.set("counter", #"{".sv": {"increment": 1}}"#)
                            } else {
                                try await db.database.update(
                                    namespace: "test", path: .root,
                                    update: try DatabaseUpdate.parse(
                                        Array(#"{"counter": {".sv": {"increment": 1}}}"#.utf8), at: .root),
                                    caller: .admin)
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }

            // assert
            #expect(try await db.get("counter") == .number(40))
        }
    }

    @Test(arguments: Backend.available)
    func conditional_writes_hold_only_against_the_etag_read(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { db in
            // setup: the ETag of nothing, then of a value
            let nothing = RealtimeDatabase.etag(of: try await db.get("x"))
            #expect(nothing == "null_etag")
            try await db.database.set(
                namespace: "test", path: try path("x"), value: DatabaseInput(.number(1)), caller: .admin,
                ifMatch: nothing)
            let one = RealtimeDatabase.etag(of: try await db.get("x"))

            // act: a stale ETag, then the current one (quoted, as some clients send it)
            let stale = await #expect(throws: DatabaseServiceError.self) {
                try await db.database.set(
                    namespace: "test", path: try path("x"), value: DatabaseInput(.number(3)), caller: .admin,
                    ifMatch: nothing)
            }
            try await db.database.set(
                namespace: "test", path: try path("x"), value: DatabaseInput(.number(2)), caller: .admin,
                ifMatch: "\"\(one)\"")

            // assert: 412 with the value and ETag then current; the fresh one wrote
            #expect(stale?.status == 412)
            #expect(stale?.current == ConditionalWriteFailure(node: .number(1), etag: one))
            #expect(try await db.get("x") == .number(2))
            #expect(one != nothing)
        }
    }

    @Test(arguments: Backend.available)
    func pushes_make_time_ordered_unique_ids(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { db in
            var names: [String] = []
            for number in 0..<5 {
                names.append(
                    try await db.database.push(
                        namespace: "test", path: try path("list"), value: DatabaseInput(.number(Double(number))),
                        caller: .admin))
                db.clock.advance(by: .milliseconds(number % 2))
            }
            #expect(names.allSatisfy { $0.count == 20 })
            #expect(names == names.sorted())
            #expect(Set(names).count == 5)
            #expect(PushIDGenerator.timestamp(of: names[0]) == db.clock.milliseconds() - 2)
            let list = try await db.get("list")
            #expect(names.map { list.child($0) } == (0..<5).map { .number(Double($0)) })
        }
    }

    @Test(arguments: Backend.available)
    func updates_replace_only_their_paths_and_echo_them(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { db in
            // setup
            try await db.set("u", #"{"name": {"first": "Ada", "last": "L"}, "age": 36, "keep": true}"#)

            // act
            let result = try await db.database.update(
                namespace: "test", path: try path("u"),
                update: try DatabaseUpdate.parse(
                    Array(#"{"name/last": "Lovelace", "age": null, "tags/a": 1}"#.utf8), at: try path("u")),
                caller: .admin)

            // assert
            #expect(
                try await db.get("u")
                    == (try node(#"{"name": {"first": "Ada", "last": "Lovelace"}, "keep": true, "tags": {"a": 1}}"#)))
            #expect(result.node == DatabaseNode(children: ["name/last": .string("Lovelace"), "tags/a": .number(1)]))
        }
    }

    @Test(arguments: Backend.available)
    func priorities_are_written_and_read_at_their_paths(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { db in
            try await db.set("a", #"{"b": 1}"#)
            try await db.set("a/.priority", "7")
            try await db.set("nothing/.priority", "7")
            #expect(try await db.get("a/.priority") == .number(7))
            #expect(try await db.get("a") == DatabaseNode(children: ["b": .number(1)], priority: .number(7)))
            #expect(try await db.get("nothing").isNull)
            await #expect(throws: DatabaseServiceError.self) { try await db.set("a/.priority", "true") }
        }
    }

    @Test(arguments: Backend.available)
    func writes_over_their_size_limit_are_refused_whole(backend: Backend) async throws {
        var settings = DatabaseSettings()
        settings.writeNodesPerSecond = 10
        try await DatabaseFixture.with(backend, settings: settings) { db in
            // setup: 12 nodes, written without a limit
            let big = "{" + (0..<11).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}"
            try await db.database.set(
                namespace: "test", path: try path("big"),
                value: try DatabaseInput.parse(Array(big.utf8), at: try path("big")),
                caller: .admin, sizeLimit: .unlimited)

            // act: deleting them with tiny (10 nodes), then writing 9 nodes with tiny
            let refused = await #expect(throws: DatabaseServiceError.self) {
                try await db.database.set(
                    namespace: "test", path: try path("big"), value: DatabaseInput(.null), caller: .admin,
                    sizeLimit: .tiny)
            }
            try await db.database.set(
                namespace: "test", path: try path("small"),
                value: try DatabaseInput.parse(Array("[1,2,3,4,5,6,7,8]".utf8), at: try path("small")),
                caller: .admin, sizeLimit: .tiny)

            // assert
            #expect(refused?.status == 400)
            #expect(refused?.message.contains("writeSizeLimit=tiny") == true)
            #expect(try await db.get("big").childCount == 11)
            #expect(try await db.get("small").childCount == 8)
        }
    }
}
