import FeedStore
import Foundation
import TestSupport
import Testing

@Suite("Full-text search")
struct SearchTests {
    /// Six photos: three flowers (one red, portrait), a beach, a city, a forest.
    func seedVariety(_ store: LibraryStore) async throws -> [String] {
        let rows: [(String, [String], Int, Int, String)] = [
            ("Yellow flower in a garden", ["nature", "flowers"], 1200, 800, "yellow"),
            ("Red flowers", ["nature", "flowers", "red"], 800, 1200, "red"),
            ("Sunflower field", ["nature", "summer"], 1200, 800, "yellow"),
            ("Beach at dusk", ["sea", "summer"], 1200, 800, "orange"),
            ("Night city", ["city"], 1200, 800, "black"),
            ("Forest path", ["nature"], 1000, 1000, "green"),
        ]
        return try await TestLibrary.seed(store, count: rows.count) { rows[$0] }
    }

    @Test(arguments: Backend.available)
    func words_match_as_prefixes_and_all_must_match(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            let ids = try await seedVariety(store)
            let flower = try await store.searchPhotos(
                PhotoSearch(text: "flower"), page: PageRequest(number: 1, size: 10))
            #expect(Set(flower.page.items.map(\.id)) == [ids[0], ids[1]])
            #expect(flower.page.total == 2)
            let both = try await store.searchPhotos(
                PhotoSearch(text: "red FLOWER"), page: PageRequest(number: 1, size: 10))
            #expect(both.page.items.map(\.id) == [ids[1]])
            let tagged = try await store.searchPhotos(
                PhotoSearch(text: "summer"), page: PageRequest(number: 1, size: 10))
            #expect(Set(tagged.page.items.map(\.id)) == [ids[2], ids[3]])
        }
    }

    @Test(arguments: Backend.available)
    func filters_narrow_the_results(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            let ids = try await seedVariety(store)
            let page = PageRequest(number: 1, size: 10)
            let portrait = try await store.searchPhotos(PhotoSearch(text: "nature", orientation: .portrait), page: page)
            #expect(portrait.page.items.map(\.id) == [ids[1]])
            let squarish = try await store.searchPhotos(PhotoSearch(text: "nature", orientation: .squarish), page: page)
            #expect(squarish.page.items.map(\.id) == [ids[5]])
            let yellow = try await store.searchPhotos(PhotoSearch(text: "nature", colorName: "yellow"), page: page)
            #expect(Set(yellow.page.items.map(\.id)) == [ids[0], ids[2]])
            let tags = try await store.searchPhotos(PhotoSearch(text: "nature", tags: ["flowers", "RED"]), page: page)
            #expect(tags.page.items.map(\.id) == [ids[1]])
        }
    }

    @Test(arguments: Backend.available)
    func the_tag_facet_counts_the_whole_result_set(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            _ = try await seedVariety(store)
            // one result per page, yet the facet covers all four "nature" photos
            let result = try await store.searchPhotos(
                PhotoSearch(text: "nature"), page: PageRequest(number: 1, size: 1))
            #expect(result.page.items.count == 1)
            #expect(result.page.total == 4)
            #expect(result.tagFacets.first == SearchPage.TagFacet(tag: "nature", count: 4))
            #expect(result.tagFacets.contains(SearchPage.TagFacet(tag: "flowers", count: 2)))
        }
    }

    @Test(arguments: Backend.available)
    func latest_order_is_newest_first_and_stable(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            let ids = try await seedVariety(store)
            let search = PhotoSearch(text: "nature", order: .latest)
            let result = try await store.searchPhotos(search, page: PageRequest(number: 1, size: 10))
            let again = try await store.searchPhotos(search, page: PageRequest(number: 1, size: 10))
            // photo 5 is a second newer; photos 0–2 share a timestamp (their tie order is the backend's, but fixed)
            let listed = result.page.items.map(\.id)
            #expect(listed.first == ids[5])
            #expect(Set(listed.dropFirst()) == [ids[0], ids[1], ids[2]])
            #expect(again.page.items.map(\.id) == listed)
        }
    }

    @Test(arguments: Backend.available, [#""OR*"#, "NEAR(a b)", "a:* & !b", "'; DROP TABLE photos; --", "***", "ü"])
    func query_syntax_in_user_text_is_inert(backend: Backend, text: String) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            _ = try await seedVariety(store)
            let result = try await store.searchPhotos(PhotoSearch(text: text), page: PageRequest(number: 1, size: 10))
            #expect(result.page.total >= 0)
            #expect(try await store.photoCount() == 6)
        }
    }
}
