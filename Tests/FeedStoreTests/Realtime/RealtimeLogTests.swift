import FeedStore
import Firebase
import Foundation
import TestSupport
import Testing

/// The change log and the namespace lock: what every node follows, and what keeps concurrent writers apart.
@Suite("Realtime log")
struct RealtimeLogTests {
    @Test(arguments: Backend.available)
    func changes_are_numbered_per_namespace_in_commit_order(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // act
            for (namespace, data) in [("a", "1"), ("b", "2"), ("a", "3")] {
                _ = try await store.writeRealtime(namespace: namespace, now: 1000) { writer in
                    try await writer.appendChange(.put, path: try DatabasePath("x/y"), data: data)
                }
            }

            // assert
            let a = try #require(try await store.realtimeNamespace(named: "a"))
            let b = try #require(try await store.realtimeNamespace(named: "b"))
            let changes = try await store.realtimeChanges(namespaceID: a.id, after: 0, limit: 10)
            #expect(changes.map(\.sequence) == [1, 2])
            #expect(changes.map(\.data) == ["1", "3"])
            #expect(changes.first?.path == "x/y")
            #expect(try await store.realtimeChanges(namespaceID: a.id, after: 1, limit: 10).map(\.data) == ["3"])
            #expect(try await store.realtimeSequences(namespaceIDs: [a.id, b.id]) == [a.id: 2, b.id: 1])
        }
    }

    @Test(arguments: Backend.available)
    func old_changes_are_pruned(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            for now in [1000, 2000, 3000] as [Int64] {
                _ = try await store.writeRealtime(namespace: "a", now: now) { writer in
                    try await writer.appendChange(.put, path: .root, data: "\(now)")
                }
            }
            #expect(try await store.pruneRealtimeChanges(before: 2500) == 2)
            let a = try #require(try await store.realtimeNamespace(named: "a"))
            #expect(try await store.realtimeChanges(namespaceID: a.id, after: 0, limit: 10).map(\.sequence) == [3])
            #expect(a.lastSequence == 3)
        }
    }

    @Test(arguments: Backend.available)
    func writers_of_a_namespace_take_turns(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // act: 24 concurrent read-modify-write increments, each in its own transaction
            let counter = try DatabasePath("counter")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<24 {
                    group.addTask {
                        // A writer the pool could not lend a connection within its wait (the others queued behind
                        // the namespace's lock on a loaded machine) wrote nothing and tries again, as a client
                        // told 503 with Retry-After does; what the test asserts, no increment lost, is unchanged.
                        while true {
                            do {
                                try await store.writeRealtime(namespace: "a", now: 1) { writer in
                                    let current = try await writer.tree.node(at: counter)
                                    let value = if case .number(let number) = current.value { number } else { 0.0 }
                                    try await writer.replace(at: counter, with: .number(value + 1))
                                }
                                return
                            } catch StoreError.unavailable {
                                continue
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }

            // assert: none lost
            let final = try await store.readRealtime(namespace: "a") { try await $0.node(at: counter) }
            #expect(final == .number(24))
        }
    }

    @Test(arguments: Backend.available)
    func a_failed_write_leaves_nothing(backend: Backend) async throws {
        struct Refused: Error {}
        try await TestDatabase.withStore(backend) { store, _ in
            // act: a write that changes rows and logs, then fails
            await #expect(throws: Refused.self) {
                try await store.writeRealtime(namespace: "a", now: 1) { writer in
                    try await writer.replace(at: try DatabasePath("x"), with: .number(1))
                    try await writer.appendChange(.put, path: try DatabasePath("x"), data: "1")
                    throw Refused()
                }
            }

            // assert
            let a = try await store.realtimeNamespace(named: "a")
            #expect(a == nil)
            let data = try await store.readRealtime(namespace: "a") { try await $0.node(at: .root) }
            #expect(data.isNull)
        }
    }

    @Test(arguments: Backend.available)
    func rules_are_kept_with_their_version(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            try await store.writeRealtime(namespace: "a", now: 1) { try await $0.setRules(#"{"rules": {}}"#) }
            let first = try #require(try await store.realtimeNamespace(named: "a"))
            try await store.writeRealtime(namespace: "a", now: 1) { try await $0.setRules(nil) }
            let second = try #require(try await store.realtimeNamespace(named: "a"))
            #expect(first.rulesSource == #"{"rules": {}}"#)
            #expect(second.rulesSource == nil)
            #expect(second.rulesVersion == first.rulesVersion + 1)
            let kinds = try await store.realtimeChanges(namespaceID: first.id, after: 0, limit: 10).map(\.kind)
            #expect(kinds == [.rules, .rules])
        }
    }
}
