import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

/// The Flickr methods strict clients call, the ids in Flickr's shapes, and the accuracy of positions.
@Suite("Flickr methods")
struct FlickrMethodsTests {
    /// A JSON call with `api_key`, read as an object.
    static func call(_ server: TestServer, key: String, _ method: String, _ parameters: [String: String] = [:])
        async throws -> [String: Any]
    {
        let query =
            (parameters.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)" }
            + ["method=\(method)", "api_key=\(key)", "format=json", "nojsoncallback=1"]).joined(separator: "&")
        return try await server.client.get("/services/rest/?" + query).object()
    }

    @Test(arguments: Backend.available)
    func ids_have_flickrs_shapes_and_the_old_numbers_still_work(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let photoID = try await server.uploadPhoto(try smallJPEG(seed: 3, width: 640, height: 480), as: alice).id
            let photo = try #require(try await server.store.photo(idOrSlug: photoID))
            let album = try await server.store.createCollection(
                ownerID: alice.id, title: "Coast", description: nil, isPrivate: false)
            _ = try await server.store.addPhoto(photoID, toCollection: album.id, by: alice.id)
            let albumNumber = try #require(try await server.store.collectionsByNumber(viewerID: nil).first).number
            let key = try await server.registerApp().key
            let person = photo.owner.number

            // act
            let info = try await Self.call(
                server, key: key, "flickr.photos.getInfo", ["photo_id": FlickrIDs.photoID(photo.number)])
            let oldInfo = try await Self.call(
                server, key: key, "flickr.photos.getInfo", ["photo_id": String(photo.number)])
            let byNSID = try await Self.call(
                server, key: key, "flickr.people.getInfo", ["user_id": FlickrIDs.nsid(person)])
            let byOldNSID = try await Self.call(server, key: key, "flickr.people.getInfo", ["user_id": "\(person)@N01"])
            let set = try await Self.call(
                server, key: key, "flickr.photosets.getInfo", ["photoset_id": FlickrIDs.photosetID(albumNumber)])
            let oldSet = try await Self.call(
                server, key: key, "flickr.photosets.getInfo", ["photoset_id": String(albumNumber)])
            let secret = LadderImage.secret(photo.sha256)
            let image = try await server.client.get("/65535/\(FlickrIDs.photoID(photo.number))_\(secret)_t.jpg")
            let oldImage = try await server.client.get("/65535/\(photo.number)_\(secret)_t.jpg")

            // assert
            let shown = try #require(info["photo"] as? [String: Any])
            let id = try #require(shown["id"] as? String)
            let nsid = try #require((shown["owner"] as? [String: Any])?["nsid"] as? String)
            #expect(id.count == 11 && id.allSatisfy(\.isNumber))
            #expect(nsid.wholeMatch(of: /\d{5,11}@N\d\d/) != nil)
            #expect(
                (shown["secret"] as? String)?.wholeMatch(of: /[0-9a-f]{10}/) != nil
                    && shown["server"] as? String == "65535")
            #expect(((set["photoset"] as? [String: Any])?["id"] as? String)?.hasPrefix("72157") == true)
            #expect((oldInfo["photo"] as? [String: Any])?["id"] as? String == id)
            #expect((byNSID["person"] as? [String: Any])?["nsid"] as? String == nsid)
            #expect((byOldNSID["person"] as? [String: Any])?["nsid"] as? String == nsid)
            #expect((oldSet["photoset"] as? [String: Any])?["id"] as? String == FlickrIDs.photosetID(albumNumber))
            #expect(image.status == .ok && oldImage.status == .ok)
            #expect(image.header("Content-Type") == "image/jpeg" && image.bytes == oldImage.bytes)
        }
    }

    @Test func ids_map_both_ways_and_never_collide_with_the_old_ones() {
        #expect(FlickrIDs.nsid(1) == "10000001@N07" && FlickrIDs.personNumber("10000001@N07") == 1)
        #expect(FlickrIDs.personNumber("1@N01") == 1 && FlickrIDs.personNumber("12") == 12)
        #expect(FlickrIDs.personNumber("99@N07") == nil && FlickrIDs.personNumber("bob") == nil)
        #expect(FlickrIDs.photoID(7) == "50000000007" && FlickrIDs.photoNumber("50000000007") == 7)
        #expect(
            FlickrIDs.photoNumber("7") == 7 && FlickrIDs.photoNumber("-3") == nil && FlickrIDs.photoNumber("x") == nil)
        #expect(FlickrIDs.photosetNumber(FlickrIDs.photosetID(3)) == 3 && FlickrIDs.photosetNumber("3") == 3)
    }

    @Test func get_info_has_every_element_flickr_always_sends_and_permissions_for_the_owner_only() async throws {
        try await withTestServer { server in
            // setup
            let alice = try await server.user("alice")
            let photoID = try await server.recordPhoto(owner: alice, title: "Sea", tags: ["sea"])
            let number = try #require(try await server.store.photo(idOrSlug: photoID)).number
            let app = try await server.registerApp()
            let secret = try #require(app.app.oauth1Secret)
            try await server.store.createOAuth1Token(
                hash: Secrets.hash("alice-token"),
                OAuth1Token(
                    kind: .access, secret: "alice-secret", appID: app.app.id, userID: alice.id, perms: "read"))
            let form = [
                ("method", "flickr.photos.getInfo"), ("photo_id", FlickrIDs.photoID(number)), ("format", "rest"),
            ]

            // act
            let anyone = try await server.client.get(
                "/services/rest/?method=flickr.photos.getInfo&photo_id=\(FlickrIDs.photoID(number))&api_key=\(app.key)"
            ).text
            let signed = FlickrDialectTests.signed(
                form, key: app.key, secret: secret, token: ("alice-token", "alice-secret"))
            let owner = try await server.client.send(
                .post, "/services/rest", headers: signed.headers, body: signed.body
            ).text

            // assert
            for element in [
                "<editability cancomment=", "<publiceditability cancomment=", "<usage candownload=",
                "<people haspeople=\"0\" />", "<notes />", "<comments>0</comments>", "<visibility ispublic=",
            ] {
                #expect(anyone.contains(element), "\(element) in \(anyone)")
            }
            #expect(!anyone.contains("<permissions"))
            #expect(owner.contains("<permissions permcomment=\"0\" permaddmeta=\"0\" />"))
        }
    }

    @Test(arguments: [
        // (stored latitude, longitude, owner makes positions public, viewer is the owner, accuracy)
        (41.1407, -8.611, true, false, 16), (41.1407, -8.611, false, false, 15), (41.1407, -8.611, false, true, 16),
        (41.1, -8.6, true, false, 11), (41.0, -8.0, true, false, 8), (41.14, -8.61, true, false, 15),
    ])
    func accuracy_follows_the_stored_precision_and_the_owners_privacy(
        latitude: Double, longitude: Double, isPublic: Bool, asOwner: Bool, accuracy: Int
    ) async throws {
        try await withTestServer { server in
            // setup
            let alice = try await server.user("alice")
            let photoID = try await server.recordPhoto(
                owner: alice, title: "Sea", place: Place(latitude: latitude, longitude: longitude))
            var photo = try #require(try await server.store.photo(idOrSlug: photoID))
            photo.owner.exactLocationPublic = isPublic
            let presenter = FlickrPresenter(origin: "http://localhost", viewerID: asOwner ? alice.id : nil)

            // act
            let location = try #require(presenter.location(photo))

            // assert
            #expect(location.accuracy == String(accuracy))
            #expect(presenter.listPhoto(photo, extras: ["geo"]).accuracy == String(accuracy))
        }
    }

    @Test func reflection_lists_exactly_the_methods_that_answer() async throws {
        try await withTestServer { server in
            // setup
            let key = try await server.registerApp().key

            // act
            let listed = try await Self.call(server, key: key, "flickr.reflection.getMethods")
            let names = try #require(
                ((listed["methods"] as? [String: Any])?["method"] as? [[String: Any]])?
                    .compactMap { $0["_content"] as? String })
            var unanswered: [String] = []
            for name in names {
                let answer = try await Self.call(server, key: key, name)
                if answer["code"] as? Int == 112 { unanswered.append(name) }
                let info = try await Self.call(
                    server, key: key, "flickr.reflection.getMethodInfo", ["method_name": name])
                #expect((info["method"] as? [String: Any])?["name"] as? String == name)
            }
            let unknown = try await Self.call(
                server, key: key, "flickr.reflection.getMethodInfo", ["method_name": "flickr.groups.getInfo"])
            let notServed = try await Self.call(server, key: key, "flickr.groups.getInfo")

            // assert
            #expect(names == FlickrController.methods.map(\.name))
            #expect(unanswered.isEmpty, "\(unanswered)")
            #expect(unknown["stat"] as? String == "fail" && unknown["code"] as? Int == 1)
            #expect(notServed["code"] as? Int == 112)
        }
    }

    @Test func where_the_library_has_nothing_the_answer_is_flickrs_empty_one() async throws {
        try await withTestServer { server in
            // setup
            let alice = try await server.user("alice")
            let photoID = try await server.recordPhoto(owner: alice, title: "Sea")
            let id = FlickrIDs.photoID(try #require(try await server.store.photo(idOrSlug: photoID)).number)
            let key = try await server.registerApp().key

            // act
            let comments = try await Self.call(server, key: key, "flickr.photos.comments.getList", ["photo_id": id])
            let people = try await Self.call(server, key: key, "flickr.photos.people.getList", ["photo_id": id])
            let galleries = try await Self.call(server, key: key, "flickr.galleries.getListForPhoto", ["photo_id": id])
            let institutions = try await Self.call(server, key: key, "flickr.commons.getInstitutions")
            let contexts = try await Self.call(server, key: key, "flickr.photos.getAllContexts", ["photo_id": id])
            let context = try await Self.call(server, key: key, "flickr.photos.getContext", ["photo_id": id])

            // assert
            #expect((comments["comments"] as? [String: Any])?["comment"] as? [Any] != nil)
            #expect(((people["people"] as? [String: Any])?["person"] as? [Any])?.isEmpty == true)
            #expect((galleries["galleries"] as? [String: Any])?["total"] as? Int == 0)
            #expect(((institutions["institutions"] as? [String: Any])?["institution"] as? [Any])?.isEmpty == true)
            #expect(Set(contexts.keys) == ["stat"])
            #expect((context["prevphoto"] as? [String: Any])?["id"] as? String == "0")
            #expect((context["nextphoto"] as? [String: Any])?["id"] as? String == "0")
        }
    }

    @Test func related_tags_are_those_found_most_often_with_the_tag() async throws {
        try await withTestServer { server in
            let alice = try await server.user("alice")
            try await server.recordPhoto(owner: alice, title: "A", tags: ["sea", "boat"])
            try await server.recordPhoto(owner: alice, title: "B", tags: ["sea", "boat", "sun"])
            try await server.recordPhoto(owner: alice, title: "C", tags: ["hill", "sun"])
            let key = try await server.registerApp().key

            let related = try await Self.call(server, key: key, "flickr.tags.getRelated", ["tag": "Sea"])
            let missing = try await Self.call(server, key: key, "flickr.tags.getRelated")

            let tags = (related["tags"] as? [String: Any])?["tag"] as? [[String: Any]]
            #expect(tags?.compactMap { $0["_content"] as? String } == ["boat", "sun"])
            #expect((related["tags"] as? [String: Any])?["source"] as? String == "Sea")
            #expect(missing["code"] as? Int == 1)
        }
    }
}
