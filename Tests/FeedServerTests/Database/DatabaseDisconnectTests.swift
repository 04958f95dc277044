import FeedLibrary
import FeedStore
import Firebase
import Foundation
import TestSupport
import Testing

@testable import FeedLibrary

/// onDisconnect operations kept in the database: a node whose heartbeat stops has its connections' operations run
/// by another node, once, in order, as whom queued them.
@Suite("Database onDisconnect across nodes")
struct DatabaseDisconnectTests {
    @Test(arguments: Backend.available)
    func a_dead_nodes_operations_are_run_once_by_another_node(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { db in
            // setup: node "a" (as a connection on it would) queues a set and an update; node "b" watches
            let other = RealtimeDatabase(
                store: db.store, settings: db.database.settings, verifier: db.tokens, clock: db.clock, nodeID: "b",
                logger: DatabaseFixture.logger)
            let service = DatabaseDisconnectService(database: other, logger: DatabaseFixture.logger)
            try await db.set("presence/ada", "true")
            for (action, path, data) in [
                ("set", "/presence/ada", "false"), ("update", "/seen", #"{"ada":{".sv":"timestamp"}}"#),
            ] {
                try await db.store.queueRealtimeDisconnect(
                    RealtimeDisconnectRecord(
                        nodeID: "a", sessionID: "s1", namespace: "test", action: action, path: path, data: data,
                        caller: #"{"admin":true}"#),
                    now: db.clock.milliseconds())
            }

            // act and assert: while "a" is fresh nothing runs; once its heartbeat is stale, everything runs, once
            await service.sweep()
            #expect(try await db.get("presence/ada") == .bool(true))
            db.clock.advance(by: .seconds(21))
            await service.sweep()
            #expect(try await db.get("presence/ada") == .bool(false))
            #expect(try await db.get("seen/ada") == .number(Double(db.clock.milliseconds())))
            try await db.set("presence/ada", "true")
            await service.sweep()
            #expect(try await db.get("presence/ada") == .bool(true))
            #expect(try await db.store.realtimeDisconnects(sessionID: "s1").isEmpty)
        }
    }

    @Test(arguments: Backend.available)
    func a_node_never_takes_its_own_operations_and_rules_still_apply(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { db in
            let service = DatabaseDisconnectService(database: db.database, logger: DatabaseFixture.logger)
            try await db.database.setRules(
                namespace: "test", source: Array(#"{"rules": {"open": {".write": true}}}"#.utf8), caller: .admin)
            for (node, path) in [(db.database.nodeID, "/open/mine"), ("dead", "/closed/x"), ("dead", "/open/y")] {
                try await db.store.queueRealtimeDisconnect(
                    RealtimeDisconnectRecord(
                        nodeID: node, sessionID: "s-\(node)", namespace: "test", action: "set", path: path, data: "1",
                        caller: nil),
                    now: db.clock.milliseconds())
            }
            db.clock.advance(by: .seconds(60))
            await service.sweep()
            #expect(try await db.get("open") == (try node(#"{"y": 1}"#)))
            #expect(try await db.get("closed") == .null)
            #expect(try await db.store.realtimeDisconnects(sessionID: "s-\(db.database.nodeID)").count == 1)
        }
    }
}
