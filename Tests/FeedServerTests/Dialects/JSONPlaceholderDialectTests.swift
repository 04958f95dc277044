import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

/// JSONPlaceholder at `/jsonplaceholder/`, and the address it shows (set through `PUT /me`).
@Suite("JSONPlaceholder dialect")
struct JSONPlaceholderDialectTests {
    @Test(arguments: Backend.available)
    func the_albums_app_reads_a_user_with_address_their_albums_and_photos_by_title(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup: alice's address, an album with two photos
            let alice = try await server.user("alice")
            let address = try await server.client.send(
                .put,
                "/me?"
                    + formEncoded([
                        "address_street": "Kulas Light", "address_suite": "Apt. 556", "address_city": "Gwenborough",
                        "address_zipcode": "92998-3874", "address_lat": "-37.3159", "address_lng": "81.1496",
                        "website": "hildegard.org", "company_name": "Romaguera-Crona",
                    ]), headers: alice.auth)
            let badLatitude = try await server.client.send(.put, "/me?address_lat=91", headers: alice.auth)
            let dunes = try await server.recordPhoto(owner: alice, title: "Dunes at dusk")
            let meadow = try await server.recordPhoto(owner: alice, title: "Green meadow")
            let album = try await server.client.send(.post, "/collections?title=Holidays", headers: alice.auth).object()
            let albumID = try #require(album["id"] as? String)
            for photo in [dunes, meadow] {
                _ = try await server.client.send(
                    .post, "/collections/\(albumID)/add?photo_id=\(photo)", headers: alice.auth)
            }
            let userNumber = try #require(try await server.store.user(username: "alice")).number
            let albumNumber = try #require(try await server.store.collection(number: 1, viewerID: nil)).number

            // act
            let profile = try await server.client.get("/users/alice").object()
            let user = try await server.client.get("/jsonplaceholder/users/\(userNumber)").object()
            let albums = try await server.client.get("/jsonplaceholder/users/\(userNumber)/albums").array()
            let filtered = try await server.client.get("/jsonplaceholder/albums/\(albumNumber)/photos?title_like=DUNE")
                .array()
            let paged = try await server.client.get("/jsonplaceholder/photos?_page=1&_limit=1")
            let sorted = try await server.client.get("/jsonplaceholder/photos?_sort=title&_order=desc").array()
            let expanded = try await server.client.get(
                "/jsonplaceholder/albums/\(albumNumber)?_expand=user&_embed=photos"
            ).object()
            let unknown = try await server.client.get("/jsonplaceholder/users/999")
            let badPage = try await server.client.get("/jsonplaceholder/photos?_page=zero")

            // assert
            #expect(address.status == .ok && badLatitude.status == .unprocessableContent)
            #expect(badLatitude.errors == ["address_lat must be a number of degrees from -90 to 90; got \"91\"."])
            let shown = try #require(profile["address"] as? [String: Any])
            #expect(
                shown["city"] as? String == "Gwenborough"
                    && (shown["geo"] as? [String: Any])?["lat"] as? String == "-37.3159")
            #expect(
                profile["website"] as? String == "hildegard.org" && profile["numeric_id"] as? Int == Int(userNumber))
            #expect((profile["company"] as? [String: Any])?["name"] as? String == "Romaguera-Crona")
            #expect(user["username"] as? String == "alice" && user["email"] as? String == "")
            #expect((user["address"] as? [String: Any])?["street"] as? String == "Kulas Light")
            #expect((user["company"] as? [String: Any])?["catchPhrase"] as? String == "")
            #expect(
                albums.map { $0["title"] as? String } == ["Holidays"] && albums[0]["userId"] as? Int == Int(userNumber))
            #expect(filtered.map { $0["title"] as? String } == ["Dunes at dusk"])
            #expect(filtered[0]["albumId"] as? Int == Int(albumNumber))
            #expect((filtered[0]["thumbnailUrl"] as? String)?.contains("/img/\(dunes)?w=150&h=150") == true)
            #expect(paged.header("X-Total-Count") == "2" && paged.header("Link")?.contains("rel=\"next\"") == true)
            #expect(try paged.array().count == 1)
            #expect(sorted.map { $0["title"] as? String } == ["Green meadow", "Dunes at dusk"])
            #expect((expanded["user"] as? [String: Any])?["username"] as? String == "alice")
            #expect((expanded["photos"] as? [[String: Any]])?.count == 2)
            #expect(unknown.status == .notFound && unknown.text == "{}")
            #expect(badPage.status == .badRequest && !badPage.errors.isEmpty)
        }
    }

    @Test(arguments: Backend.available)
    func writes_are_answered_not_stored_unless_a_token_allows_them(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let bob = try await server.user("bob")
            let readOnly = try await server.user("carol", scope: "public read_user")
            let json: HTTPFields = [.contentType: "application/json"]
            let bobNumber = try #require(try await server.store.user(username: "bob")).number

            // act
            let fake = try await server.client.send(
                .post, "/jsonplaceholder/albums", headers: json, body: #"{"title":"Fake","userId":1}"#)
            let stillFake = try await server.client.send(
                .post, "/jsonplaceholder/albums", headers: json.merging(readOnly.auth), body: #"{"title":"Fake"}"#)
            let real = try await server.client.send(
                .post, "/jsonplaceholder/albums", headers: json.merging(alice.auth), body: #"{"title":"Real"}"#)
            let realNumber = try #require(try real.object()["id"] as? Int)
            let othersAlbum = try await server.client.send(
                .patch, "/jsonplaceholder/albums/\(realNumber)", headers: json.merging(bob.auth),
                body: #"{"title":"Mine"}"#)
            let renamed = try await server.client.send(
                .patch, "/jsonplaceholder/albums/\(realNumber)", headers: json.merging(alice.auth),
                body: #"{"title":"Trips"}"#)
            let fakeUser = try await server.client.send(
                .put, "/jsonplaceholder/users/\(bobNumber)", headers: json, body: #"{"name":"Nobody"}"#)
            let ownUser = try await server.client.send(
                .patch, "/jsonplaceholder/users/\(bobNumber)", headers: json.merging(bob.auth),
                body: #"{"name":"Bob Builder","address":{"city":"Bricktown"}}"#)
            let notJSON = try await server.client.send(.post, "/jsonplaceholder/albums", headers: json, body: "[1]")
            let deleted = try await server.client.send(
                .delete, "/jsonplaceholder/albums/\(realNumber)", headers: alice.auth)

            // assert
            let fakeID = try fake.object()["id"] as? Int
            #expect(fake.status == .created && fakeID == 1 && fake.location != nil)
            #expect(stillFake.status == .created)
            let realTitle = try real.object()["title"] as? String
            #expect(real.status == .created && realTitle == "Real")
            #expect(othersAlbum.status == .forbidden)
            #expect(try renamed.object()["title"] as? String == "Trips")
            #expect(try fakeUser.object()["name"] as? String == "Nobody")
            let bobNow = try #require(try await server.store.user(username: "bob"))
            #expect(ownUser.status == .ok && bobNow.lastName == "Builder" && bobNow.contact.city == "Bricktown")
            #expect(notJSON.status == .badRequest && notJSON.errors == ["The body must be a JSON object."])
            #expect(deleted.status == .ok && deleted.text == "{}")
            #expect(try await server.store.collection(number: Int64(realNumber), viewerID: nil) == nil)
            // only alice's real album was ever stored
            #expect(try await server.store.collectionsByNumber(viewerID: nil).isEmpty)
        }
    }
}
