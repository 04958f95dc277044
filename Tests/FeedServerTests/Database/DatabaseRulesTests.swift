import FeedLibrary
import FeedServer
import FeedStore
import Firebase
import Foundation
import TestSupport
import Testing

/// The rules as the service applies them: the default, a namespace's own, the server's, who may change them.
@Suite("Database rules")
struct DatabaseRulesTests {
    static func rules(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test(arguments: Backend.available)
    func the_default_rules_let_people_use_only_their_own_user_path(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { db in
            // setup
            let ada = try await db.user("ada")
            let value = try DatabaseInput.parse(Array(#"{"first": "Ada"}"#.utf8), at: try path("users/ada"))

            // act and assert: her own path, written and read
            try await db.database.set(namespace: "test", path: try path("users/ada"), value: value, caller: ada)
            #expect(
                try await db.database.read(namespace: "test", path: try path("users/ada/first"), caller: ada)
                    == .string("Ada"))

            // another's path, the root, and no one signed in: refused, nothing written
            for (target, caller) in [("users/bob", ada), ("/", ada), ("users/ada", DatabaseCaller.anonymous)] {
                let write = await #expect(throws: DatabaseServiceError.self) {
                    try await db.database.set(
                        namespace: "test", path: try path(target), value: DatabaseInput(.number(1)), caller: caller)
                }
                #expect(write == .permissionDenied)
                let read = await #expect(throws: DatabaseServiceError.self) {
                    try await db.database.read(namespace: "test", path: try path(target), caller: caller)
                }
                #expect(read == .permissionDenied)
            }
            #expect(try await db.get("/") == (try node(#"{"users": {"ada": {"first": "Ada"}}}"#)))
        }
    }

    @Test(arguments: Backend.available)
    func rules_read_the_data_before_and_after_a_write(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { db in
            // setup: posts need a title; only their author edits them; admins (listed in the data) may read all
            try await db.database.setRules(
                namespace: "test",
                source: Self.rules(
                    #"""
                    {"rules": {
                      "posts": {
                        ".read": "auth != null && root.child('admins').child(auth.uid).val() === true",
                        "$id": {
                          ".write": "auth != null && (!data.exists() || data.child('author').val() === auth.uid)",
                          ".validate": "newData.hasChildren(['title', 'author']) && newData.child('author').val() === auth.uid && newData.child('title').isString() && newData.child('title').val().length < 20"
                        }
                      }
                    }}
                    """#),
                caller: .admin)
            try await db.set("admins", #"{"root": true}"#)
            let ada = try await db.user("ada")
            let bob = try await db.user("bob")
            let root = try await db.user("root")
            func write(_ json: String, as caller: DatabaseCaller) async throws {
                try await db.database.set(
                    namespace: "test", path: try path("posts/p1"),
                    value: try DatabaseInput.parse(Array(json.utf8), at: try path("posts/p1")), caller: caller)
            }

            // act and assert
            try await write(#"{"title": "Hello", "author": "ada"}"#, as: ada)
            await #expect(throws: DatabaseServiceError.permissionDenied) {
                try await write(#"{"title": "Mine now", "author": "bob"}"#, as: bob)
            }
            await #expect(throws: DatabaseServiceError.permissionDenied) {
                try await write(#"{"title": "A title far too long to pass", "author": "ada"}"#, as: ada)
            }
            await #expect(throws: DatabaseServiceError.permissionDenied) {
                try await db.database.read(namespace: "test", path: try path("posts"), caller: ada)
            }
            #expect(
                try await db.database.read(namespace: "test", path: try path("posts/p1/title"), caller: root)
                    == .string("Hello"))
        }
    }

    @Test(arguments: Backend.available)
    func only_the_admin_reads_and_replaces_rules_and_bad_rules_say_where(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { db in
            let ada = try await db.user("ada")

            // the default, then a namespace's own
            #expect(try await db.database.rulesSource(namespace: "test", caller: .admin) == DatabaseRules.defaultSource)
            let open = #"{"rules": {".read": true, ".write": "auth != null"}}"#
            try await db.database.setRules(namespace: "test", source: Self.rules(open), caller: .admin)
            #expect(try await db.database.rulesSource(namespace: "test", caller: .admin) == open)
            #expect(
                try await db.database.rulesSource(namespace: "other", caller: .admin) == DatabaseRules.defaultSource)

            // people may not read or change them
            await #expect(throws: DatabaseServiceError.adminOnly) {
                try await db.database.rulesSource(namespace: "test", caller: ada)
            }
            await #expect(throws: DatabaseServiceError.adminOnly) {
                try await db.database.setRules(namespace: "test", source: Self.rules(#"{"rules": {}}"#), caller: ada)
            }

            // rules that do not compile are refused with their place, and the old ones stay
            let refused = await #expect(throws: DatabaseServiceError.self) {
                try await db.database.setRules(
                    namespace: "test", source: Self.rules("{\"rules\": {\n  \".read\": \"auth.uid == nobody\"\n}}"),
                    caller: .admin)
            }
            #expect(refused?.status == 400)
            #expect(refused?.message.hasPrefix("Line 2 (/rules/.read") == true)
            #expect(refused?.message.contains("nobody") == true)
            #expect(try await db.database.rulesSource(namespace: "test", caller: .admin) == open)
        }
    }

    @Test(arguments: Backend.available)
    func the_server_rules_apply_where_a_namespace_has_none(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { db in
            // setup: a namespace with its own rules, one without
            try await db.database.setRules(
                namespace: "own", source: Self.rules(#"{"rules": {".read": false}}"#), caller: .admin)
            try await db.set("x", "1", ns: "own")
            try await db.set("x", "1", ns: "plain")

            // act
            try await db.database.setServerRules(source: Self.rules(#"{"rules": {".read": true}}"#))

            // assert
            #expect(
                try await db.database.read(namespace: "plain", path: try path("x"), caller: .anonymous) == .number(1))
            await #expect(throws: DatabaseServiceError.permissionDenied) {
                try await db.database.read(namespace: "own", path: try path("x"), caller: .anonymous)
            }
            #expect(
                try await db.database.rulesSource(namespace: "plain", caller: .admin) == #"{"rules": {".read": true}}"#)
        }
    }

    @Test(arguments: Backend.available)
    func tokens_that_do_not_hold_are_refused_as_firebase_refuses_them(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { db in
            let expired = db.tokens.token(for: "ada", lifetime: .zero)
            let revoked = db.tokens.token(for: "ada")
            db.tokens.revoke(revoked)
            await #expect(throws: DatabaseServiceError.expiredToken) { try await db.database.caller(idToken: expired) }
            await #expect(throws: DatabaseServiceError.revokedToken) { try await db.database.caller(idToken: revoked) }
            await #expect(throws: DatabaseServiceError.invalidToken) {
                try await db.database.caller(idToken: "garbage")
            }
        }
    }

    @Test(arguments: Backend.available)
    func a_refused_namespace_name_is_not_found(backend: Backend) async throws {
        try await DatabaseFixture.with(backend) { db in
            let refused = await #expect(throws: DatabaseServiceError.self) {
                try await db.database.read(namespace: "*", path: .root, caller: .admin)
            }
            #expect(refused?.status == 404)
        }
    }
}
