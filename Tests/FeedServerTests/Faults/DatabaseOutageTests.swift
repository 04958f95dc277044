import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

/// PostgreSQL goes away and comes back (issue 34): requests that need it fail fast with 503 and `Retry-After`,
/// `/readyz` says why, answers cached before keep being served, the pool recovers by itself, and no acknowledged
/// write is lost or doubled.
@Suite("Database outages", .enabled(if: Backend.available.contains(.postgres)))
struct DatabaseOutageTests {
    @Test func requests_fail_fast_while_the_database_is_away_and_work_once_it_is_back() async throws {
        let (url, cleanup) = try await TestDatabase.makeURL(.postgres)
        defer { Task { try? await cleanup() } }
        var components = try #require(URLComponents(string: url))
        let proxy = try await FaultyProxy.start(to: components.host ?? "127.0.0.1", port: components.port ?? 5432)
        defer { Task { await proxy.stop() } }
        components.host = "127.0.0.1"
        components.port = proxy.port
        let data = try Fixtures.temporaryDirectory(prefix: "imagefeed-database-outage")
        defer { try? FileManager.default.removeItem(atPath: data) }
        // setup: the server reaches the database through the proxy; the test, directly
        let direct = try await LibraryStore.open(url: url, logger: testLogger, timeout: TestDatabase.timeout)
        let served: LibraryStore
        do {
            served = try await LibraryStore.open(
                url: try #require(components.string), logger: testLogger, timeout: TestDatabase.timeout)
        } catch {
            try? await direct.database.shutdown()
            throw error
        }
        // Both stores are closed on every path: a pool dropped unclosed stops a debug build on AsyncKit's assertion,
        // which ended a whole fresh-clone run's Swift stage when a step of this test threw under load.
        do {
            try await Self.outageAndRecovery(direct: direct, served: served, data: data, proxy: proxy)
        } catch {
            try? await served.database.shutdown()
            try? await direct.database.shutdown()
            throw error
        }
        try await served.database.shutdown()
        try await direct.database.shutdown()
    }

    /// The outage itself: a server on `served`, which reaches the database through `proxy`; `direct` reaches it
    /// without the proxy.
    static func outageAndRecovery(direct: LibraryStore, served: LibraryStore, data: String, proxy: FaultyProxy)
        async throws
    {
        let clock = ManualClock()
        let application = try await buildApplication(
            TestServer.configuration(dataDirectory: data), store: served, files: LibraryFiles(root: data),
            logger: testLogger, clock: clock)
        try await application.test(.router) { client in
            let photos = try await TestLibrary.seed(direct, count: 2, username: "bob")
            let cookie = try await client.signedInCookie(TestUser("alice"))
            let feed = try await client.get("/photos")
            try #require(feed.status == .ok)
            clock.advance(by: .seconds(5))  // the cached feed's generation is asked for again on its next read

            // act: the database goes away
            await proxy.stop()
            let cachedFeed = try await client.get("/photos")
            let uncached = try await client.get("/photos/\(photos[0])")
            let like = try await client.send(.post, "/photos/\(photos[0])/like", headers: formHeaders(cookie: cookie))
            let ready = try await client.get("/readyz")
            let alive = try await client.get("/healthz")

            // assert: the cached answer served; the rest refused at once, asking to retry; not ready, saying why
            #expect(cachedFeed.status == .ok)
            #expect(cachedFeed.bytes == feed.bytes)
            #expect(uncached.status == .serviceUnavailable, "\(uncached.status) \(uncached.text)")
            #expect(uncached.header("Retry-After") == "5")
            #expect(like.status == .serviceUnavailable, "\(like.status) \(like.text)")
            #expect(ready.status == .serviceUnavailable)
            #expect(ready.errors.first?.hasPrefix("The database") == true, "\(ready.errors)")
            #expect(alive.status == .ok)

            // act: the database comes back; the pool is left to find out by itself
            try await proxy.resume()
            let recovered = try await waitUntil(within: 30) { try await client.get("/readyz").status == .ok }
            let likedAgain = try await client.send(
                .post, "/photos/\(photos[0])/like", headers: formHeaders(cookie: cookie))
            let photo = try await client.get("/photos/\(photos[0])")

            // assert: served again; the like acknowledged once is there once
            #expect(recovered)
            #expect(likedAgain.status == .created, "\(likedAgain.status) \(likedAgain.text)")
            #expect(photo.status == .ok)
            #expect(try photo.object()["likes"] as? Int == 1)
            #expect(try #require(try await direct.photo(idOrSlug: photos[0])).likes == 1)
        }
    }

    @Test func connections_the_server_ends_are_replaced_without_failing_a_request() async throws {
        try await withTestServer(.postgres) { server in
            // setup: a signed-in person and a photo of someone else; the server's pool has connections open
            let photos = try await TestLibrary.seed(server.store, count: 1, username: "bob")
            let cookie = try await server.client.signedInCookie(TestUser("alice"))
            try #require(try await server.client.get("/photos/\(photos[0])").status == .ok)

            // act: every other connection to the database is ended from the server's side, as an administrator's
            // pg_terminate_backend or a failover does
            let ended = try await server.store.database.read { db in
                try await db.raw(
                    """
                    SELECT COUNT(pg_terminate_backend(pid)) AS ended FROM pg_stat_activity \
                    WHERE datname = current_database() AND pid <> pg_backend_pid()
                    """
                ).first()?.decode(column: "ended", as: Int.self) ?? 0
            }
            let like = try await server.client.send(
                .post, "/photos/\(photos[0])/like", headers: formHeaders(cookie: cookie))
            let photo = try await server.client.get("/photos/\(photos[0])")

            // assert: the connections were ended, and the next requests were served on new ones
            #expect(ended > 0)
            #expect(like.status == .created, "\(like.status) \(like.text)")
            #expect(photo.status == .ok, "\(photo.status) \(photo.text)")
            #expect(try photo.object()["likes"] as? Int == 1)
        }
    }

    @Test func a_database_that_refuses_connections_is_unavailable_at_once() async throws {
        // setup: a port nothing listens on
        let proxy = try await FaultyProxy.start(to: "127.0.0.1", port: 9)
        await proxy.stop()

        // act
        let refusal = await #expect(throws: StoreError.self) {
            _ = try await LibraryStore.open(url: "postgres://nobody@127.0.0.1:\(proxy.port)/none", logger: testLogger)
        }

        // assert: named as unavailable (a 503 to a client), not as an unexpected error
        guard case .unavailable? = refusal else {
            Issue.record("expected StoreError.unavailable, got \(String(describing: refusal))")
            return
        }
    }
}
