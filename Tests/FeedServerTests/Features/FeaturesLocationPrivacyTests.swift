import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import Imaging
import TestSupport
import Testing

@testable import FeedServer

@Suite("Features: location privacy")
struct FeaturesLocationPrivacyTests {
    static let exact = Position(latitude: 48.858370, longitude: 2.294481)
    static let rounded = Position(latitude: 48.86, longitude: 2.29)

    /// The position of one photo as `caller` sees it in every response that shows it.
    static func positions(
        _ server: TestServer, _ id: String, as caller: TestUser?
    ) async throws -> [String: Position?] {
        let headers = caller?.auth ?? [:]
        var seen: [String: Position?] = [:]
        seen["single"] = try await server.client.get("/photos/\(id)", headers: headers).decode(Photo.self)
            .location?.position
        seen["feed"] = try await server.client.get("/photos", headers: headers).decode([Photo].self)
            .first { $0.id == id }?.location?.position
        seen["user"] = try await server.client.get("/users/alice/photos", headers: headers).decode([Photo].self)
            .first { $0.id == id }?.location?.position
        seen["search"] = try await server.client.get("/search/photos?query=tower", headers: headers)
            .decode(PhotoSearchResults.self).results.first { $0.id == id }?.location?.position
        seen["near"] = try await server.client.get("/photos?lat=48.8584&lon=2.2945&radius=1", headers: headers)
            .decode([Photo].self).first { $0.id == id }?.location?.position
        return seen
    }

    @Test(arguments: Backend.available)
    func the_public_sees_rounded_coordinates_and_the_owner_exact_ones(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let otto = try await server.user("otto")
            let id = try await server.recordPhoto(
                owner: alice, title: "Tower at noon",
                place: Place(name: "Champ de Mars", latitude: Self.exact.latitude, longitude: Self.exact.longitude))

            // act
            let anonymous = try await Self.positions(server, id, as: nil)
            let other = try await Self.positions(server, id, as: otto)
            let owner = try await Self.positions(server, id, as: alice)

            // assert
            for (response, position) in anonymous { #expect(position == Self.rounded, "anonymous \(response)") }
            for (response, position) in other { #expect(position == Self.rounded, "otto \(response)") }
            for (response, position) in owner { #expect(position == Self.exact, "owner \(response)") }
        }
    }

    @Test(arguments: Backend.available)
    func after_the_owner_makes_positions_public_everyone_sees_exact_ones(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let otto = try await server.user("otto")
            let id = try await server.recordPhoto(
                owner: alice, title: "Tower at noon",
                place: Place(name: "Champ de Mars", latitude: Self.exact.latitude, longitude: Self.exact.longitude))

            // act
            let update = try await server.client.send(
                .put, "/me", headers: alice.formHeaders, body: "exact_location_public=true")
            let anonymous = try await Self.positions(server, id, as: nil)
            let other = try await Self.positions(server, id, as: otto)

            // assert
            #expect(update.status == .ok)
            #expect(try update.object()["exact_location_public"] as? Bool == true)
            #expect(
                try await server.client.get("/me", headers: alice.auth).object()["exact_location_public"] as? Bool
                    == true)
            for (response, position) in anonymous { #expect(position == Self.exact, "anonymous \(response)") }
            for (response, position) in other { #expect(position == Self.exact, "otto \(response)") }
        }
    }

    @Test(arguments: Backend.available)
    func renditions_never_carry_gps(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup: the fixture's EXIF carries GPS 48.8584 N, 2.2945 E
            let alice = try await server.user("alice")
            let bytes = try smallJPEG(
                seed: 31, width: 160, height: 120, gps: GPSPosition(latitude: 48.8584, longitude: 2.2945))
            try #require(try Imaging().probe(data: bytes).gps != nil)
            let photo = try await server.uploadPhoto(bytes, as: alice)
            let download = try await server.client.get("/photos/\(photo.id)/download?w=120&h=200", headers: alice.auth)
                .decode(DownloadLink.self)
            let urls = [
                photo.urls.full, photo.urls.regular, photo.urls.small, photo.urls.thumb, download.url,
                server.client.originURL(photo.urls.raw, query: "w=80&h=80&fit=crop&fm=png"),
                server.client.originURL(photo.urls.raw, query: "w=100&fm=webp"),
            ]

            for url in urls {
                // act
                let response = try await server.client.get(try pathAndQuery(url))

                // assert
                #expect(response.status == .ok, "\(url)")
                #expect(try Imaging().probe(data: response.bytes).gps == nil, "\(url)")
            }
            let position = try #require(photo.location?.position)
            #expect(abs(position.latitude - 48.8584) < 0.0001)
            #expect(abs(position.longitude - 2.2945) < 0.0001)
        }
    }
}

extension TestClientProtocol {
    /// `url` with `query` as its query string.
    func originURL(_ url: String, query: String) -> String {
        (url.split(separator: "?").first.map(String.init) ?? url) + "?" + query
    }
}
