import FeedStore
import Foundation
import HummingbirdTesting
import TestSupport
import Testing

/// Pixabay's API at `/api/`.
@Suite("Pixabay dialect")
struct PixabayDialectTests {
    @Test(arguments: Backend.available)
    func search_filters_by_size_and_answers_as_pixabay_does(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup: a big and a small photo tagged nature
            let alice = try await server.user("alice")
            let big = try await server.recordPhoto(
                owner: alice, title: "Big", tags: ["nature"], width: 3000, height: 4000)
            try await server.recordPhoto(owner: alice, title: "Small", tags: ["nature"], width: 300, height: 200)
            let key = try await server.registerApp().key
            let bigNumber = try #require(try await server.store.photo(idOrSlug: big)).number

            // act: iWall's request, with pixabay-python's odd values
            let wallpapers = try await server.client.get(
                "/api/?key=\(key)&q=iPhone+nature&min_width=1170&min_height=2532&per_page=10&page=1&image_type=photo"
                    + "&editors_choice=False&safe_search=True&colors=None&orientation=all")
            let all = try await server.client.get("/api/?key=\(key)&q=nature&per_page=3")
            let jsonp = try await server.client.get("/api/?key=\(key)&callback=show&per_page=3")
            let tooFew = try await server.client.get("/api/?key=\(key)&per_page=2")
            let pastEnd = try await server.client.get("/api/?key=\(key)&per_page=3&page=2")
            let badKey = try await server.client.get("/api/?key=nope")
            let badNumber = try await server.client.get("/api/?key=\(key)&min_width=wide")
            let videos = try await server.client.get("/api/videos/?key=\(key)")

            // assert
            let body = try wallpapers.object()
            let hits = try #require(body["hits"] as? [[String: Any]])
            #expect(body["total"] as? Int == 1 && body["totalHits"] as? Int == 1)
            #expect(hits.count == 1 && hits[0]["id"] as? Int == Int(bigNumber) && hits[0]["type"] as? String == "photo")
            for field in [
                "favorites", "collections", "likes", "views", "downloads", "comments", "user_id", "imageWidth",
                "previewWidth", "webformatHeight", "imageSize",
            ] {
                #expect(hits[0][field] is Int, "\(field)")
            }
            #expect(hits[0]["webformatHeight"] as? Int == 640 && hits[0]["webformatWidth"] as? Int == 480)
            #expect(
                (hits[0]["webformatURL"] as? String)?.hasSuffix("_640.jpg") == true
                    && hits[0]["tags"] as? String == "nature")
            #expect(
                wallpapers.header("X-RateLimit-Limit") == "100" && wallpapers.header("X-RateLimit-Remaining") == "99")
            #expect(wallpapers.header("X-RateLimit-Reset") != nil)
            #expect(try all.object()["total"] as? Int == 2)
            #expect(jsonp.text.hasPrefix("show({\"total\":2,") && jsonp.text.hasSuffix("})"))
            #expect(tooFew.status == .badRequest && tooFew.text == "[ERROR 400] \"per_page\" is out of valid range.")
            #expect(pastEnd.status == .badRequest && pastEnd.text == "[ERROR 400] \"page\" is out of valid range.")
            #expect(badKey.status == .badRequest && badKey.text.hasPrefix("[ERROR 400] Invalid API key."))
            #expect(badNumber.status == .badRequest && badNumber.text.contains("min_width"))
            #expect(try videos.object()["totalHits"] as? Int == 0)
        }
    }

    @Test(arguments: Backend.available)
    func the_key_has_pixabays_limit_per_minute(backend: Backend) async throws {
        try await withTestServer(backend, configure: { $0.pixabayRateLimitPerMinute = 2 }) { server in
            let key = try await server.registerApp().key

            let answers = try await (0..<3).asyncMap { _ in try await server.client.get("/api/?key=\(key)") }

            #expect(answers.map(\.status) == [.ok, .ok, .tooManyRequests])
            #expect(answers[2].text == "[ERROR 429] API rate limit exceeded")
        }
    }
}

extension Sequence where Element: Sendable {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
