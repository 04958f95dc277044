import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TestSupport
import Testing

@testable import FeedServer

/// The API response cache: repeated reads come from memory, yet nobody ever sees their own change missing, people
/// never see each other's answers, and other processes' writes show within the configured age.
@Suite("Response cache")
struct ResponseCacheTests {
    /// `TestServer.store` is a second handle on the database — to the server it is another process.
    static func otherProcessRetitles(_ server: TestServer, _ id: String, _ title: String) async throws {
        let owner = try #require(try await server.store.photo(idOrSlug: id)).owner
        _ = try await server.store.updatePhoto(id, by: owner.id, PhotoChanges(description: title))
    }

    @Test(arguments: Backend.available)
    func repeated_reads_are_served_from_memory_until_this_process_writes(backend: Backend) async throws {
        try await withTestServer(
            backend,
            configure: {
                $0.responseCacheMaxAge = .seconds(3600)
                $0.rateLimitFlushInterval = 3600  // rate-limit flushes are commits too; keep them out of the way
                // so are the batches of views the reads below count: on a slow machine one fell between the reads
                $0.viewFlushInterval = .seconds(3600)
            }
        ) { server in
            // setup
            let alice = try await server.user("alice")
            let lara = try await server.user("lara")
            let id = try await server.recordPhoto(owner: alice, title: "Harbour")
            #expect(try await server.photo(id).description == "Harbour")

            // act: another process changes the photo; within the (long) age the cached answer stands
            try await Self.otherProcessRetitles(server, id, "Harbour at dawn")
            let cached = try await server.photo(id)
            // act: this process writes (a like); the cache checks the library generation and drops everything
            let like = try await server.client.send(.post, "/photos/\(id)/like", headers: lara.auth)
            let fresh = try await server.photo(id)

            // assert
            #expect(cached.description == "Harbour")
            #expect(like.status == .created)
            #expect(fresh.description == "Harbour at dawn")
            #expect(fresh.likes == 1)
        }
    }

    @Test(arguments: Backend.available)
    func other_processes_writes_show_once_the_max_age_has_passed(backend: Backend) async throws {
        let clock = ManualClock()
        try await withTestServer(
            backend,
            configure: {
                $0.responseCacheMaxAge = .milliseconds(500)
                $0.rateLimitFlushInterval = 3600  // rate-limit flushes are commits of this process; keep them out
            }, clock: clock
        ) { server in
            // setup
            let alice = try await server.user("alice")
            let id = try await server.recordPhoto(owner: alice, title: "Harbour")
            #expect(try await server.client.get("/photos").photoIDs() == [id])
            let second = try await server.recordPhoto(owner: alice, title: "Lighthouse")

            // act
            clock.advance(by: .milliseconds(499))
            let early = try await server.client.get("/photos")
            clock.advance(by: .milliseconds(2))
            let late = try await server.client.get("/photos")

            // assert: trusted until the max age, seen right after it
            #expect(try early.photoIDs() == [id])
            #expect(Set(try late.photoIDs()) == [second, id])
            #expect(late.headers[.total] == "2")
        }
    }

    @Test(arguments: Backend.available)
    func each_viewer_gets_their_own_answer(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            let alice = try await server.user("alice")
            let lara = try await server.user("lara")
            let bob = try await server.user("bob")
            let id = try await server.recordPhoto(owner: alice, title: "Harbour")
            _ = try await server.photo(id)  // filled for anonymous callers first
            _ = try await server.client.send(.post, "/photos/\(id)/like", headers: lara.auth)

            let asLara = try await server.photo(id, as: lara)
            let asBob = try await server.photo(id, as: bob)
            let anonymous = try await server.photo(id)
            let laraAgain = try await server.photo(id, as: lara)

            #expect(asLara.likedByUser)
            #expect(!asBob.likedByUser)
            #expect(!anonymous.likedByUser)
            #expect(laraAgain.likedByUser)
            #expect(anonymous.likes == 1)
        }
    }

    @Test(arguments: Backend.available)
    func a_matching_etag_gets_304_and_a_changed_library_a_new_etag(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            let alice = try await server.user("alice")
            let id = try await server.recordPhoto(owner: alice, title: "Harbour")
            let first = try await server.client.get("/photos/\(id)")
            let etag = try #require(first.headers[.eTag])

            let again = try await server.client.get("/photos/\(id)", headers: [.ifNoneMatch: etag])
            _ = try await server.client.send(.post, "/photos/\(id)/like", headers: alice.auth)
            let changed = try await server.client.get("/photos/\(id)", headers: [.ifNoneMatch: etag])

            #expect(again.status == .notModified)
            #expect(again.headers[.eTag] == etag)
            #expect(again.body.readableBytes == 0)
            #expect(changed.status == .ok)
            #expect(changed.headers[.eTag] != etag)
            #expect(try changed.decode(Photo.self).likes == 1)
        }
    }

    @Test(arguments: Backend.available)
    func gzip_is_sent_to_clients_that_accept_it(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            let alice = try await server.user("alice")
            for index in 0..<5 { try await server.recordPhoto(owner: alice, title: "Photo \(index)") }

            let plain = try await server.client.get("/photos")
            let zipped = try await server.client.get("/photos", headers: [.acceptEncoding: "br, gzip;q=0.8"])
            let refused = try await server.client.get("/photos", headers: [.acceptEncoding: "gzip;q=0, br"])

            #expect(plain.headers[.contentEncoding] == nil)
            #expect(zipped.headers[.contentEncoding] == "gzip")
            #expect(zipped.headers[.vary] == "Accept-Encoding")
            #expect(zipped.body.readableBytes < plain.body.readableBytes / 2)
            #expect(try gunzip(zipped.body) == Array(plain.body.readableBytesView))
            #expect(zipped.headers[.link] == plain.headers[.link])
            #expect(refused.headers[.contentEncoding] == nil)
        }
    }

    @Test(arguments: Backend.available)
    func downloads_and_random_photos_are_never_cached(backend: Backend) async throws {
        try await withTestServer(backend, configure: { $0.responseCacheMaxAge = .seconds(3600) }) { server in
            let alice = try await server.user("alice")
            let id = try await server.recordPhoto(owner: alice, title: "Harbour")
            for _ in 0..<3 {
                #expect(try await server.client.get("/photos/\(id)/download").status == .ok)
            }
            #expect(try await server.photo(id).downloads == 3)
            for uri in ["/photos/random", "/photos/\(id)/download", "/me"] {
                #expect(try await server.client.get(uri, headers: alice.auth).header("Cache-Status") == nil, "\(uri)")
            }
            _ = try await server.client.get("/search/photos?query=harbour")
            let again = try await server.client.get("/search/photos?query=harbour")
            #expect(again.header("Cache-Status") == ResponseCacheMiddleware.hit)
        }
    }

    @Test func concurrent_misses_make_the_response_once() async throws {
        try await TestDatabase.withStore(.sqlite) { store, _ in
            let cache = ResponseCache(store: store)
            let generation = try #require(await cache.generation())
            let key = ResponseCache.Key(target: "/photos", origin: "http://x", viewer: "")
            guard case .make = await cache.lookup(key, generation: generation) else {
                Issue.record("the first request should make the response")
                return
            }
            // ten more readers arrive while it is being made
            let readers = (0..<10).map { _ in
                Task { () -> ResponseCache.Entry? in
                    if case .hit(let entry) = await cache.lookup(key, generation: generation) { return entry }
                    return nil
                }
            }
            while cache.statistics.misses < 11 { await Task.yield() }
            let made = ResponseCache.Entry(headers: [:], body: ByteBuffer(string: "[]"))
            cache.finish(key, entry: made, generation: generation)

            for reader in readers { #expect(await reader.value === made) }
            guard case .hit(let later) = await cache.lookup(key, generation: generation) else {
                Issue.record("the made response should be filed")
                return
            }
            #expect(later === made)
        }
    }

    @Test func readers_make_their_own_when_the_first_maker_fails() async throws {
        try await TestDatabase.withStore(.sqlite) { store, _ in
            let cache = ResponseCache(store: store)
            let generation = try #require(await cache.generation())
            let key = ResponseCache.Key(target: "/photos/missing", origin: "http://x", viewer: "")
            _ = await cache.lookup(key, generation: generation)
            let reader = Task { () -> Bool in
                if case .make = await cache.lookup(key, generation: generation) { return true }
                return false
            }
            while cache.statistics.misses < 2 { await Task.yield() }
            cache.finish(key, entry: nil, generation: generation)
            #expect(await reader.value)
        }
    }

    @Test func readers_stop_waiting_for_a_maker_that_never_finishes() async throws {
        try await TestDatabase.withStore(.sqlite) { store, _ in
            // setup: a maker that never calls finish, and a reader waiting for it
            let clock = ManualClock()
            let cache = ResponseCache(store: store, patience: .seconds(5), clock: clock)
            let generation = try #require(await cache.generation())
            let key = ResponseCache.Key(target: "/photos", origin: "http://x", viewer: "")
            _ = await cache.lookup(key, generation: generation)
            let reader = Task { () -> Bool in
                if case .make = await cache.lookup(key, generation: generation) { return true }
                return false
            }
            while clock.sleeperCount == 0 { await Task.yield() }

            // act
            clock.advance(by: .seconds(5))

            // assert: the reader gave up waiting and makes its own answer
            #expect(await reader.value)
        }
    }

    /// Over a real socket, where lengths and methods are what the wire says: HEAD, GET and gzip all answer whole.
    @Test func head_get_and_gzip_over_a_live_server_answer_whole() async throws {
        try await withTestServer(transport: .live) { server in
            try await TestLibrary.seed(server.store, count: 10)  // a page big enough to be gzipped
            let head = try await server.client.execute(uri: "/photos", method: .head)
            let get = try await server.client.execute(uri: "/photos", method: .get)
            let zipped = try await server.client.execute(
                uri: "/photos", method: .get, headers: [.acceptEncoding: "gzip"])
            #expect(head.status == .ok)
            #expect(get.status == .ok)
            #expect(zipped.headers[.eTag] == get.headers[.eTag])
            #expect(zipped.headers[.contentEncoding] == "gzip")
            // the length on the wire is the gzip body's own, so a real client reads it whole
            #expect(zipped.headers[.contentLength] == String(zipped.body.readableBytes))
            #expect(try gunzip(zipped.body) == Array(get.body.readableBytesView))
        }
    }

    @Test func accept_encoding_is_read_with_its_weights() {
        #expect(Gzip.isAccepted(by: "gzip, deflate, br"))
        #expect(Gzip.isAccepted(by: "br;q=1.0, GZIP;q=0.5"))
        #expect(Gzip.isAccepted(by: "*"))
        #expect(!Gzip.isAccepted(by: "gzip;q=0"))
        #expect(!Gzip.isAccepted(by: "br, identity"))
        #expect(!Gzip.isAccepted(by: nil))
    }

    @Test func if_none_match_compares_weakly_and_accepts_lists() {
        #expect(ETag.matches(#""a", "b""#, #""b""#))
        #expect(ETag.matches(#"W/"b""#, #""b""#))
        #expect(ETag.matches("*", #""b""#))
        #expect(!ETag.matches(#""a""#, #""b""#))
        #expect(!ETag.matches(nil, #""b""#))
    }
}

/// Decompresses with the system's `gzip`, an implementation independent of the server's.
func gunzip(_ buffer: ByteBuffer) throws -> [UInt8] {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("imagefeed-\(UUID().uuidString).gz")
    try Data(buffer.readableBytesView).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-dc", file.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return [UInt8](data)
}
