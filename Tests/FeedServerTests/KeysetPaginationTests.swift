import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedServer

@Suite("Keyset pagination", .fixtureLibrary)
struct KeysetPaginationTests {
    @Test(arguments: Backend.available, PhotoOrder.allCases)
    func following_next_links_reads_the_same_pages_as_page_numbers(backend: Backend, order: PhotoOrder) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            // setup: the pages by number
            var byNumber: [[String]] = []
            for number in 1...4 {
                let ids = try await server.client.get("/photos?per_page=3&order_by=\(order.rawValue)&page=\(number)")
                    .array().compactMap { $0["id"] as? String }
                if ids.isEmpty { break }
                byNumber.append(ids)
            }
            // act: the same walk through `Link: rel="next"`, which carries a cursor
            var byLink: [[String]] = []
            var next: String? = "/photos?per_page=3&order_by=\(order.rawValue)"
            while let uri = next, byLink.count < 10 {
                let response = try await server.client.get(uri)
                byLink.append(try response.array().compactMap { $0["id"] as? String })
                next = try response.links["next"].map(pathAndQuery)
                if let next { #expect(queryItems(next)["cursor"] != nil) }
            }
            // assert
            #expect(byLink == byNumber)
            #expect(Set(byLink.joined()).count == byLink.joined().count)
        }
    }

    @Test(arguments: Backend.available)
    func a_malformed_cursor_is_a_400(backend: Backend) async throws {
        try await withTestServer(backend, library: .fixtures) { server in
            let response = try await server.client.get("/photos?cursor=not-a-cursor")
            #expect(response.status == .badRequest)
            #expect(response.errors.first?.hasPrefix("cursor") == true)
        }
    }
}

@Suite("Library counter")
struct LibraryCounterTests {
    @Test(arguments: Backend.available)
    func the_photo_count_follows_inserts_and_deletes(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup
            let ids = try await TestLibrary.seed(store, count: 5)
            // act
            let photoOwner = try #require(try await store.photo(idOrSlug: ids[0])).owner
            _ = try await store.deletePhoto(ids[0], by: photoOwner.id)
            let page = try await store.feed(order: .latest, page: PageRequest(number: 1, size: 2))
            // assert
            #expect(try await store.photoCount() == 4)
            #expect(page.total == 4)
            let owner = try #require(try await store.user(username: "alice"))
            try await store.deleteUser(id: owner.id)
            #expect(try await store.photoCount() == 0)
        }
    }
}
