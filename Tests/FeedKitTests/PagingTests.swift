import FeedKit
import FeedStore
import Foundation
import TestSupport
import Testing

@Suite("Paging against the live server")
struct PagingTests {
    @Test func theFeedPagesToItsEndWithoutDuplicatesOrGaps() async throws {
        try await withLiveServer { live in
            let ana = try await live.server.user("ana")
            var recorded: Set<String> = []
            for index in 0..<23 {
                recorded.insert(try await live.server.recordPhoto(owner: ana, title: "Photo \(index)"))
            }
            var seen: [String] = []
            var pages: [FeedKit.Page<Photo>] = []
            for try await page in live.client().photos(perPage: 5) {
                pages.append(page)
                seen += page.items.map(\.id)
            }
            #expect(pages.count == 5)
            #expect(pages.map(\.items.count) == [5, 5, 5, 5, 3])
            #expect(seen.count == 23)
            #expect(Set(seen) == recorded)
            #expect(pages.allSatisfy { $0.total == 23 })
            #expect(pages.last?.isLast == true)
            // The feed's next links carry the keyset cursor, so every page costs the same.
            let requested = await live.traffic.paths
            #expect(requested.count == 5)
            #expect(requested.dropFirst().allSatisfy { $0.contains("cursor=") })
        }
    }

    @Test func itemsFlattenThePagesOfAPersonsPhotosLikesAndAlbums() async throws {
        try await withLiveServer { live in
            let ana = try await live.server.user("ana")
            var ids: [String] = []
            for index in 0..<7 { ids.append(try await live.server.recordPhoto(owner: ana, title: "P\(index)")) }
            let client = live.client(as: ana)
            for id in ids.prefix(4) { _ = try await client.like(id) }
            for title in ["Porto", "Lisbon", "Faro"] {
                _ = try await client.createCollection(CollectionEdit(title: title))
            }

            var photos: [String] = []
            for try await photo in client.photos(of: "ana", perPage: 3).items { photos.append(photo.id) }
            #expect(Set(photos) == Set(ids))
            #expect(photos.count == 7)

            var liked: [String] = []
            for try await photo in client.likes(of: "ana", perPage: 3).items { liked.append(photo.id) }
            #expect(Set(liked) == Set(ids.prefix(4)))

            var albums: [String] = []
            for try await album in client.collections(of: "ana", perPage: 2).items { albums.append(album.title) }
            #expect(Set(albums) == ["Porto", "Lisbon", "Faro"])
        }
    }

    @Test func searchPagesAndCarriesTheTagsFacet() async throws {
        try await withLiveServer { live in
            let ana = try await live.server.user("ana")
            for index in 0..<5 {
                try await live.server.recordPhoto(owner: ana, title: "Sea \(index)", tags: ["sea", "blue"])
            }
            try await live.server.recordPhoto(owner: ana, title: "Sea cliff", tags: ["sea", "rock"])
            try await live.server.recordPhoto(owner: ana, title: "Mountain", tags: ["rock"])

            var pages: [FeedKit.Page<Photo>] = []
            for try await page in live.client().searchPhotos("sea", perPage: 4) { pages.append(page) }
            #expect(pages.map(\.items.count) == [4, 2])
            #expect(Set(pages.flatMap(\.items).map(\.id)).count == 6)
            let first = try #require(pages.first)
            #expect(first.total == 6)
            #expect(first.totalPages == 2)
            let facet = Dictionary(uniqueKeysWithValues: first.tags.map { ($0.title, $0.count) })
            #expect(facet["sea"] == 6)
            #expect(facet["blue"] == 5)
            #expect(facet["rock"] == 1)

            var people: [String] = []
            for try await user in live.client().searchUsers("ana").items { people.append(user.username) }
            #expect(people == ["ana"])
        }
    }

    @Test func topicsAndTheirPhotosPage() async throws {
        try await withLiveServer { live in
            let ana = try await live.server.user("ana")
            for index in 0..<4 { try await live.server.recordPhoto(owner: ana, title: "N\(index)", tags: ["nature"]) }
            for title in ["Nature", "Travel", "Cities"] {
                _ = try await live.server.store.createTopic(TopicChanges(title: title, tags: [title.lowercased()]))
            }
            var topics: [String] = []
            for try await topic in live.client().topics(perPage: 2).items { topics.append(topic.slug) }
            #expect(Set(topics) == ["nature", "travel", "cities"])

            let nature = try await live.client().topic("nature")
            #expect(nature.title == "Nature")
            var photos = 0
            for try await _ in live.client().photos(inTopic: "nature", perPage: 3).items { photos += 1 }
            #expect(photos == 4)
        }
    }

    @Test func anEmptyListIsOnePageWithNoNext() async throws {
        try await withLiveServer { live in
            var pages = 0
            for try await page in live.client().photos() {
                pages += 1
                #expect(page.items.isEmpty)
                #expect(page.isLast)
                #expect(page.total == 0)
            }
            #expect(pages == 1)
        }
    }
}
