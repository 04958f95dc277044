import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

/// The web app's files: gzip, ETags, no escape from the folder, and the first feed page inlined into `index.html`.
@Suite("Web app serving")
struct WebAppServingTests {
    static let index = """
        <!doctype html><html><head><title>ImageFeed</title>\(WebAppController.marker)</head><body></body></html>
        """

    /// Runs `body` with a web folder holding an index with the marker and a script big enough to be worth
    /// compressing, beside a secret file just outside it; both are removed afterwards, whether `body` threw or not.
    static func withWebFolder<Result>(_ body: (String) async throws -> Result) async throws -> Result {
        // The secret sits in a folder of the test's own, not in the shared temporary directory.
        let outer = try Fixtures.temporaryDirectory(prefix: "imagefeed-web")
        defer { try? FileManager.default.removeItem(atPath: outer) }
        let folder = outer + "/web"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.index.write(toFile: folder + "/index.html", atomically: true, encoding: .utf8)
        let script = (0..<200).map { "export const value\($0) = \($0);" }.joined(separator: "\n")
        try script.write(toFile: folder + "/app.js", atomically: true, encoding: .utf8)
        try "secret".write(toFile: outer + "/imagefeed-web-outside.txt", atomically: true, encoding: .utf8)
        return try await body(folder)
    }

    /// The JSON object inside `<script id="first-page">`.
    static func inlinedPage(_ html: String) throws -> [String: Any] {
        let start = try #require(html.range(of: #"<script id="first-page" type="application/json">"#))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = String(html[start.upperBound..<end.lowerBound])
        #expect(!json.contains("<"))
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test(arguments: Backend.available)
    func index_carries_the_first_feed_page_for_visitors(backend: Backend) async throws {
        try await Self.withWebFolder { web in
            try await withTestServer(backend, configure: { $0.webDirectory = web }) { server in
                // setup: a description that would end the script element if it were not escaped
                let alice = try await server.user("alice")
                var ids: [String] = []
                for index in 0..<22 {
                    ids.append(try await server.recordPhoto(owner: alice, title: "Photo \(index) </script><!--"))
                }

                // act
                let page = try await server.client.get("/")
                let feed = try await server.client.get(WebAppController.firstPagePath)

                // assert: the same photos, Link and total as the API
                #expect(page.status == .ok)
                #expect(page.headers[.contentType] == "text/html; charset=utf-8")
                let html = String(buffer: page.body)
                #expect(html.hasPrefix("<!doctype html>"))
                #expect(!html.contains(WebAppController.marker))
                let inlined = try Self.inlinedPage(html)
                #expect(inlined["path"] as? String == WebAppController.firstPagePath)
                #expect(inlined["total"] as? Int == 22)
                #expect(inlined["link"] as? String == feed.headers[.link])
                let photos = try #require(inlined["photos"] as? [[String: Any]])
                #expect(photos.map { $0["id"] as? String } == (try feed.photoIDs()))
                #expect(photos.count == 20)
                #expect(photos.allSatisfy { ($0["description"] as? String)?.hasSuffix(" </script><!--") == true })
            }
        }
    }

    @Test(arguments: Backend.available)
    func signed_in_people_get_the_plain_index(backend: Backend) async throws {
        try await Self.withWebFolder { web in
            try await withTestServer(backend, configure: { $0.webDirectory = web }) { server in
                let alice = try await server.user("alice")
                try await server.recordPhoto(owner: alice, title: "Harbour")
                let session = "web-session-of-alice"
                try await server.store.createSession(
                    idHash: Secrets.hash(session), userID: alice.id, expiresAt: Date().addingTimeInterval(3600))

                let page = try await server.client.get("/", headers: [.cookie: "\(SessionCookie.name)=\(session)"])

                #expect(String(buffer: page.body) == Self.index)
            }
        }
    }

    @Test(arguments: Backend.available)
    func files_are_gzipped_revalidated_and_kept_inside_the_folder(backend: Backend) async throws {
        try await Self.withWebFolder { web in
            try await withTestServer(backend, configure: { $0.webDirectory = web }) { server in
                let plain = try await server.client.get("/app.js")
                let zipped = try await server.client.get("/app.js", headers: [.acceptEncoding: "gzip"])
                let etag = try #require(plain.headers[.eTag])
                let revalidated = try await server.client.get("/app.js", headers: [.ifNoneMatch: etag])
                let outside = try await server.client.get("/../imagefeed-web-outside.txt")
                let hidden = try await server.client.get("/.env")
                let missing = try await server.client.get("/nothing-here.js")

                #expect(plain.status == .ok)
                #expect(plain.headers[.contentType] == "text/javascript; charset=utf-8")
                #expect(plain.headers[.cacheControl] == "no-cache")
                #expect(plain.headers[.rateLimitRemaining] == nil)  // files are not API calls
                #expect(zipped.headers[.contentEncoding] == "gzip")
                #expect(try gunzip(zipped.body) == Array(plain.body.readableBytesView))
                #expect(revalidated.status == .notModified)
                #expect(outside.status == .notFound)
                #expect(!String(buffer: outside.body).contains("secret"))
                #expect(hidden.status == .notFound)
                #expect(missing.status == .notFound)
            }
        }
    }

    @Test func every_visible_file_of_the_folder_becomes_a_route_and_nothing_else() async throws {
        try await Self.withWebFolder { folder in
            // setup
            try FileManager.default.createDirectory(atPath: folder + "/icons", withIntermediateDirectories: true)
            try "<svg/>".write(toFile: folder + "/icons/a.svg", atomically: true, encoding: .utf8)
            try "x".write(toFile: folder + "/.env", atomically: true, encoding: .utf8)
            try FileManager.default.createDirectory(atPath: folder + "/.git", withIntermediateDirectories: true)
            try "x".write(toFile: folder + "/.git/config", atomically: true, encoding: .utf8)

            // act
            let names = WebAppFiles(root: folder).names()

            // assert
            #expect(names == ["app.js", "icons/a.svg", "index.html"])
        }
    }
}
