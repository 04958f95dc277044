import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedServer

/// Each dialect types its answers byte for byte as its service does (issue 32, item 1), from the cache as from the
/// handler; and JSONPlaceholder answers JSONP as json-server does (item 6).
@Suite("Dialect content types and JSONP")
struct DialectContentTypeTests {
    @Test func unsplash_answers_are_exactly_application_json_from_the_handler_the_cache_and_for_errors() async throws {
        try await withTestServer { server in
            // setup
            let alice = try await server.user("alice")
            try await server.recordPhoto(owner: alice, title: "Sea")

            // act
            let first = try await server.client.get("/photos")
            let cached = try await server.client.get("/photos")
            let missing = try await server.client.get("/photos/nope")

            // assert
            #expect(first.header("Content-Type") == "application/json")
            #expect(
                cached.header("Cache-Status") == "ImageFeed; hit" && cached.header("Content-Type") == "application/json"
            )
            #expect(missing.status == .notFound && missing.header("Content-Type") == "application/json")
        }
    }

    @Test func flickr_pixabay_and_jsonplaceholder_type_their_answers_as_their_services_do() async throws {
        try await withTestServer { server in
            // setup
            let alice = try await server.user("alice")
            try await server.recordPhoto(owner: alice, title: "Sea")
            let key = try await server.registerApp().key
            let rest = "/services/rest/?method=flickr.photos.getRecent&api_key=\(key)"

            // act
            let xml = try await server.client.get(rest)
            let json = try await server.client.get(rest + "&format=json&nojsoncallback=1")
            let jsonp = try await server.client.get(rest + "&format=json")
            let failure = try await server.client.get(
                "/services/rest/?method=flickr.nope&api_key=\(key)&format=json&nojsoncallback=1")
            let pixabay = try await server.client.get("/api/?key=\(key)&q=sea")
            let placeholder = try await server.client.get("/jsonplaceholder/users")

            // assert
            #expect(xml.header("Content-Type") == "text/xml; charset=utf-8")
            #expect(
                json.header("Content-Type") == "application/json"
                    && failure.header("Content-Type") == "application/json")
            #expect(
                jsonp.header("Content-Type") == "text/javascript; charset=utf-8"
                    && jsonp.text.hasPrefix("jsonFlickrApi({"))
            #expect(pixabay.header("Content-Type") == "application/json")
            #expect(placeholder.header("Content-Type") == "application/json; charset=utf-8")
        }
    }

    @Test func jsonplaceholder_answers_jsonp_as_json_server_does() async throws {
        try await withTestServer { server in
            // setup
            let alice = try await server.user("alice")
            let number = try #require(try await server.store.user(username: "alice")).number
            _ = alice

            // act
            let one = try await server.client.get("/jsonplaceholder/users/\(number)?callback=show")
            let list = try await server.client.get("/jsonplaceholder/users?callback=app.show&_=1700000000")
            let cleaned = try await server.client.get("/jsonplaceholder/users/\(number)?callback=a%3Cb%28%29")
            let missing = try await server.client.get("/jsonplaceholder/users/999?callback=show")
            let plain = try await server.client.get("/jsonplaceholder/users/\(number)?callback=")

            // assert
            #expect(one.status == .ok && one.header("Content-Type") == "text/javascript; charset=utf-8")
            #expect(one.header("X-Content-Type-Options") == "nosniff")
            #expect(one.text.hasPrefix("/**/ typeof show === 'function' && show({\"id\":\(number),"))
            #expect(one.text.hasSuffix("});"))
            // `callback` and jQuery's `_` are not filters: every user is listed.
            #expect(list.text.hasPrefix("/**/ typeof app.show === 'function' && app.show([{"))
            #expect(cleaned.text.hasPrefix("/**/ typeof ab === 'function' && ab({"))
            #expect(missing.status == .notFound && missing.text == "/**/ typeof show === 'function' && show({});")
            #expect(plain.header("Content-Type") == "application/json; charset=utf-8" && plain.text.hasPrefix("{"))
        }
    }
}
