import FeedLibrary
import FeedServer
import Firebase
import Foundation
import NIOCore
import NIOWebSocket
import TestSupport
import Testing

/// The SDKs' WebSocket protocol at `/.ws` on the database listener, over a live socket: the hello, the exchanges of
/// every action, pushes in the order the SDKs need them, and the connection closed (with a reason) on frames that
/// cannot be read.
@Suite("Database WebSocket")
struct DatabaseWebSocketTests {
    /// Runs `body` with a protocol connection to a live listener over `backend`, bounded against a hang; `admin`
    /// signs it in with the admin token first (`gauth`, request 1), as firebase-admin does.
    static func withConnection(
        _ backend: Backend, admin: Bool = true, settings: DatabaseSettings = DatabaseSettings(),
        _ body: @escaping @Sendable (DatabaseFixture, WireTestConnection, Int) async throws -> Void
    ) async throws {
        try await DatabaseFixture.withServer(backend, settings: settings) { db, client in
            let port = try #require(client.port)
            try await bounded("the WebSocket exchange") {
                try await WireTestConnection.with(port: port) { connection in
                    if admin {
                        #expect(try await connection.request("gauth", #"{"cred":"owner"}"#)["s"] == .string("ok"))
                    }
                    try await body(db, connection, port)
                }
            }
        }
    }

    @Test(arguments: Backend.available)
    func the_hello_gives_the_servers_time_the_host_the_client_used_and_a_session(backend: Backend) async throws {
        try await Self.withConnection(backend) {
            (db: DatabaseFixture, connection: WireTestConnection, port: Int) async throws in
            let hello = try #require(connection.hello["d"]?["d"])
            #expect(connection.hello["t"] == .string("c"))
            #expect(connection.hello["d"]?["t"] == .string("h"))
            #expect(hello["v"] == .string("5"))
            #expect(hello["h"] == .string("127.0.0.1:\(port)"))
            #expect(hello["ts"] == .number(Double(db.clock.milliseconds())))
            #expect((hello["s"]?.stringValue?.count ?? 0) >= 16)
        }
    }

    @Test(arguments: Backend.available)
    func stats_pings_and_keepalives_are_answered_as_the_sdks_expect(backend: Backend) async throws {
        try await Self.withConnection(backend) {
            (_: DatabaseFixture, connection: WireTestConnection, _: Int) async throws in
            #expect(try await connection.request("s", #"{"c":{"sdk.js.11-0-0":1}}"#)["s"] == .string("ok"))
            try await connection.send(#"{"t":"c","d":{"t":"p","d":{}}}"#)
            let pong = try await connection.receive()
            #expect(pong == .json(#"{"t":"c","d":{"t":"o","d":null}}"#))
            try await connection.socket.send(text: "0")
            #expect(try await connection.request("appcheck", #"{"token":"x"}"#)["s"] == .string("ok"))
        }
    }

    @Test(arguments: Backend.available)
    func a_listen_gets_its_data_before_ok_and_a_put_is_acked_after_its_push(backend: Backend) async throws {
        try await Self.withConnection(backend) {
            (db: DatabaseFixture, connection: WireTestConnection, _: Int) async throws in
            // setup
            try await db.set("room", #"{"a": 1}"#)

            // act
            let listened = try await connection.request("q", #"{"p":"/room","h":""}"#)
            let put = try await connection.request("p", #"{"p":"/room/b","d":"two"}"#)

            // assert: data, ok, push, ack — in that order
            #expect(listened == .json(#"{"s":"ok","d":{}}"#))
            #expect(put["s"] == .string("ok"))
            let data = try #require(connection.index { $0["d"]?["b"]?.path == "room" })
            let listenOK = try #require(connection.index { $0["d"]?["r"] == .number(2) })
            let push = try #require(connection.index { $0["d"]?["b"]?.path == "room/b" })
            let putOK = try #require(connection.index { $0["d"]?["r"] == .number(3) })
            #expect(data < listenOK && listenOK < push && push < putOK)
            #expect(try await connection.push("d") { $0.path == "room" }["d"] == .json(#"{"a":1}"#))
            #expect(try await db.get("room") == (try node(#"{"a": 1, "b": "two"}"#)))
        }
    }

    @Test(arguments: Backend.available)
    func writes_from_rest_reach_a_listen_and_a_merge_pushes_only_its_children(backend: Backend) async throws {
        try await Self.withConnection(backend) {
            (db: DatabaseFixture, connection: WireTestConnection, _: Int) async throws in
            try await db.set("room", #"{"a": 1, "b": 2}"#)
            try await connection.request("q", #"{"p":"room","h":""}"#)

            try await db.set("room/c", "3")
            #expect(try await connection.push("d") { $0.path == "room/c" }["d"] == .number(3))

            #expect(try await connection.request("m", #"{"p":"room","d":{"b":20,"d":4}}"#)["s"] == .string("ok"))
            #expect(try await connection.push("m") { $0.path == "room" }["d"] == .json(#"{"b":20,"d":4}"#))
            #expect(try await db.get("room") == (try node(#"{"a": 1, "b": 20, "c": 3, "d": 4}"#)))
        }
    }

    @Test(arguments: Backend.available)
    func a_tagged_query_gets_its_window_and_an_unindexed_one_the_whole_location_with_a_warning(
        backend: Backend
    ) async throws {
        try await Self.withConnection(backend) {
            (db: DatabaseFixture, connection: WireTestConnection, _: Int) async throws in
            try await db.database.setRules(
                namespace: "test", source: Array(#"{"rules": {"scores": {".indexOn": ".value"}}}"#.utf8),
                caller: .admin)
            try await db.set("scores", #"{"a": 5, "b": 1, "c": 9}"#)
            try await db.set("people", #"{"x": {"h": 1}, "y": {"h": 2}}"#)

            let indexed = try await connection.request(
                "q", #"{"p":"scores","h":"","q":{"i":".value","l":2,"vf":"r"},"t":7}"#)
            let unindexed = try await connection.request(
                "q", #"{"p":"people","h":"","q":{"i":"h","l":1,"vf":"l"},"t":8}"#)

            #expect(indexed == .json(#"{"s":"ok","d":{}}"#))
            #expect(try await connection.push("d") { $0["t"] == .number(7) }["d"] == .json(#"{"a":5,"c":9}"#))
            #expect(unindexed == .json(#"{"s":"ok","d":{"w":["no_index"]}}"#))
            #expect(
                try await connection.push("d") { $0["t"] == .number(8) }["d"] == .json(#"{"x":{"h":1},"y":{"h":2}}"#))
            #expect(
                try await connection.request("g", #"{"p":"people","q":{"i":"h","l":1,"vf":"l"}}"#)
                    == .json(#"{"s":"ok","d":{"x":{"h":1}}}"#))
        }
    }

    @Test(arguments: Backend.available)
    func a_stale_transaction_is_answered_datastale_after_the_listen_has_the_new_value(backend: Backend) async throws {
        try await Self.withConnection(backend) {
            (db: DatabaseFixture, connection: WireTestConnection, _: Int) async throws in
            // setup: the client listens and holds 1; someone else writes 5
            try await db.set("counter", "1")
            try await connection.request("q", #"{"p":"counter","h":""}"#)
            _ = try await connection.push("d") { $0.path == "counter" }
            try await db.set("counter", "5")

            // act: a transaction's put computed on 1, then its retry on 5
            let stale = try await connection.request(
                "p", #"{"p":"counter","d":2,"h":"\#(NodeHash.hash(.number(1)))"}"#)
            let pushedBefore = connection.index { $0["d"]?["b"]?["d"] == .number(5) }
            let retried = try await connection.request(
                "p", #"{"p":"counter","d":6,"h":"\#(NodeHash.hash(.number(5)))"}"#)

            // assert
            #expect(stale == .json(#"{"s":"datastale","d":5}"#))
            #expect(pushedBefore != nil)
            #expect(retried["s"] == .string("ok"))
            #expect(try await db.get("counter") == .number(6))
            #expect(try await connection.request("p", #"{"p":"fresh","d":1,"h":""}"#)["s"] == .string("ok"))
        }
    }

    @Test(arguments: Backend.available)
    func messages_longer_than_a_frame_are_split_both_ways(backend: Backend) async throws {
        try await Self.withConnection(backend) {
            (db: DatabaseFixture, connection: WireTestConnection, _: Int) async throws in
            let big = String(repeating: "x", count: 40_000)
            try await connection.request("q", #"{"p":"big","h":""}"#)
            #expect(try await connection.request("p", #"{"p":"big","d":"\#(big)"}"#)["s"] == .string("ok"))
            #expect(try await connection.push("d") { $0.path == "big" && $0["d"] == .string(big) }["d"] == .string(big))
            #expect(connection.frames.contains("3"))
            #expect(connection.frames.allSatisfy { $0.utf16.count <= 16384 })
            #expect(try await db.get("big") == .string(big))
        }
    }

    @Test(arguments: Backend.available)
    func auth_decides_what_may_be_read_and_an_expiring_token_is_revoked(backend: Backend) async throws {
        try await Self.withConnection(backend, admin: false) {
            (db: DatabaseFixture, connection: WireTestConnection, _: Int) async throws in
            try await db.database.setRules(
                namespace: "test",
                source: Array(#"{"rules": {"users": {"$uid": {".read": "auth.uid === $uid"}}}}"#.utf8),
                caller: .admin)
            #expect(
                try await connection.request("q", #"{"p":"users/ada","h":""}"#)["s"] == .string("permission_denied"))
            #expect(try await connection.request("auth", #"{"cred":"nonsense"}"#)["s"] == .string("invalid_token"))

            let sleepers = db.clock.sleeperCount
            let token = db.tokens.token(for: "ada", lifetime: .seconds(60))
            let signedIn = try await connection.request("auth", #"{"cred":"\#(token)"}"#)
            #expect(signedIn["s"] == .string("ok"))
            #expect(signedIn["d"]?["auth"]?["uid"] == .string("ada"))
            #expect(try await connection.request("q", #"{"p":"users/ada","h":""}"#)["s"] == .string("ok"))

            // The token expires: `ac`, then the listen it allowed is revoked (`c`). The clock moves once the
            // connection's expiry timer and its listen's (keep-alive and expiry) are asleep on it.
            try await waitUntil("the expiry timers asleep on the clock") { db.clock.sleeperCount >= sleepers + 3 }
            db.clock.advance(by: .seconds(61))
            #expect(try await connection.push("ac") == .json(#"{"s":"expired_token","d":"Auth token is expired"}"#))
            #expect(try await connection.push("c") == .json(#"{"p":"users/ada"}"#))
        }
    }

    @Test(arguments: Backend.available)
    func on_disconnect_operations_run_when_the_client_leaves_or_drops(backend: Backend) async throws {
        try await DatabaseFixture.withServer(backend) { db, client in
            let port = try #require(client.port)
            for drop in [false, true] {
                let place = drop ? "dropped" : "left"
                try await bounded("the connection") {
                    try await WireTestConnection.with(port: port) { (connection: WireTestConnection) async throws in
                        #expect(try await connection.request("gauth", #"{"cred":"owner"}"#)["s"] == .string("ok"))
                        #expect(
                            try await connection.request("p", #"{"p":"\#(place)/online","d":true}"#)["s"]
                                == .string("ok"))
                        #expect(
                            try await connection.request("o", #"{"p":"\#(place)/online","d":false}"#)["s"]
                                == .string("ok"))
                        #expect(
                            try await connection.request("om", #"{"p":"\#(place)","d":{"seen":{".sv":"timestamp"}}}"#)[
                                "s"]
                                == .string("ok"))
                        #expect(
                            try await connection.request("o", #"{"p":"\#(place)/gone","d":1}"#)["s"] == .string("ok"))
                        #expect(try await connection.request("oc", #"{"p":"\#(place)/gone"}"#)["s"] == .string("ok"))
                        #expect(try await db.get(place) == (try node(#"{"online": true}"#)))
                        if drop { await connection.socket.drop() } else { await connection.socket.close() }
                    }
                }
                try await waitUntil("the onDisconnect writes") { try await db.get("\(place)/seen") != .null }
                let left = try await db.get(place)
                #expect(left == (try node(#"{"online": false, "seen": \#(db.clock.milliseconds())}"#)), "\(left)")
            }
        }
    }

    @Test(arguments: Backend.available)
    func bad_requests_are_answered_and_write_nothing(backend: Backend) async throws {
        try await Self.withConnection(backend, admin: false) {
            (db: DatabaseFixture, connection: WireTestConnection, _: Int) async throws in
            #expect(try await connection.request("zz", "{}")["s"] == .string("invalid_action"))
            #expect(
                try await connection.request("q", #"{"p":"a","h":"","q":{"zz":1},"t":1}"#)["s"]
                    == .string("invalid_data"))
            #expect(try await connection.request("p", #"{"p":"bad.path","d":1}"#)["s"] == .string("invalid_data"))
            #expect(try await connection.request("p", #"{"p":".info/x","d":1}"#)["s"] == .string("invalid_data"))
            #expect(
                try await connection.request("p", #"{"p":"x","d":{"a":{".sv":"nope"}}}"#)["s"]
                    == .string("invalid_data"))
            #expect(
                try await connection.request("m", #"{"p":"x","d":{"a":1,"a/b":2}}"#)["s"] == .string("invalid_data"))
            #expect(try await db.get("x") == .null)
        }
    }

    @Test(arguments: [
        (["not json"], "not valid JSON"),
        (["3", "{\"t\":", "\"d\"}", "junk"], "not valid JSON"),
        (["999999"], "Invalid frame count"),
        ([#"{"t":"d","d":{"a":"q"}}"#], "valid number"),
    ])
    func frames_that_cannot_be_read_close_the_connection_with_the_reason(frames: [String], reason: String)
        async throws
    {
        try await Self.withConnection(.sqlite, admin: false) {
            (db: DatabaseFixture, connection: WireTestConnection, _: Int) async throws in
            for frame in frames { try await connection.socket.send(text: frame) }
            let closed = try await connection.untilClosed()
            #expect(closed?.code == .protocolError)
            #expect(closed?.reason.contains(reason) == true)
        }
    }

    @Test func a_message_past_the_size_limit_closes_the_connection_and_writes_nothing() async throws {
        var settings = DatabaseSettings()
        settings.maximumWriteBytes = 20_000
        try await Self.withConnection(.sqlite, settings: settings) { db, connection, _ in
            let big = String(repeating: "x", count: 90_000)
            try await connection.send(#"{"t":"d","d":{"r":2,"a":"p","b":{"p":"big","d":"\#(big)"}}}"#)
            let closed = try await connection.untilClosed()
            #expect(closed?.code == .protocolError)
            #expect(closed?.reason.contains("maximum size") == true)
            #expect(try await db.get("big") == .null)
        }
    }

    /// A transcript of Firebase's own servers (sdk.js 2.4.2, recorded in 2016 and kept in the code index as a
    /// protocol note): where the server's side is determined by the request, the answer is the same, byte for byte.
    @Test(arguments: Backend.available)
    func a_recorded_firebase_transcript_replays_byte_for_byte(backend: Backend) async throws {
        try await Self.withConnection(backend, admin: false) { db, connection, _ in
            try await db.set("list", #"{"-JvusyBQvKx05NNj0pyk": {"foo": "bar"}}"#)
            let exchanges: [(sent: String, answers: [String])] = [
                (
                    #"{"t":"d","d":{"r":1,"a":"s","b":{"c":{"sdk.js.2-4-2":1}}}}"#,
                    [#"{"t":"d","d":{"r":1,"b":{"s":"ok","d":""}}}"#]
                ),
                (#"{"t":"c","d":{"t":"p","d":{}}}"#, [#"{"t":"c","d":{"t":"o","d":null}}"#]),
                (
                    #"{"t":"d","d":{"r":2,"a":"auth","b":{"cred":"owner"}}}"#,
                    [#"{"t":"d","d":{"r":2,"b":{"s":"ok","d":{"auth":null,"expires":null}}}}"#]
                ),
                (
                    #"{"t":"d","d":{"r":3,"a":"q","b":{"p":"/list","h":""}}}"#,
                    [
                        #"{"t":"d","d":{"b":{"p":"list","d":{"-JvusyBQvKx05NNj0pyk":{"foo":"bar"}}},"a":"d"}}"#,
                        #"{"t":"d","d":{"r":3,"b":{"s":"ok","d":{}}}}"#,
                    ]
                ),
                (
                    #"{"t":"d","d":{"r":4,"a":"p","b":{"p":"/list/-JvusyBQvKx05NNj0pyk/baz","d":1}}}"#,
                    [
                        #"{"t":"d","d":{"b":{"p":"list/-JvusyBQvKx05NNj0pyk/baz","d":1},"a":"d"}}"#,
                        #"{"t":"d","d":{"r":4,"b":{"s":"ok","d":""}}}"#,
                    ]
                ),
            ]
            for exchange in exchanges {
                try await connection.send(exchange.sent)
                for expected in exchange.answers {
                    _ = try await connection.receive()
                    #expect(connection.frames.last == expected)
                }
            }
        }
    }

    @Test func a_namespace_that_cannot_exist_gets_the_shutdown_so_the_sdks_stop_reconnecting() async throws {
        try await DatabaseFixture.withServer(.sqlite) { _, client in
            let port = try #require(client.port)
            try await bounded("the refused connection") {
                try await WireTestConnection.with(port: port, uri: "/.ws?v=5&ns=no.such:name") {
                    (connection: WireTestConnection) async throws in
                    #expect(connection.hello["d"]?["t"] == .string("s"))
                    #expect(connection.hello["d"]?["d"]?.stringValue?.hasPrefix("Namespace \"no.such:name\"") == true)
                    #expect(try await connection.untilClosed()?.code == .policyViolation)
                }
            }
        }
    }
}
