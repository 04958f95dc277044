import FeedStore
import Firebase
import Foundation
import TestSupport
import Testing

/// The Realtime Database's tree in SQL: one row per node, subtrees as ranges, Firebase's tree transitions.
@Suite("Realtime tree")
struct RealtimeTreeTests {
    static func node(_ json: String) throws -> DatabaseNode {
        try DatabaseNode(json: Array(json.utf8))
    }

    static func path(_ text: String) throws -> DatabasePath {
        try DatabasePath(text, allowingPriority: true)
    }

    /// Writes `node` at `path` of the namespace `test` in one transaction.
    static func write(_ store: LibraryStore, _ text: String, _ node: DatabaseNode) async throws {
        let path = try path(text)
        try await store.writeRealtime(namespace: "test", now: 1) { writer in
            try await writer.replace(at: path, with: node)
        }
    }

    static func read(_ store: LibraryStore, _ text: String) async throws -> DatabaseNode {
        let path = try path(text)
        return try await store.readRealtime(namespace: "test") { try await $0.node(at: path) }
    }

    @Test(arguments: Backend.available)
    func a_tree_reads_back_as_written(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup: every kind of value, priorities on leaves and objects, integer and unicode keys, U+0000
            let written = try Self.node(
                #"""
                {"a": {"b": true, "c": -1.5e300, "d": "x\u0000y", ".priority": 3},
                 "n": {"10": 1, "9": 2, "-1": 3, "x": {".value": "v", ".priority": "p\u0000"}},
                 "é": "e\u0301", "z": false}
                """#)

            // act
            try await Self.write(store, "/", written)

            // assert: whole, below, and nothing where nothing is
            #expect(try await Self.read(store, "/") == written)
            #expect(try await Self.read(store, "n") == written.node(at: try Self.path("n")))
            #expect(try await Self.read(store, "a/d") == .string("x\u{0}y"))
            #expect(try await Self.read(store, "a/b/c").isNull)
            #expect(try await Self.read(store, "missing").isNull)
        }
    }

    @Test(arguments: Backend.available)
    func writes_follow_firebase_tree_transitions(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup
            try await Self.write(
                store, "/", try Self.node(#"{"a": {"b": {"c": 1}}, "leaf": {".value": 1, ".priority": 9}}"#))

            // act: below a leaf (it becomes an object, keeping its priority), a deletion that empties two levels,
            // a deletion below a leaf (nothing happens), a write beside
            try await Self.write(store, "leaf/child", .string("x"))
            try await Self.write(store, "a/b/c", .null)
            try await Self.write(store, "leaf/child/deeper", .null)
            try await Self.write(store, "s", .bool(true))

            // assert
            let expected = try Self.node(#"{"leaf": {"child": "x", ".priority": 9}, "s": true}"#)
            #expect(try await Self.read(store, "/") == expected)
            let summary = try await store.readRealtime(namespace: "test") {
                try await $0.summary(at: try Self.path("/"))
            }
            #expect(summary == DatabaseNodeSummary(kind: .children(count: 2), priority: nil))
        }
    }

    @Test(arguments: Backend.available)
    func deleting_everything_leaves_no_rows(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            try await Self.write(store, "a/b", try Self.node(#"{"c": {"d": 1}}"#))
            try await Self.write(store, "a/b/c/d", .null)
            #expect(try await Self.read(store, "/").isNull)
            let count = try await store.readRealtime(namespace: "test") { try await $0.nodeCount(at: .root, limit: 10) }
            #expect(count == 0)
        }
    }

    @Test(arguments: Backend.available)
    func priorities_are_set_only_on_nodes_that_exist(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup
            try await Self.write(store, "a", .string("x"))

            // act
            try await store.writeRealtime(namespace: "test", now: 1) { writer in
                try await writer.setPriority(.string("p"), at: try Self.path("a"))
                try await writer.setPriority(.number(1), at: try Self.path("missing"))
            }

            // assert
            #expect(try await Self.read(store, "a") == .string("x", priority: .string("p")))
            #expect(try await Self.read(store, "missing").isNull)
        }
    }

    @Test(arguments: Backend.available)
    func reads_past_their_limit_are_refused(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            try await Self.write(store, "list", try Self.node(#"[1, 2, 3, 4]"#))
            await #expect(throws: RealtimeTooLarge.self) {
                try await store.readRealtime(namespace: "test") { try await $0.node(at: .root, maximumNodes: 4) }
            }
            let whole = try await store.readRealtime(namespace: "test") {
                try await $0.node(at: .root, maximumNodes: 6)
            }
            #expect(whole.node(at: try Self.path("list")).childCount == 4)
        }
    }

    @Test(arguments: Backend.available)
    func a_namespace_never_written_reads_as_null(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            let (node, sequence) = try await store.readRealtime(namespace: "nobody") { tree in
                (try await tree.node(at: .root), tree.sequence)
            }
            #expect(node.isNull)
            #expect(sequence == 0)
            #expect(try await store.realtimeNamespace(named: "nobody") == nil)
        }
    }

    @Test(arguments: Backend.available)
    func namespaces_are_apart(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            try await Self.write(store, "a", .number(1))
            try await store.writeRealtime(namespace: "other", now: 1) { writer in
                try await writer.replace(at: try Self.path("a"), with: .number(2))
            }
            #expect(try await Self.read(store, "a") == .number(1))
            let other = try await store.readRealtime(namespace: "other") { try await $0.node(at: try Self.path("a")) }
            #expect(other == .number(2))
        }
    }
}
