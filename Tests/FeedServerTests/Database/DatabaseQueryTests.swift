import FeedLibrary
import FeedServer
import FeedStore
import Firebase
import Foundation
import TestSupport
import Testing

/// Queries through the service: `.indexOn` required as Firebase requires it, and the index rows kept right through
/// every kind of write and rules change (checked against Firebase's order over the whole data).
@Suite("Database queries")
struct DatabaseQueryTests {
    static let indexedRules = Array(
        #"""
        {"rules": {
          "dinosaurs": {".indexOn": ["height", "stats/weight", ".value"]},
          "users": {"$uid": {"items": {".indexOn": "date"}}, "special": {"items": {".read": true}}}
        }}
        """#.utf8)

    /// What the query answers over the whole data, computed in memory.
    static func expected(_ db: DatabaseFixture, _ query: DatabaseQuery, at location: String) async throws
        -> DatabaseNode
    {
        query.apply(to: try await db.get(location))
    }

    static func queries() throws -> [DatabaseQuery] {
        let height = DatabaseIndex.child(try DatabasePath("height"))
        let weight = DatabaseIndex.child(try DatabasePath("stats/weight"))
        return [
            DatabaseQuery(index: height, limit: .first(2)),
            DatabaseQuery(index: height, start: .init(value: .number(3), key: .min), limit: .last(2)),
            DatabaseQuery(index: weight, end: .init(value: .number(5000), key: .max)),
            DatabaseQuery(index: .value, limit: .first(3)),
            DatabaseQuery(
                index: .key, start: .init(value: .string("b"), key: .min, inclusive: false), limit: .first(2)),
            DatabaseQuery(index: .priority, limit: .last(2)),
        ]
    }

    @Test(arguments: Backend.available)
    func unindexed_queries_are_refused_with_the_index_to_add(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { db in
            let refused = await #expect(throws: DatabaseServiceError.self) {
                try await db.get(
                    "dinosaurs", query: DatabaseQuery(index: .child(try DatabasePath("height")), limit: .first(1)))
            }
            #expect(refused?.status == 400)
            #expect(
                refused?.message == #"Index not defined, add ".indexOn": "height", for path "/dinosaurs", to the rules"#
            )
            // key and priority need no index
            _ = try await db.get("dinosaurs", query: DatabaseQuery(index: .key, limit: .first(1)))
        }
    }

    @Test(arguments: Backend.available)
    func index_rows_follow_every_kind_of_write(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { db in
            // setup
            try await db.database.setRules(namespace: "test", source: Self.indexedRules, caller: .admin)
            let writes: [(String, String)] = [
                (
                    "dinosaurs",
                    #"{"a": {"height": 4, "stats": {"weight": 900}}, "b": {"height": 2}, "c": "tall", "d": {"height": 4, ".priority": 2}}"#
                ),
                ("dinosaurs/e", #"{"height": 1, "stats": {"weight": 5000}, ".priority": 1}"#),
                ("dinosaurs/a/height", "0.5"),
                ("dinosaurs/b/stats/weight", "12"),
                ("dinosaurs/c", "null"),
                ("dinosaurs/d/height", "null"),
                ("dinosaurs/f/stats/weight", "7"),
                ("dinosaurs/e/stats", "null"),
            ]
            // act and assert: after each write every query agrees with the data
            for (location, json) in writes {
                try await db.set(location, json)
                for query in try Self.queries() {
                    #expect(
                        try await db.get("dinosaurs", query: query)
                            == (try await Self.expected(db, query, at: "dinosaurs")),
                        "after \(location) = \(json): \(query)")
                }
            }
            // an update touching several children, and the whole location replaced
            try await db.database.update(
                namespace: "test", path: try path("dinosaurs"),
                update: try DatabaseUpdate.parse(
                    Array(#"{"a/height": 9, "g": {"height": 3}, "b": null}"#.utf8), at: try path("dinosaurs")),
                caller: .admin)
            try await db.set("/", #"{"dinosaurs": {"z": {"height": 1}, "y": {"height": 0}}}"#)
            for query in try Self.queries() {
                #expect(
                    try await db.get("dinosaurs", query: query) == (try await Self.expected(db, query, at: "dinosaurs"))
                )
            }
        }
    }

    @Test(arguments: Backend.available)
    func new_rules_build_their_indexes_from_the_data_there(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { db in
            // setup: data first, under wildcards and beside a literal key that takes the wildcard's place
            try await db.set(
                "users",
                #"{"ada": {"items": {"x": {"date": 3}, "y": {"date": 1}}}, "bob": {"items": {"z": {"date": 2}}}, "special": {"items": {"q": {"date": 0}}}}"#
            )
            let query = DatabaseQuery(index: .child(try DatabasePath("date")), limit: .first(1))

            // act
            try await db.database.setRules(namespace: "test", source: Self.indexedRules, caller: .admin)

            // assert
            #expect(try await db.get("users/ada/items", query: query) == (try node(#"{"y": {"date": 1}}"#)))
            #expect(try await db.get("users/bob/items", query: query) == (try node(#"{"z": {"date": 2}}"#)))
            await #expect(throws: DatabaseServiceError.self) { try await db.get("users/special/items", query: query) }
        }
    }
}
