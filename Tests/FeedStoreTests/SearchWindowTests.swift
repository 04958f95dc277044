import Foundation
import TestSupport
import Testing

@testable import FeedStore

/// Word searches rank a window of the newest matches and list the rest after it (see `SearchLimits`).
@Suite("Search ranking window")
struct SearchWindowTests {
    @Test func a_page_is_split_between_the_window_and_the_older_matches() {
        #expect(WindowedPage(offset: 0, size: 30, windowCount: 500) == WindowedPage(window: 0..<30, rest: nil))
        #expect(WindowedPage(offset: 480, size: 30, windowCount: 500) == WindowedPage(window: 480..<500, rest: 0..<10))
        #expect(WindowedPage(offset: 510, size: 30, windowCount: 500) == WindowedPage(window: nil, rest: 10..<40))
        #expect(WindowedPage(offset: 0, size: 30, windowCount: 0) == WindowedPage(window: nil, rest: 0..<30))
    }

    @Test(arguments: Backend.available)
    func the_newest_matches_are_ranked_and_every_match_is_listed_once(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup: more matches than the window; the oldest says "harbour" most, one in the window says it twice
            let count = SearchLimits.rankWindow + 10
            let ids = try await TestLibrary.seed(store, count: count) { index in
                let title =
                    switch index {
                    case 0: "Harbour harbour harbour"
                    case 300: "Harbour harbour view"
                    default: "Harbour number \(index)"
                    }
                return (title, ["sea"], 1200, 800, "blue")
            }

            // act: every page of the relevant order
            var listed: [String] = []
            var number = 1
            var total = 0
            while true {
                let result = try await store.searchPhotos(
                    PhotoSearch(text: "harbour"), page: PageRequest(number: number, size: 30))
                total = result.page.total
                if result.page.items.isEmpty { break }
                listed += result.page.items.map(\.id)
                number += 1
            }

            // assert
            #expect(total == count)
            #expect(listed.count == count)
            #expect(Set(listed) == Set(ids))
            #expect(listed.first == ids[300])  // best score inside the window
            // the best score overall, but older than the window: listed by date after it, near the end
            #expect((listed.firstIndex(of: ids[0]) ?? 0) >= SearchLimits.rankWindow)
        }
    }

    @Test(arguments: Backend.available)
    func latest_lists_matches_newest_first_across_pages(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            let ids = try await TestLibrary.seed(store, count: 40) { index in
                (index % 2 == 0 ? "Quiet lake \(index)" : "Loud city \(index)", [], 1200, 800, "blue")
            }
            var listed: [PhotoRecord] = []
            for number in 1...3 {
                listed += try await store.searchPhotos(
                    PhotoSearch(text: "lake", order: .latest), page: PageRequest(number: number, size: 8)
                ).page.items
            }
            #expect(listed.count == 20)
            #expect(Set(listed.map(\.id)) == Set(ids.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)))
            #expect(zip(listed, listed.dropFirst()).allSatisfy { $0.createdAt >= $1.createdAt })
        }
    }

    /// The PostgreSQL count reads the planner's estimate to skip counting far past the cap; the estimate must
    /// decode, or that shortcut would silently never apply.
    @Test(arguments: Backend.available.filter { $0 == .postgres })
    func planner_estimates_decode(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            try await TestLibrary.seed(store, count: 3)
            let plan = try await store.database.read { db in
                try await db.raw("EXPLAIN (FORMAT JSON) SELECT 1 FROM photos").first()?
                    .decode(column: "QUERY PLAN", as: [ExplainedPlan].self)
            }
            #expect((plan?.first?.plan.rows ?? -1) >= 0)
        }
    }
}
