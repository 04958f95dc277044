import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import Imaging
import TestSupport
import Testing

@testable import FeedServer

/// Photos at known places around Paris (and one in London), for near-me searches. Distances from the Eiffel Tower:
/// Louvre ≈ 3.2 km, Versailles ≈ 14 km, London ≈ 340 km; from the Louvre, Versailles is ≈ 17 km.
enum Landmark: String, CaseIterable, Sendable {
    case eiffelTower, louvre, versailles, london

    var position: (latitude: Double, longitude: Double) {
        switch self {
        case .eiffelTower: (48.8584, 2.2945)
        case .louvre: (48.8606, 2.3376)
        case .versailles: (48.8049, 2.1204)
        case .london: (51.5007, -0.1246)
        }
    }

    var title: String {
        switch self {
        case .eiffelTower: "Eiffel Tower in Paris"
        case .louvre: "Louvre pyramid in Paris"
        case .versailles: "Versailles palace gardens"
        case .london: "Westminster in London"
        }
    }

    var tags: [String] {
        switch self {
        case .eiffelTower: ["tower", "landmark"]
        case .louvre: ["museum", "landmark"]
        case .versailles: ["garden", "landmark"]
        case .london: ["tower", "river"]
        }
    }

    /// Records every landmark (and one photo without a position) for `owner`.
    static func record(_ server: TestServer, owner: TestUser) async throws -> [Landmark: String] {
        var ids: [Landmark: String] = [:]
        for landmark in allCases {
            ids[landmark] = try await server.recordPhoto(
                owner: owner, title: landmark.title, tags: landmark.tags,
                place: Place(
                    name: landmark.title, latitude: landmark.position.latitude,
                    longitude: landmark.position.longitude))
        }
        try await server.recordPhoto(owner: owner, title: "Paris somewhere, no position", tags: ["landmark"])
        return ids
    }
}

@Suite("Features: search filters and near me")
struct FeaturesSearchFilterTests {
    /// The two list endpoints that take the photo filters.
    enum Endpoint: String, CaseIterable, Sendable {
        case search, feed

        func ids(_ server: TestServer, _ parameters: String) async throws -> [String] {
            let response = try await server.client.get(uri(parameters))
            try #require(response.status == .ok, "\(uri(parameters)): \(response.status) \(response.text)")
            return self == .search ? try response.searchIDs() : try response.photoIDs()
        }

        func uri(_ parameters: String) -> String {
            switch self {
            case .search: "/search/photos?per_page=30&" + parameters
            case .feed: "/photos?per_page=30&" + parameters
            }
        }
    }

    @Test(arguments: Backend.available, Endpoint.allCases)
    func tags_filter_keeps_photos_with_every_tag(backend: Backend, endpoint: Endpoint) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let both = try await server.recordPhoto(owner: alice, title: "Beach one", tags: ["beach", "sunset"])
            let beachOnly = try await server.recordPhoto(owner: alice, title: "Beach two", tags: ["beach"])
            let sunsetOnly = try await server.recordPhoto(owner: alice, title: "Beach three", tags: ["sunset", "city"])
            let text = endpoint == .search ? "query=beach&" : ""

            // act
            let bothTags = try await endpoint.ids(server, text + "tags=beach,sunset")
            let spaced = try await endpoint.ids(server, text + "tags=Sunset,%20Beach")
            let oneTag = try await endpoint.ids(server, text + "tags=beach")
            let unknown = try await endpoint.ids(server, text + "tags=beach,mountain")

            // assert
            #expect(bothTags == [both])
            #expect(spaced == [both])
            #expect(Set(oneTag) == [both, beachOnly])
            #expect(!oneTag.contains(sunsetOnly))
            #expect(unknown.isEmpty)
        }
    }

    @Test(arguments: Backend.available)
    func every_search_response_carries_tag_counts(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            try await server.recordPhoto(owner: alice, title: "Beach one", tags: ["beach", "sunset"])
            try await server.recordPhoto(owner: alice, title: "Beach two", tags: ["beach"])
            try await server.recordPhoto(owner: alice, title: "Beach three", tags: ["sunset", "city"])
            try await server.recordPhoto(owner: alice, title: "Mountain", tags: ["snow"])

            // act
            let all = try await server.client.get("/search/photos?query=beach&per_page=1")
            let filtered = try await server.client.get("/search/photos?query=beach&tags=sunset")
            let none = try await server.client.get("/search/photos?query=zebra")

            // assert
            let counts = Dictionary(
                try all.decode(PhotoSearchResults.self).tags.map { ($0.title, $0.count) },
                uniquingKeysWith: { first, _ in first })
            #expect(counts == ["beach": 2, "sunset": 2, "city": 1])
            let filteredCounts = try filtered.decode(PhotoSearchResults.self).tags.map { "\($0.title)=\($0.count)" }
            #expect(Set(filteredCounts) == ["sunset=2", "beach=1", "city=1"])
            #expect(try none.object()["tags"] as? [Any] != nil)
            #expect(try none.decode(PhotoSearchResults.self).tags.isEmpty)
        }
    }

    @Test(arguments: Backend.available, Endpoint.allCases)
    func near_me_keeps_photos_inside_the_radius_nearest_first(backend: Backend, endpoint: Endpoint) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let ids = try await Landmark.record(server, owner: alice)
            let eiffel = "lat=48.8584&lon=2.2945"
            let louvre = "lat=48.8606&lon=2.3376"

            // act
            let defaultRadius = try await endpoint.ids(server, eiffel)
            let within5 = try await endpoint.ids(server, eiffel + "&radius=5")
            let within15 = try await endpoint.ids(server, eiffel + "&radius=15")
            let within100 = try await endpoint.ids(server, eiffel + "&radius=100")
            let fromLouvre = try await endpoint.ids(server, louvre + "&radius=20")
            let farAway = try await endpoint.ids(server, "lat=-33.8568&lon=151.2153&radius=100")

            // assert
            #expect(defaultRadius == [ids[.eiffelTower]!, ids[.louvre]!])
            #expect(within5 == [ids[.eiffelTower]!, ids[.louvre]!])
            #expect(within15 == [ids[.eiffelTower]!, ids[.louvre]!, ids[.versailles]!])
            #expect(within100 == within15)
            #expect(fromLouvre == [ids[.louvre]!, ids[.eiffelTower]!, ids[.versailles]!])
            #expect(farAway.isEmpty)
        }
    }

    @Test(arguments: Backend.available)
    func near_me_results_carry_their_position_and_combine_with_a_query(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let ids = try await Landmark.record(server, owner: alice)

            // act
            let response = try await server.client.get(
                "/search/photos?query=paris&lat=48.8584&lon=2.2945&radius=100",
                headers: alice.auth)

            // assert
            #expect(response.status == .ok)
            let results = try response.decode(PhotoSearchResults.self)
            #expect(results.results.map(\.id) == [ids[.eiffelTower]!, ids[.louvre]!])
            #expect(results.total == 2)
            #expect(results.results.first?.location?.position == Position(latitude: 48.8584, longitude: 2.2945))
            #expect(results.results.last?.location?.position == Position(latitude: 48.8606, longitude: 2.3376))
            let counts = Dictionary(results.tags.map { ($0.title, $0.count) }, uniquingKeysWith: { first, _ in first })
            #expect(counts == ["landmark": 2, "tower": 1, "museum": 1])
            #expect(response.header("X-Total") == "2")
        }
    }

    @Test(arguments: Backend.available)
    func near_me_tag_counts_cover_only_photos_inside_the_radius(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup: ≈ 18.8 km north-east of the Eiffel Tower, inside the radius' bounding box but outside the circle
            let alice = try await server.user("alice")
            let ids = try await Landmark.record(server, owner: alice)
            let corner = try await server.recordPhoto(
                owner: alice, title: "Corner of the box", tags: ["corner"],
                place: Place(name: "Corner", latitude: 48.9784, longitude: 2.4745))

            // act
            let response = try await server.client.get("/search/photos?lat=48.8584&lon=2.2945&radius=15")

            // assert
            let results = try response.decode(PhotoSearchResults.self)
            #expect(results.results.map(\.id) == [ids[.eiffelTower]!, ids[.louvre]!, ids[.versailles]!])
            #expect(!results.results.map(\.id).contains(corner))
            let counts = Dictionary(results.tags.map { ($0.title, $0.count) }, uniquingKeysWith: { first, _ in first })
            #expect(counts == ["landmark": 3, "tower": 1, "museum": 1, "garden": 1])
        }
    }

    @Test(
        arguments: Endpoint.allCases,
        [
            "lat=48.8584&lon=2.2945&radius=0", "lat=48.8584&lon=2.2945&radius=500", "lat=48.8584&lon=2.2945&radius=-3",
            "lat=48.8584&lon=2.2945&radius=far", "lat=91&lon=2.2945", "lat=48.8584&lon=181", "lat=48.8584",
            "lon=2.2945", "lat=north&lon=2.2945",
        ])
    func bad_near_me_parameters_are_400(endpoint: Endpoint, parameters: String) async throws {
        try await withTestServer(.sqlite) { server in
            // setup
            let alice = try await server.user("alice")
            _ = try await Landmark.record(server, owner: alice)

            // act
            let response = try await server.client.get(endpoint.uri(parameters))

            // assert
            #expect(response.status == .badRequest)
            #expect(response.errors.count == 1)
        }
    }

    @Test
    func search_without_query_or_position_is_400() async throws {
        try await withTestServer(.sqlite) { server in
            // act
            let response = try await server.client.get("/search/photos?radius=5")

            // assert
            #expect(response.status == .badRequest)
        }
    }

    @Test(arguments: Backend.available)
    func color_filter_finds_a_solid_red_upload(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let red = try await server.uploadPhoto(
                try Fixtures.solid(width: 64, height: 48, red: 220, green: 20, blue: 20, format: .jpeg), as: alice,
                fields: ["description": "Solid test card"])
            let blue = try await server.uploadPhoto(
                try Fixtures.solid(width: 64, height: 48, red: 20, green: 40, blue: 220, format: .jpeg), as: alice,
                fields: ["description": "Solid test card"])

            // act
            let searchRed = try await Endpoint.search.ids(server, "query=solid&color=red")
            let searchBlue = try await Endpoint.search.ids(server, "query=solid&color=blue")
            let searchGreen = try await Endpoint.search.ids(server, "query=solid&color=green")
            let feedRed = try await Endpoint.feed.ids(server, "color=red")
            let feedBlue = try await Endpoint.feed.ids(server, "color=blue")
            let badColor = try await server.client.get("/photos?color=crimson")

            // assert
            #expect(searchRed == [red.id])
            #expect(searchBlue == [blue.id])
            #expect(searchGreen.isEmpty)
            #expect(feedRed == [red.id])
            #expect(feedBlue == [blue.id])
            #expect(badColor.status == .badRequest)
        }
    }

    @Test(arguments: Backend.available, Endpoint.allCases)
    func orientation_filter_keeps_the_matching_shape(backend: Backend, endpoint: Endpoint) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let wide = try await server.recordPhoto(owner: alice, title: "Shape wide", width: 1200, height: 800)
            let tall = try await server.recordPhoto(owner: alice, title: "Shape tall", width: 800, height: 1200)
            let square = try await server.recordPhoto(owner: alice, title: "Shape square", width: 1000, height: 1000)
            let text = endpoint == .search ? "query=shape&" : ""

            // act
            let landscape = try await endpoint.ids(server, text + "orientation=landscape")
            let portrait = try await endpoint.ids(server, text + "orientation=portrait")
            let squarish = try await endpoint.ids(server, text + "orientation=squarish")
            let bad = try await server.client.get(endpoint.uri(text + "orientation=diagonal"))

            // assert
            #expect(landscape == [wide])
            #expect(portrait == [tall])
            #expect(squarish == [square])
            #expect(bad.status == .badRequest)
        }
    }
}
