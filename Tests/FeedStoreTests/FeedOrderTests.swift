import FeedStore
import Foundation
import TestSupport
import Testing

@Suite("Feed order and paging")
struct FeedOrderTests {
    @Test(arguments: Backend.available)
    func feed_is_stable_and_complete_across_pages(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup: 25 photos, in groups of three sharing a timestamp
            let ids = try await TestLibrary.seed(store, count: 25)
            for order in PhotoOrder.allCases {
                // act
                var seen: [String] = []
                var number = 1
                while true {
                    let page = try await store.feed(order: order, page: PageRequest(number: number, size: 7))
                    #expect(page.total == 25)
                    if page.items.isEmpty { break }
                    seen += page.items.map(\.id)
                    number += 1
                }
                // assert: every photo once, and the same order when read again in one go
                #expect(seen.count == 25, "order \(order)")
                #expect(Set(seen) == Set(ids))
                let whole = try await store.feed(order: order, page: PageRequest(number: 1, size: 30))
                #expect(whole.items.map(\.id) == seen)
            }
        }
    }

    @Test(arguments: Backend.available)
    func latest_is_newest_first_with_id_tie_break(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup
            try await TestLibrary.seed(store, count: 9)
            // act
            let items = try await store.feed(order: .latest, page: PageRequest(number: 1, size: 30)).items
            // assert
            let keys = items.map { ($0.createdAt, $0.id) }
            let sorted = keys.sorted { $0.0 != $1.0 ? $0.0 > $1.0 : $0.1 > $1.1 }
            #expect(keys.map(\.1) == sorted.map(\.1))
            let oldest = try await store.feed(order: .oldest, page: PageRequest(number: 1, size: 30)).items
            #expect(oldest.map(\.id) == items.map(\.id).reversed())
        }
    }

    @Test(arguments: Backend.available)
    func popular_puts_most_liked_first(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup
            let ids = try await TestLibrary.seed(store, count: 6)
            try await store.database.transaction { db in
                try await db.raw("UPDATE photos SET likes = 50 WHERE id = \(bind: ids[2])").run()
                try await db.raw("UPDATE photos SET likes = 20 WHERE id = \(bind: ids[4])").run()
            }
            // act
            let items = try await store.feed(order: .popular, page: PageRequest(number: 1, size: 3)).items
            // assert
            #expect(items.map(\.id).prefix(2) == [ids[2], ids[4]])
            #expect(items.first?.likes == 50)
        }
    }

    @Test(arguments: Backend.available)
    func a_page_past_the_end_is_empty_with_the_total(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            try await TestLibrary.seed(store, count: 4)
            let page = try await store.feed(order: .latest, page: PageRequest(number: 99, size: 10))
            #expect(page.items.isEmpty)
            #expect(page.total == 4)
        }
    }
}
