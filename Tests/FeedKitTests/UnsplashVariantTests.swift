import FeedKit
import Foundation
import Testing

/// Older and sparser shapes Unsplash has sent for the same objects (fixtures `variant-*`): each reads, and what it
/// lacks gets the documented default instead of failing the whole page.
@Suite("Unsplash's older shapes")
struct UnsplashVariantTests {
    static func fixture<T: Decodable>(_ name: String, as type: T.Type) throws -> T {
        let url = try #require(
            Bundle.module.url(
                forResource: "variant-\(name)", withExtension: "json", subdirectory: "Fixtures/unsplash"))
        return try FeedJSON.makeDecoder().decode(T.self, from: Data(contentsOf: url))
    }

    @Test func aPlaceWithoutCoordinatesHasNoPosition() throws {
        let photo = try Self.fixture("photo-null-position", as: Photo.self)
        #expect(photo.location?.country == "Türkei")
        #expect(photo.location?.position == nil)
    }

    @Test func titleOnlyTagsAreSearchTags() throws {
        let collection = try Self.fixture("collection-title-tags", as: Collection.self)
        #expect(collection.tags == [Tag(type: "search", title: "balloon")])
    }

    @Test func previewsWithoutDatesRead() throws {
        let collection = try Self.fixture("collection-2019-previews", as: Collection.self)
        let previews = try #require(collection.previewPhotos)
        #expect(previews.count == 3)
        #expect(previews.allSatisfy { $0.createdAt == Date(timeIntervalSince1970: 0) && $0.updatedAt == $0.createdAt })
    }

    @Test func contributionsAsPhotoObjectsAreReadAsIDs() throws {
        let topics = try Self.fixture("topics-contrib", as: [Topic].self)
        #expect(topics.map(\.currentUserContributions) == [["hlPongnSUns"], []])
    }
}
