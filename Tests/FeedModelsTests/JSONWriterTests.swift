import FeedModels
import Foundation
import Testing

/// The hand-written JSON of the hot models must say exactly what `JSONEncoder` says for them (same keys, same
/// values, same nulls and absent keys): clients were tested against that output, and the two paths are chosen at
/// run time. (`JSONEncoder` on Linux orders keys arbitrarily, so documents are compared parsed.)
@Suite("JSON writer")
struct JSONWriterTests {
    static func user(email: String? = nil, device: Device? = nil, exact: Bool? = nil) -> User {
        var user = User(
            id: "u1", updatedAt: Date(timeIntervalSince1970: 1_600_000_000), username: "zoë", firstName: "Zoë",
            lastName: nil, bio: "Line one\nline \"two\"\t\\ end \u{1}", location: "Zürich",
            portfolioUrl: "https://example.com/a/b", instagramUsername: nil,
            links: UserLinks(self: "s", html: "h", photos: "p", likes: "l", portfolio: "o"),
            profileImage: ProfileImage(small: "https://x/avatars/z?w=32&h=32", medium: "m", large: "l"),
            totalCollections: 2, totalLikes: 0, totalPhotos: 31, email: email
        )
        user.device = device
        user.exactLocationPublic = exact
        return user
    }

    static func photo(full: Bool) -> Photo {
        Photo(
            id: "abc_DEF-123", slug: "yellow-flower-abc_DEF-123",
            createdAt: Date(timeIntervalSince1970: 1_700_000_000.75),
            updatedAt: Date(timeIntervalSince1970: 951_782_400),  // 2000-02-29, a leap day
            promotedAt: full ? Date(timeIntervalSince1970: -86_401) : nil,  // before 1970
            width: 4000, height: 3000, color: "#a0b1c2", blurHash: full ? "LEHV6nWB2yk8pyo0adR*.7kCMdnj" : nil,
            description: full ? "Ein “Bild” — 🌼 </script>" : nil, altDescription: nil,
            breadcrumbs: full ? ["a", "b\"c"] : [],
            urls: PhotoURLs(
                raw: "http://h/img/1", full: "http://h/img/1?fm=jpg&q=85", regular: "r", small: "s",
                thumb: "t", smallS3: "s3"),
            links: PhotoLinks(self: "http://h/photos/1", html: "h", download: "d", downloadLocation: "dl"),
            likes: 12, likedByUser: full,
            currentUserCollections: full ? [CollectionReference(id: "c1", title: "Trips")] : [],
            user: user(
                email: full ? "z@example.com" : nil, device: full ? Device.named("iphone-16-pro") : nil,
                exact: full ? true : nil),
            exif: full
                ? Exif(
                    make: "Canon", model: "EOS R5", exposureTime: "1/250", aperture: "2.8",
                    focalLength: "50.0", iso: 100) : nil,
            location: full
                ? Location(
                    name: "Lake", city: nil, country: "Schweiz",
                    position: Position(latitude: 47.37, longitude: -8.0)) : nil,
            tags: full ? [Tag(title: "flower"), Tag(title: "yellow")] : [],
            views: full ? 7 : nil, downloads: full ? 0 : nil,
            takenAt: full ? Date(timeIntervalSince1970: 4_102_444_800) : nil,  // 2100-01-01
            original: full ? OriginalFile(bytes: 1_234_567, format: "jpeg") : nil
        )
    }

    func expectSameBytes<Value: Encodable & JSONWritable>(_ value: Value) throws {
        let expected = try JSONSerialization.jsonObject(with: FeedJSON.makeEncoder().encode(value)) as? NSObject
        let written = try JSONSerialization.jsonObject(with: Data(JSONWriter.encode(value))) as? NSObject
        #expect(written != nil)
        #expect(written == expected, "\(String(decoding: JSONWriter.encode(value), as: UTF8.self))")
    }

    @Test func photo_with_every_field_matches_the_encoder() throws {
        try expectSameBytes(Self.photo(full: true))
    }

    @Test func photo_with_nulls_and_absent_keys_matches_the_encoder() throws {
        try expectSameBytes(Self.photo(full: false))
    }

    @Test func lists_and_search_results_match_the_encoder() throws {
        let photos = [Self.photo(full: true), Self.photo(full: false)]
        try expectSameBytes(photos)
        try expectSameBytes([Photo]())
        try expectSameBytes(
            PhotoSearchResults(
                total: 2, totalPages: 1, results: photos,
                tags: [TagCount(title: "flower", count: 2)]))
        try expectSameBytes(SearchResults(total: 1, totalPages: 1, results: [Self.user()]))
    }

    @Test func collections_match_the_encoder() throws {
        let links = CollectionLinks(self: "s", html: "h", photos: "p")
        let full = Collection(
            id: "c1", title: "Trips", description: "Summer", publishedAt: Date(timeIntervalSince1970: 0),
            lastCollectedAt: Date(timeIntervalSince1970: 1_000), updatedAt: Date(timeIntervalSince1970: 2_000),
            totalPhotos: 1, isPrivate: true, coverPhoto: Self.photo(full: true), user: Self.user(), links: links
        )
        let empty = Collection(
            id: "c2", title: "Empty", description: nil, publishedAt: Date(timeIntervalSince1970: 0),
            lastCollectedAt: nil, updatedAt: Date(timeIntervalSince1970: 0), totalPhotos: 0, isPrivate: false,
            coverPhoto: nil, user: Self.user(), links: links
        )
        try expectSameBytes([full, empty])
    }

    @Test func coordinates_round_trip_exactly() throws {
        var photo = Self.photo(full: true)
        for (latitude, longitude) in [(0.1 + 0.2, -179.999999), (1e-7, 12.0), (-33.8688197, 151.2092955)] {
            photo.location?.position = Position(latitude: latitude, longitude: longitude)
            let decoded = try FeedJSON.makeDecoder().decode(Photo.self, from: Data(JSONWriter.encode(photo)))
            #expect(decoded.location?.position == Position(latitude: latitude, longitude: longitude))
        }
    }
}
