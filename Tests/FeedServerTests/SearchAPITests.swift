import FeedModels
import Foundation
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

@Suite("Search API", .fixtureLibrary)
struct SearchAPITests {
    /// Unsplash's colour filter names.
    static let colorNames = [
        "black_and_white", "black", "white", "yellow", "orange", "red", "purple", "magenta", "green", "teal", "blue",
    ]

    @Test(arguments: Backend.available)
    func search_answers_total_pages_results_and_tags_with_headers(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act: every photo's search text holds its owner's name
            let response = try await server.client.get("/search/photos?query=\(FixtureLibrary.owner)&per_page=3")

            // assert
            #expect(response.status == .ok)
            let object = try response.object()
            #expect(object["total"] as? Int == server.fixtures.count)
            #expect(object["total_pages"] as? Int == 3)
            #expect((object["results"] as? [Any])?.count == 3)
            #expect(object["tags"] is [Any])
            #expect(response.header("X-Total") == String(server.fixtures.count))
            #expect(response.header("X-Per-Page") == "3")
            #expect(Set(response.links.keys) == ["last", "next"])
            #expect(queryItems(response.links["next"] ?? "")["query"] == FixtureLibrary.owner)
        }
    }

    @Test(arguments: Backend.available)
    func search_matches_a_word_of_the_file_name(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let results = try await server.client.get("/search/photos?query=mountain").decode(PhotoSearchResults.self)

            // assert
            #expect(results.results.map(\.id) == [server.fixtures.id(.mountainLake)])
            #expect(results.total == 1)
        }
    }

    @Test(arguments: Backend.available)
    func search_matches_an_embedded_keyword(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let results = try await server.client.get("/search/photos?query=beach").decode(PhotoSearchResults.self)

            // assert
            #expect(results.results.map(\.id) == [server.fixtures.id(.seaView)])
        }
    }

    @Test(arguments: Backend.available)
    func search_matches_word_prefixes(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let results = try await server.client.get("/search/photos?query=eiff").decode(PhotoSearchResults.self)

            // assert
            #expect(results.results.map(\.id) == [server.fixtures.id(.eiffelTower)])
        }
    }

    @Test(arguments: Backend.available)
    func search_needs_every_word(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let both = try await server.client.get("/search/photos?query=night+street").decode(PhotoSearchResults.self)
            let mixed = try await server.client.get("/search/photos?query=night+mountain")
                .decode(PhotoSearchResults.self)

            // assert
            #expect(both.results.map(\.id) == [server.fixtures.id(.nightStreet)])
            #expect(mixed.total == 0)
        }
    }

    @Test(arguments: Backend.available, ["/search/photos", "/search/photos?query=", "/search/photos?query=+++"])
    func missing_query_is_400(backend: Backend, uri: String) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get(uri)

            // assert
            #expect(response.status == .badRequest)
            #expect(response.errors == ["query is missing"])
        }
    }

    @Test(
        arguments: Backend.available,
        [
            ("color=pink", "color", "black_and_white"),
            ("orientation=round", "orientation", "squarish"),
            ("order_by=popular", "order_by", "relevant"),
        ])
    func bad_filter_is_400_naming_the_allowed_values(
        backend: Backend, filter: (query: String, name: String, allowed: String)
    ) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/search/photos?query=alice&\(filter.query)")

            // assert
            #expect(response.status == .badRequest)
            let message = try #require(response.errors.first)
            #expect(message.hasPrefix(filter.name))
            #expect(message.contains(filter.allowed))
        }
    }

    @Test(arguments: Backend.available)
    func tags_filter_needs_every_tag(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let city = try await server.client.get("/search/photos?query=alice&tags=city")
                .decode(PhotoSearchResults.self)
            let both = try await server.client.get("/search/photos?query=alice&tags=nature,sunset")
                .decode(PhotoSearchResults.self)
            let none = try await server.client.get("/search/photos?query=alice&tags=city,sunset")
                .decode(PhotoSearchResults.self)

            // assert
            let cityIDs = FixturePhoto.allCases.filter { $0.folder == "city" }.map(server.fixtures.id)
            #expect(Set(city.results.map(\.id)) == Set(cityIDs))
            #expect(city.total == 4)
            #expect(both.results.map(\.id) == [server.fixtures.id(.seaView)])
            #expect(none.total == 0)
        }
    }

    @Test(arguments: Backend.available)
    func color_filter_selects_photos_of_that_colour(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // setup
            let photo = try await server.client.get("/photos/\(server.fixtures.id(.meadow))").decode(Photo.self)
            let name = PhotoColor(dominant: photo.color).rawValue
            let other = Self.colorNames.first { $0 != name }!

            // act
            let same = try await server.client.get("/search/photos?query=alice&per_page=30&color=\(name)")
                .decode(PhotoSearchResults.self)
            let different = try await server.client.get("/search/photos?query=alice&per_page=30&color=\(other)")
                .decode(PhotoSearchResults.self)
            var total = 0
            for color in Self.colorNames {
                total += try await server.client.get("/search/photos?query=alice&color=\(color)")
                    .decode(PhotoSearchResults.self).total
            }

            // assert
            #expect(same.results.map(\.id).contains(photo.id))
            #expect(!different.results.map(\.id).contains(photo.id))
            #expect(same.results.allSatisfy { PhotoColor(dominant: $0.color).rawValue == name })
            #expect(total == server.fixtures.count)
        }
    }

    @Test(arguments: Backend.available)
    func tag_facets_count_the_whole_result_set(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let results = try await server.client.get("/search/photos?query=alice&per_page=1")
                .decode(PhotoSearchResults.self)

            // assert
            let counts = Dictionary(uniqueKeysWithValues: results.tags.map { ($0.title, $0.count) })
            #expect(counts["holiday"] == server.fixtures.count)
            #expect(counts["nature"] == 4)
            #expect(counts["city"] == 4)
            #expect(counts["sunset"] == 1)
            #expect(counts["beach"] == 1)
            #expect(results.tags.first?.title == "holiday")
        }
    }

    @Test(arguments: Backend.available, ["%21%21%21", "%2A", "%22%27%28%29"])
    func punctuation_only_query_finds_nothing(backend: Backend, query: String) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/search/photos?query=\(query)")

            // assert
            #expect(response.status == .ok)
            #expect(try response.object()["total"] as? Int == 0)
            #expect(response.header("X-Total") == "0")
            #expect(response.header("Link") == nil)
        }
    }

    @Test(arguments: Backend.available)
    func search_by_orientation(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let results = try await server.client.get("/search/photos?query=alice&orientation=portrait")
                .decode(PhotoSearchResults.self)

            // assert
            #expect(results.results.map(\.id) == [server.fixtures.id(.tallTree)])
        }
    }

    @Test(arguments: Backend.available)
    func legacy_photos_search_returns_a_plain_array(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // act
            let response = try await server.client.get("/photos/search?query=mountain")

            // assert
            #expect(response.status == .ok)
            #expect(try response.array().map { $0["id"] as? String } == [server.fixtures.id(.mountainLake)])
            #expect(response.header("X-Total") == "1")
        }
    }
}
