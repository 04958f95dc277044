import FeedKit
import Foundation
import TestSupport
import Testing

/// Every FeedKit call against the live server, the way an app's session would make them, decoding the real answers.
@Suite("Every call against the live server")
struct EveryCallTests {
    @Test func photosCanBeUploadedEditedCountedAndDeleted() async throws {
        try await withLiveServer { live in
            let ana = try await live.server.user("ana")
            let client = live.client(as: ana)
            let uploaded = try await client.upload(
                Data(try smallJPEG(seed: 7)), filename: "harbour.jpg", title: "Harbour", description: "Boats",
                tags: ["sea", "boats"],
                location: Place(city: "Porto", country: "Portugal", latitude: 41.14, longitude: -8.61))
            #expect(uploaded.description == "Boats")
            #expect(Set(uploaded.tags.map(\.title)) == ["sea", "boats"])
            #expect(uploaded.location?.city == "Porto")

            let edited = try await client.update(
                photo: uploaded.id, PhotoEdit(description: "Fishing boats", tags: ["harbour"]))
            #expect(edited.description == "Fishing boats")
            #expect(edited.tags.map(\.title) == ["harbour"])

            let full = try await client.photo(uploaded.id)
            #expect(full.isFull)
            let download = try await client.trackDownload(full)
            #expect(download.path.hasPrefix("/img/"))
            let statistics = try await client.statistics(ofPhoto: uploaded.id)
            #expect(statistics.downloads.total == 1)
            #expect(try await client.randomPhotos(count: 3).map(\.id) == [uploaded.id])
            #expect(try await client.statistics(ofUser: "ana").downloads.total == 1)
            #expect(try await client.libraryStatistics().photos == 1)
            _ = try await client.monthStatistics()

            try await client.delete(photo: uploaded.id)
            await #expect(throws: FeedError.notFound(message: "Couldn't find Photo")) {
                try await client.photo(uploaded.id)
            }
        }
    }

    @Test func albumsCanBeMadeFilledRelatedAndRemoved() async throws {
        try await withLiveServer { live in
            let ana = try await live.server.user("ana")
            let client = live.client(as: ana)
            let first = try await live.server.recordPhoto(owner: ana, title: "Tower", tags: ["city"])
            let second = try await live.server.recordPhoto(owner: ana, title: "Bridge", tags: ["city"])
            let porto = try await client.createCollection(CollectionEdit(title: "Porto", description: "North"))
            let lisbon = try await client.createCollection(CollectionEdit(title: "Lisbon", isPrivate: false))
            for album in [porto, lisbon] {
                let added = try await client.add(photo: first, toCollection: album.id)
                #expect(added.collection.id == album.id)
                #expect(added.photo.id == first)
            }
            _ = try await client.add(photo: second, toCollection: porto.id)
            #expect(try await client.collection(porto.id).totalPhotos == 2)
            #expect(try await client.related(toCollection: porto.id).map(\.id) == [lisbon.id])

            let removed = try await client.remove(photo: second, fromCollection: porto.id)
            #expect(removed.collection.totalPhotos == 1)
            var inPorto: [String] = []
            for try await photo in client.photos(inCollection: porto.id).items { inPorto.append(photo.id) }
            #expect(inPorto == [first])

            let renamed = try await client.update(
                collection: porto.id, CollectionEdit(title: "Oporto", isPrivate: true))
            #expect(renamed.title == "Oporto")
            #expect(renamed.private)
            var everyone: [String] = []
            for try await album in live.client().collections().items { everyone.append(album.id) }
            #expect(everyone == [lisbon.id])
            var found: [String] = []
            for try await album in client.searchCollections("lisbon").items { found.append(album.id) }
            #expect(found == [lisbon.id])

            try await client.delete(collection: porto.id)
            await #expect(throws: FeedError.self) { try await client.collection(porto.id) }
        }
    }

    @Test func peopleCanBeFollowedAndProfilesChanged() async throws {
        try await withLiveServer { live in
            let ana = try await live.server.user("ana")
            let rui = try await live.server.user("rui")
            let photo = try await live.server.recordPhoto(owner: rui, title: "Dunes")
            let client = live.client(as: ana)

            let followed = try await client.follow("rui")
            #expect(followed.followedByUser == true)
            var followers: [String] = []
            for try await user in client.followers(of: "rui").items { followers.append(user.username) }
            #expect(followers == ["ana"])
            var following: [String] = []
            for try await user in client.following("ana").items { following.append(user.username) }
            #expect(following == ["rui"])
            var feed: [String] = []
            for try await item in client.followingFeed().items { feed.append(item.id) }
            #expect(feed == [photo])
            let unfollowed = try await client.unfollow("rui")
            #expect(unfollowed.followedByUser == false)

            let devices = try await client.devices()
            let device = try #require(devices.first)
            let me = try await client.updateMe(ProfileEdit(bio: "Sea and light", device: device.id))
            #expect(me.bio == "Sea and light")
            #expect(me.device?.id == device.id)
            let avatar = try await client.uploadAvatar(Data(try smallJPEG(seed: 3, width: 64, height: 64)))
            #expect(avatar.username == "ana")
            let profile = try await client.user("rui")
            #expect(profile.totalPhotos == 1)
        }
    }
}
