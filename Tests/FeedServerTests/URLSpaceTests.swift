import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

/// The URL space is written down once, in the route groups: every route gets its group's middleware, no other
/// path gets any group's, and the 405 and `OPTIONS` answers follow from the registered methods.
@Suite("URL space")
struct URLSpaceTests {
    static let foreignOrigin = "https://elsewhere.example"

    /// A concrete request path for a route pattern: every parameter becomes `x`.
    static func concrete(_ pattern: String) -> String {
        pattern.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(":") ? "x" : String($0) }.joined(separator: "/")
    }

    /// What each group's middleware leaves on an answer, read from one request.
    struct Marks: Equatable, CustomStringConvertible {
        /// The API's rate limit (`X-Ratelimit-Limit`).
        var apiRateLimit = false
        /// CORS (`Access-Control-Allow-Origin` for a foreign `Origin`).
        var cors = false
        /// A session middleware (a stale session cookie is cleared).
        var session = false
        /// The response cache (`Cache-Status`).
        var responseCache = false

        init(_ response: TestResponse) {
            apiRateLimit = response.headers[.rateLimitLimit] != nil
            cors = response.headers[.accessControlAllowOrigin] != nil
            session = response.headers[values: .setCookie].contains { $0.hasPrefix(SessionCookie.name + "=;") }
            responseCache = response.headers[.cacheStatus] != nil
        }

        init(apiRateLimit: Bool = false, cors: Bool = false, session: Bool = false, responseCache: Bool = false) {
            self.apiRateLimit = apiRateLimit
            self.cors = cors
            self.session = session
            self.responseCache = responseCache
        }

        var description: String {
            "rate limit \(apiRateLimit), CORS \(cors), session \(session), cache \(responseCache)"
        }
    }

    static func refusedAsCrossSite(_ response: TestResponse) -> Bool {
        response.status == .forbidden && response.errors.first?.hasPrefix("Cross-site request refused") == true
    }

    static func expectedMarks(_ group: RouteGroupKind, method: HTTPRequest.Method) -> Marks {
        switch group {
        case .api: Marks(apiRateLimit: true, cors: true, session: true)
        case .apiCachedReads, .apiCountedReads:
            Marks(apiRateLimit: true, cors: true, session: true, responseCache: method == .get)
        case .oauth, .images: Marks(cors: true)
        case .pages: Marks(session: true)
        case .webApp, .operations: Marks()
        case .flickr: Marks(apiRateLimit: true, cors: true)
        case .pixabay: Marks(cors: true)
        case .jsonPlaceholder: Marks(apiRateLimit: true, cors: true, session: true)
        case .firebaseAuth, .firebaseAdmin, .firebaseKeys, .firebaseStorage, .cloudStorage: Marks(cors: true)
        }
    }

    @Test(arguments: Backend.available)
    func every_route_gets_the_middleware_of_its_group_and_no_other_path_does(backend: Backend) async throws {
        let web = try Fixtures.temporaryDirectory(prefix: "imagefeed-web")
        defer { try? FileManager.default.removeItem(atPath: web) }
        try "<!doctype html>".write(toFile: web + "/index.html", atomically: true, encoding: .utf8)
        try "export {};".write(toFile: web + "/app.js", atomically: true, encoding: .utf8)
        try await withTestServer(
            backend,
            configure: {
                $0.webDirectory = web
                $0.imageRateLimitPerHour = 1
            }
        ) { server in
            // setup: a stale cookie (cleared by session middleware), a live session (for CSRF), a foreign origin
            let alice = try await server.user("alice")
            let session = "session-of-alice"
            try await server.store.createSession(
                idHash: Secrets.hash(session), userID: alice.id, expiresAt: Date().addingTimeInterval(3600))
            let stale: HTTPFields = [.cookie: "\(SessionCookie.name)=stale", .origin: Self.foreignOrigin]
            let crossSite: HTTPFields = [.cookie: "\(SessionCookie.name)=\(session)", .origin: Self.foreignOrigin]
            let entries = server.routes.entries
            #expect(entries.count > 40)
            #expect(Set(entries).count == entries.count, "a route is registered twice")
            // one image request uses up the image limit, so from now on every image route answers 429
            _ = try await server.client.get("/img/x")

            for entry in entries {
                let uri = Self.concrete(entry.path)
                let label = "\(entry.method) \(entry.path) (\(entry.group))"

                // act
                let answer = try await server.client.execute(uri: uri, method: entry.method, headers: stale)
                let unsafe = [.post, .put, .patch, .delete].contains(entry.method)
                let forged =
                    unsafe
                    ? try await server.client.execute(uri: uri, method: entry.method, headers: crossSite) : nil

                // assert: each group's marks, and nothing of another group's
                #expect(Marks(answer) == Self.expectedMarks(entry.group, method: entry.method), "\(label)")
                #expect((answer.status == .tooManyRequests) == (entry.group == .images), "\(label): \(answer.status)")
                if let forged {
                    // with a session, every group with a CSRF check refuses; without one, only the pages do
                    let checked: Set<RouteGroupKind> = [.api, .apiCachedReads, .pages, .jsonPlaceholder]
                    #expect(
                        Self.refusedAsCrossSite(forged) == checked.contains(entry.group), "\(label): \(forged.status)")
                    #expect(Self.refusedAsCrossSite(answer) == (entry.group == .pages), "\(label): \(answer.status)")
                }
            }

            // paths that are no route get none of it
            for uri in ["/nope", "/photos/x/y/z", "/img", "/img/x/y", "/api/x", "/account", "/services/nope"] {
                let answer = try await server.client.execute(uri: uri, method: .get, headers: stale)
                #expect(answer.status == .notFound, "\(uri)")
                #expect(Marks(answer) == Marks(), "\(uri)")
                #expect(!answer.errors.isEmpty, "\(uri)")
            }
        }
    }

    @Test(arguments: Backend.available)
    func every_path_answers_405_with_allow_for_the_methods_it_does_not_serve(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            let key = try await server.app().key
            for (path, methods, group) in server.routes.paths {
                // Firebase Auth's client routes want a web API key before anything else.
                let uri = Self.concrete(path) + (group == .firebaseAuth ? "?key=" + key : "")
                let allowed = RouteTable.canonicalOrder.filter { methods.contains($0) || $0 == .options }
                let allow = allowed.map(\.rawValue).joined(separator: ", ")

                // act
                let options = try await server.client.execute(uri: uri, method: .options)
                var refusals: [(HTTPRequest.Method, TestResponse)] = []
                for method in RouteTable.answeredMethods where !methods.contains(method) {
                    refusals.append((method, try await server.client.execute(uri: uri, method: method)))
                }

                // assert
                #expect(options.status == .noContent, "OPTIONS \(path)")
                #expect(options.headers[.allow] == allow, "OPTIONS \(path)")
                for (method, refusal) in refusals {
                    #expect(refusal.status == .methodNotAllowed, "\(method) \(path)")
                    #expect(refusal.headers[.allow] == allow, "\(method) \(path)")
                    if method != .head {  // a HEAD answer has no body
                        // in the format of the path's API: ours, or Google's for the Firebase surfaces
                        let message = "\(method.rawValue) is not allowed here; use \(allow)."
                        let messages =
                            refusal.errors.isEmpty
                            ? ((try? refusal.object()["error"] as? [String: Any])?["message"] as? String).map { [$0] }
                                ?? []
                            : refusal.errors
                        #expect(messages == [message], "\(method) \(path)")
                    }
                }
            }
        }
    }
}
