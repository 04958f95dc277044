import FeedStore
import Foundation
import TestSupport
import Testing

/// Topics, follows and per-day statistics, on both backends.
@Suite("Topics, follows and statistics")
struct SocialStoreTests {
    static let page = PageRequest(number: 1, size: 30)

    /// Six photos by alice: tags `tag0`, `tag1`, `tag2`, twice each.
    static func seeded(_ store: LibraryStore) async throws -> [String] {
        try await TestLibrary.seed(store, count: 6)
    }

    // MARK: topics

    @Test(arguments: Backend.available)
    func a_topic_holds_the_photos_of_its_tags_and_public_albums(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup: tag0 photos (0, 3), and photo 1 in a public album, photo 2 in a private one
            let ids = try await Self.seeded(store)
            let alice = try #require(try await store.user(username: "alice"))
            let shown = try await store.createCollection(
                ownerID: alice.id, title: "Shown", description: nil, isPrivate: false)
            let hidden = try await store.createCollection(
                ownerID: alice.id, title: "Hidden", description: nil, isPrivate: true)
            _ = try await store.addPhoto(ids[1], toCollection: shown.id, by: alice.id)
            _ = try await store.addPhoto(ids[2], toCollection: hidden.id, by: alice.id)

            // act
            let topic = try await store.createTopic(
                TopicChanges(
                    title: "Sea & Sky", tags: ["TAG0"], collectionIDs: [shown.id, hidden.id], featured: true))
            let photos = try await store.feed(
                order: .latest, page: Self.page, filter: PhotoFilter(topicIDs: [topic.id]))

            // assert
            #expect(topic.slug == "sea-sky")
            #expect(topic.tags == ["tag0"])
            #expect(Set(photos.items.map(\.id)) == [ids[0], ids[1], ids[3]])
            #expect(topic.totalPhotos == 3)
            #expect(topic.previewPhotos.map(\.id) == photos.items.map(\.id))
            #expect(topic.owners.map(\.username) == ["alice"])
            let full = try #require(try await store.photo(idOrSlug: ids[1]))
            #expect(full.topics.map(\.slug) == ["sea-sky"])
            #expect(try await store.photo(idOrSlug: ids[2])?.topics.isEmpty == true)
            #expect(try await store.topic(idOrSlug: topic.id).topContributors?.map(\.username) == ["alice"])
        }
    }

    @Test(arguments: Backend.available)
    func topics_list_in_the_asked_order_and_change_and_go(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup
            let later = Date(timeIntervalSince1970: 1_800_000_000)
            let travel = try await store.createTopic(TopicChanges(title: "Travel", position: 2), at: later)
            let nature = try await store.createTopic(
                TopicChanges(title: "Nature", featured: true, position: 5), at: later.addingTimeInterval(10))
            let film = try await store.createTopic(
                TopicChanges(title: "Film", position: 1), at: later.addingTimeInterval(20))

            // act
            func slugs(_ order: TopicOrder, ids: [String] = []) async throws -> [String] {
                try await store.topics(ids: ids, order: order, page: Self.page).items.map(\.slug)
            }

            // assert
            #expect(try await slugs(.position) == ["film", "travel", "nature"])
            #expect(try await slugs(.featured) == ["nature", "film", "travel"])
            #expect(try await slugs(.latest) == ["film", "nature", "travel"])
            #expect(try await slugs(.oldest) == ["travel", "nature", "film"])
            #expect(try await slugs(.position, ids: ["nature", travel.id]) == ["travel", "nature"])
            await #expect(throws: StoreError.conflict("slug")) {
                try await store.createTopic(TopicChanges(title: "Film"))
            }
            let renamed = try await store.updateTopic("film", TopicChanges(title: "Analog film", featured: true))
            #expect(renamed.slug == "film" && renamed.title == "Analog film" && renamed.featured)
            try await store.deleteTopic(nature.id)
            await #expect(throws: StoreError.notFound("Topic")) { try await store.topic(idOrSlug: "nature") }
            #expect(try await slugs(.position) == ["film", "travel"])
            _ = film
        }
    }

    // MARK: follows

    @Test(arguments: Backend.available)
    func following_someone_counts_once_and_fills_the_following_feed(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup
            let ids = try await Self.seeded(store)
            let bob = try await store.ensureUser(username: "bob", firstName: "Bob")
            let carol = try await store.ensureUser(username: "carol", firstName: "Carol")
            func feed(_ viewer: String) async throws -> [String] {
                try await store.feed(order: .latest, page: Self.page, filter: PhotoFilter(followedBy: viewer)).items
                    .map(\.id)
            }
            #expect(try await feed(bob.id).isEmpty)

            // act
            _ = try await store.follow("alice", by: bob.id)
            let twice = try await store.follow("ALICE", by: bob.id)
            _ = try await store.follow("alice", by: carol.id)
            _ = try await store.follow("carol", by: bob.id)

            // assert
            #expect(twice.followersCount == 1 && twice.followedByViewer)
            #expect(Set(try await feed(bob.id)) == Set(ids))
            #expect(
                try await store.followers(ofUsername: "alice", page: Self.page).items.map(\.username).sorted() == [
                    "bob", "carol",
                ])
            #expect(try await store.following(ofUsername: "bob", page: Self.page).total == 2)
            let bobAsCarolSeesHim = try #require(try await store.profile(username: "bob", viewerID: carol.id))
            #expect(bobAsCarolSeesHim.followingCount == 2 && !bobAsCarolSeesHim.followedByViewer)
            let unfollowed = try await store.unfollow("alice", by: bob.id)
            #expect(unfollowed.followersCount == 1 && !unfollowed.followedByViewer)
            #expect(try await feed(bob.id).isEmpty)
            await #expect(throws: StoreError.conflict("follow")) { try await store.follow("bob", by: bob.id) }
            await #expect(throws: StoreError.notFound("User")) { try await store.follow("nobody", by: bob.id) }
        }
    }

    // MARK: statistics

    @Test(arguments: Backend.available)
    func views_count_once_per_viewer_per_utc_day(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup: the last second of a UTC day and the first of the next
            let ids = try await Self.seeded(store)
            let photo = try #require(try await store.photo(idOrSlug: ids[0]))
            let lastSecond = StatisticsDay(Date(timeIntervalSince1970: 1_800_057_599))
            let firstSecond = StatisticsDay(Date(timeIntervalSince1970: 1_800_057_600))
            #expect(firstSecond.number == lastSecond.number + 1)

            // act: the same viewer twice (by id and by slug), a second viewer, the first again the next day, an
            // unknown photo
            let counted = try await store.recordViews([
                PhotoView(photo: photo.id, viewer: "ip:1", day: lastSecond),
                PhotoView(photo: photo.slug, viewer: "ip:1", day: lastSecond),
                PhotoView(photo: photo.id, viewer: "user:b", day: lastSecond),
                PhotoView(photo: "NoSuchPhoto", viewer: "ip:1", day: lastSecond),
            ])
            let again = try await store.recordViews([PhotoView(photo: photo.id, viewer: "ip:1", day: lastSecond)])
            let nextDay = try await store.recordViews([PhotoView(photo: photo.slug, viewer: "ip:1", day: firstSecond)])

            // assert
            #expect(counted == 2 && again == 0 && nextDay == 1)
            let (_, statistics) = try #require(try await store.statistics(photo: photo.id, days: 3, today: firstSecond))
            #expect(statistics.views.total == 3)
            #expect(statistics.views.days.map(\.value) == [0, 2, 1])
            #expect(
                statistics.views.days.map(\.day)
                    == [lastSecond.number - 1, lastSecond.number, firstSecond.number].map(StatisticsDay.init(number:)))
            #expect(statistics.views.change == 3)
            #expect(try await store.photo(idOrSlug: photo.id)?.views == 3)
        }
    }

    @Test(arguments: Backend.available)
    func downloads_and_likes_land_on_their_day_in_a_30_day_window(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup
            let ids = try await Self.seeded(store)
            let bob = try await store.ensureUser(username: "bob", firstName: "Bob")
            let today = StatisticsDay(Date())

            // act: two downloads, a like, an unlike and a like again today; another photo liked
            _ = try await store.recordDownload(idOrSlug: ids[0])
            _ = try await store.recordDownload(idOrSlug: ids[0])
            _ = try await store.like(photo: ids[0], by: bob.id)
            _ = try await store.unlike(photo: ids[0], by: bob.id)
            _ = try await store.like(photo: ids[0], by: bob.id)
            _ = try await store.like(photo: ids[1], by: bob.id)

            // assert: one photo
            let (_, photo) = try #require(try await store.statistics(photo: ids[0], days: 30))
            #expect(photo.downloads.days.count == 30)
            #expect(photo.downloads.days.last?.day == today)
            #expect(photo.downloads.days.first?.day == StatisticsDay(number: today.number - 29))
            #expect(photo.downloads.days.last?.value == 2 && photo.downloads.total == 2 && photo.downloads.change == 2)
            #expect(photo.likes.days.last?.value == 1 && photo.likes.total == 1)
            #expect(photo.downloads.days.dropLast().allSatisfy { $0.value == 0 })
            // the owner's photos together, several photos at once, the library
            let (owner, all) = try #require(try await store.statistics(ofUsername: "alice", days: 1))
            #expect(owner.username == "alice")
            #expect(all.likes.total == 2 && all.likes.days.map(\.value) == [2] && all.downloads.total == 2)
            let each = try await store.statistics(photoIDs: [ids[0], ids[1]], days: 7)
            #expect(each[ids[1]]?.likes.total == 1 && each[ids[0]]?.downloads.total == 2)
            let totals = try await store.libraryTotals()
            #expect(totals.photos == 6 && totals.downloads == 2 && totals.likes == 2 && totals.photographers == 1)
            #expect(totals.pixels == 6 * 1200 * 800)
            let month = try await store.libraryMonth()
            #expect(month.downloads == 2 && month.likes == 2)
            #expect(try await store.statistics(photo: "NoSuchPhoto", days: 30) == nil)
            #expect(try await store.statistics(ofUsername: "nobody", days: 30) == nil)
        }
    }

    @Test(arguments: Backend.available)
    func counting_views_leaves_the_library_generation_alone(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup
            let ids = try await Self.seeded(store)
            let before = try await store.libraryGeneration()

            // act
            try await store.recordViews([PhotoView(photo: ids[0], viewer: "ip:1", day: StatisticsDay(Date()))])

            // assert: cached feeds stay valid while views are written
            #expect(try await store.libraryGeneration() == before)
            let bob = try await store.ensureUser(username: "bob", firstName: "Bob")
            let afterUser = try await store.libraryGeneration()
            _ = try await store.follow("alice", by: bob.id)
            #expect(try await store.libraryGeneration() > afterUser)
        }
    }

    // MARK: people and albums

    @Test(arguments: Backend.available)
    func people_and_albums_are_found_by_name_title_and_tag_and_related_by_what_they_share(backend: Backend) async throws
    {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup: three albums; "Coast" and "Shore" share photo 0, "Hills" shares only tag2 with "Coast"
            let ids = try await Self.seeded(store)
            let alice = try #require(try await store.user(username: "alice"))
            _ = try await store.ensureUser(username: "zed_100", firstName: "Zoë", lastName: "Alicea")
            let coast = try await store.createCollection(
                ownerID: alice.id, title: "Coast", description: "Waves", isPrivate: false)
            let shore = try await store.createCollection(
                ownerID: alice.id, title: "Shore", description: nil, isPrivate: false)
            let hills = try await store.createCollection(
                ownerID: alice.id, title: "Hills", description: nil, isPrivate: false)
            let secret = try await store.createCollection(
                ownerID: alice.id, title: "Secret", description: nil, isPrivate: true)
            for (photo, album) in [(0, coast), (2, coast), (0, shore), (5, hills), (0, secret)] {
                _ = try await store.addPhoto(ids[photo], toCollection: album.id, by: alice.id)
            }

            // act
            let people = try await store.searchUsers("ALICE", page: Self.page)
            let byTitle = try await store.searchCollections("coa", page: Self.page)
            let byDescription = try await store.searchCollections("waves", page: Self.page)
            let byTag = try await store.searchCollections("tag2", page: Self.page)
            let related = try await store.relatedCollections(to: coast.id, ownerID: nil)

            // assert
            #expect(people.items.map(\.username) == ["alice", "zed_100"])
            #expect(byTitle.items.map(\.id) == [coast.id] && byDescription.items.map(\.id) == [coast.id])
            #expect(Set(byTag.items.map(\.id)) == [coast.id, hills.id])
            #expect(related.map(\.id) == [shore.id, hills.id])
            let album = try #require(byTitle.items.first)
            #expect(album.previewPhotos.count == 2 && album.tags.sorted() == ["tag0", "tag2"])
            await #expect(throws: StoreError.notFound("Collection")) {
                try await store.relatedCollections(to: secret.id, ownerID: nil)
            }
        }
    }
}
