import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

/// A library with something in every member the services document: a geotagged photo with camera settings, tags,
/// a description and an album; two more photos of its owner around it in the photostream; a photo of someone else
/// that a third person likes; an app with an OAuth 1.0a secret and a read and a write token. ``values`` fills the
/// `{placeholders}` of `Tests/Fixtures/Dialects/*/…json`.
struct DocumentedLibrary {
    let app: RegisteredApp
    let oauth1Secret: String
    let readToken: (String, String)
    let writeToken: (String, String)
    let values: [String: String]

    /// The folder of the documented answers.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/Dialects")

    static func make(on server: TestServer) async throws -> DocumentedLibrary {
        let owner = try await server.user(TestUser("gina", firstName: "Gina", lastName: "Alves"))
        let fan = try await server.user(TestUser("bob", firstName: "Bob", lastName: "Fan"))
        let other = try await server.user("carla")
        // Every profile member filled, so that a member the answers leave null is a problem the net reports.
        for (user, city) in [(owner, "Porto"), (fan, "Lisbon"), (other, "Braga")] {
            _ = try await server.store.updateProfile(
                userID: user.id,
                ProfileChanges(
                    bio: "Photographs \(city).", location: city, portfolioURL: "https://example.com/\(user.username)",
                    instagramUsername: user.username))
        }
        func record(_ title: String, by user: TestUser, tags: [String], place: Place = Place()) async throws
            -> PhotoRecord
        {
            let photo = NewPhoto(
                id: Identifier.make(), ownerID: user.id, title: title, altDescription: title.lowercased(),
                width: 2400, height: 1600, color: "#336699", colorName: "blue",
                blurHash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
                takenAt: Date(timeIntervalSince1970: 1_714_817_700),
                camera: CameraSettings(
                    make: "FUJIFILM", model: "X-T30", exposureTime: "1/250", aperture: "5.6",
                    focalLength: "23.0", iso: 200),
                place: place, sha256: TestLibrary.uniqueDigest(), bytes: 1000, format: "jpeg", tags: tags,
                license: "cc-by-2.0", createdAt: Date())
            guard case .inserted(let inserted) = try await server.store.recordPhoto(photo),
                let stored = try await server.store.photo(idOrSlug: inserted.id)
            else { throw DocumentedShapeError("\(title) was not recorded") }
            return stored
        }
        let first = try await record("Harbour", by: owner, tags: ["sea"])
        let photo = try await record(
            "Wood", by: owner, tags: ["sea", "blue hour"],
            place: Place(name: "Porto", city: "Porto", country: "Portugal", latitude: 41.1407, longitude: -8.611))
        let storm = try await record("Storm", by: owner, tags: ["clouds"])
        let liked = try await record("Mine", by: other, tags: ["sea"])
        _ = try await server.store.like(photo: liked.id, by: fan.id)
        let album = try await server.store.createCollection(
            ownerID: owner.id, title: "Porto", description: "Two days by the river", isPrivate: false)
        _ = try await server.store.addPhoto(photo.id, toCollection: album.id, by: owner.id)
        _ = try await server.store.addPhoto(first.id, toCollection: album.id, by: owner.id)

        let app = try await server.registerApp()
        let secret = try #require(app.app.oauth1Secret)
        let readToken = ("read-token-of-gina", "read-secret-of-gina")
        let writeToken = ("write-token-of-bob", "write-secret-of-bob")
        try await server.store.createOAuth1Token(
            hash: Secrets.hash(readToken.0),
            OAuth1Token(
                kind: .access, secret: readToken.1, appID: app.app.id, userID: owner.id, perms: "read"))
        try await server.store.createOAuth1Token(
            hash: Secrets.hash(writeToken.0),
            OAuth1Token(
                kind: .access, secret: writeToken.1, appID: app.app.id, userID: fan.id, perms: "write"))

        let stored = photo
        let ownerRecord = try #require(try await server.store.user(username: "gina"))
        let fanRecord = try #require(try await server.store.user(username: "bob"))
        let albumNumber = try #require(
            try await server.store.collectionsByNumber(viewerID: nil).first { $0.id == album.id }
        ).number
        return DocumentedLibrary(
            app: app, oauth1Secret: secret, readToken: readToken, writeToken: writeToken,
            values: [
                "key": app.key, "tag": "sea", "word": "Wood", "photo_id": FlickrIDs.photoID(stored.number),
                "middle_photo_id": FlickrIDs.photoID(stored.number),
                // The fan makes it a favourite and takes it back (favorites.add, then remove).
                "other_photo_id": FlickrIDs.photoID(storm.number),
                "nsid": FlickrIDs.nsid(ownerRecord.number), "fan_nsid": FlickrIDs.nsid(fanRecord.number),
                "username": "gina", "email": owner.email, "profile_url": "http://localhost/#/user/gina",
                "photoset_id": FlickrIDs.photosetID(albumNumber), "photo_number": String(stored.number),
                "user_number": String(ownerRecord.number), "album_number": String(albumNumber),
                "photo_public_id": photo.id, "collection_id": album.id,
            ])
    }

    /// `text` with every `{placeholder}` filled.
    func fill(_ text: String) -> String {
        values.reduce(text) { text, value in text.replacingOccurrences(of: "{\(value.key)}", with: value.value) }
    }
}
