import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

/// Flickr's REST API at `/services/rest/`.
@Suite("Flickr dialect")
struct FlickrDialectTests {
    @Test func signatures_match_the_oauth_1_example() {
        // RFC 5849 §1.2's request (photos.example.net), signed with its consumer and token secrets
        let request = OAuth1Request(
            parameters: [("file", "vacation.jpg"), ("size", "original")],
            oauth: [
                "oauth_consumer_key": "dpf43f3p2l4k3l03", "oauth_token": "nnch734d00sl2jdk",
                "oauth_signature_method": "HMAC-SHA1", "oauth_timestamp": "1191242096",
                "oauth_nonce": "kllo9940pd9333jh",
                "oauth_version": "1.0", "oauth_signature": "tR3+Ty81lMeYAr/Fid0kMTYa/WM=",
            ],
            method: "GET", url: "http://photos.example.net/photos"
        )

        #expect(
            request.baseString.hasPrefix(
                "GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacation.jpg%26oauth_consumer_key"))
        #expect(request.hasValidSignature(consumerSecret: "kd94hf93k423kf44", tokenSecret: "pfkkdhi9sl3r4s00"))
        #expect(!request.hasValidSignature(consumerSecret: "kd94hf93k423kf44", tokenSecret: "wrong"))
    }

    /// A form body and its `Authorization: OAuth …` header, signed as flickrapi signs.
    static func signed(_ form: [(String, String)], key: String, secret: String, token: (String, String)? = nil)
        -> (body: String, headers: HTTPFields)
    {
        var oauth = [
            "oauth_consumer_key": key, "oauth_nonce": Secrets.make(bytes: 8), "oauth_timestamp": "1700000000",
            "oauth_signature_method": "HMAC-SHA1", "oauth_version": "1.0",
        ]
        if let token { oauth["oauth_token"] = token.0 }
        let unsigned = OAuth1Request(
            parameters: form, oauth: oauth, method: "POST", url: "http://localhost/services/rest")
        oauth["oauth_signature"] = OAuth1Request.sign(
            unsigned.baseString, consumerSecret: secret, tokenSecret: token?.1 ?? "")
        let header = "OAuth " + oauth.map { "\($0.key)=\"\(OAuth1Request.encode($0.value))\"" }.joined(separator: ", ")
        let body = form.map { OAuth1Request.encode($0.0) + "=" + OAuth1Request.encode($0.1) }.joined(separator: "&")
        return (body, [.authorization: header, .contentType: "application/x-www-form-urlencoded"])
    }

    @Test(arguments: Backend.available)
    func search_answers_in_json_and_xml_with_numeric_ids_and_flickr_errors(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let sea = try await server.recordPhoto(
                owner: alice, title: "Sea", tags: ["sea", "Blue Hour"], place: Place(latitude: 43.3, longitude: 5.37),
                width: 1200, height: 800
            )
            try await server.recordPhoto(owner: alice, title: "Hill", tags: ["hill"])
            let key = try await server.registerApp().key
            let number = try #require(try await server.store.photo(idOrSlug: sea)).number
            let rest = "/services/rest/?api_key=\(key)&"

            // act
            let json = try await server.client.get(
                rest
                    + "method=flickr.photos.search&tags=sea,nothing&extras=tags,geo,url_m,url_o&format=json&nojsoncallback=1"
            )
            let near = try await server.client.get(
                rest + "method=flickr.photos.search&lat=43.3&lon=5.37&radius=2&format=json&nojsoncallback=1")
            let xml = try await server.client.get(rest + "method=flickr.photos.getRecent&per_page=1")
            let jsonp = try await server.client.get(rest + "method=flickr.test.echo&format=json&foo=bar")
            let info = try await server.client.get(
                rest + "method=flickr.photos.getInfo&photo_id=\(FlickrIDs.photoID(number))&format=json&nojsoncallback=1"
            )
            let noKey = try await server.client.get(
                "/services/rest/?method=flickr.photos.getRecent&format=json&nojsoncallback=1")
            let badKey = try await server.client.get("/services/rest/?method=flickr.photos.getRecent&api_key=nope")
            let unknownMethod = try await server.client.get(rest + "method=flickr.nope&format=json&nojsoncallback=1")
            let parameterless = try await server.client.get(
                rest + "method=flickr.photos.search&format=json&nojsoncallback=1")
            let missingPhoto = try await server.client.get(
                rest + "method=flickr.photos.getSizes&photo_id=999999&format=json&nojsoncallback=1")
            let badFormat = try await server.client.get(rest + "method=flickr.test.echo&format=yaml")
            let badRadius = try await server.client.get(
                rest + "method=flickr.photos.search&lat=43&lon=5&radius=99&format=json&nojsoncallback=1")

            // assert
            let photos = try #require(try json.object()["photos"] as? [String: Any])
            let found = try #require(photos["photo"] as? [[String: Any]])
            #expect(json.status == .ok && found.count == 1 && photos["total"] as? String == "1")
            #expect(found[0]["id"] as? String == FlickrIDs.photoID(number) && found[0]["farm"] as? Int == 66)
            #expect(found[0]["tags"] as? String == "bluehour sea" && found[0]["latitude"] != nil)
            #expect(
                (found[0]["url_m"] as? String)?.hasSuffix(
                    "/65535/\(FlickrIDs.photoID(number))_\(found[0]["secret"] as! String).jpg") == true)
            #expect(
                found[0]["width_o"] as? Int == 1200 && found[0]["width_m"] as? Int == 500 && found[0]["url_o"] != nil
                    && found[0]["url_m"] != nil)
            let nearby = try #require(
                (try near.object()["photos"] as? [String: Any])?["photo"] as? [[String: Any]], "\(near.text)")
            #expect(nearby.map { $0["id"] as? String } == [FlickrIDs.photoID(number)])
            #expect(
                xml.text.contains("<rsp stat=\"ok\">")
                    && xml.text.contains("<photos page=\"1\" pages=\"2\" perpage=\"1\" total=\"2\">"))
            #expect(xml.header("Content-Type")?.hasPrefix("text/xml") == true)
            #expect(jsonp.text.hasPrefix("jsonFlickrApi({") && jsonp.text.contains("\"foo\":{\"_content\":\"bar\"}"))
            let photo = try #require(try info.object()["photo"] as? [String: Any])
            #expect((photo["title"] as? [String: Any])?["_content"] as? String == "Sea")
            #expect(
                ((photo["tags"] as? [String: Any])?["tag"] as? [[String: Any]])?.map { $0["raw"] as? String } == [
                    "blue hour", "sea",
                ])
            for (answer, code) in [
                (noKey, 100), (unknownMethod, 112), (parameterless, 3), (missingPhoto, 1), (badRadius, 18),
            ] {
                let body = try answer.object()
                #expect(
                    answer.status == .ok && body["stat"] as? String == "fail" && body["code"] as? Int == code, "\(code)"
                )
            }
            #expect(
                badKey.status == .ok
                    && badKey.text.contains("<err code=\"100\" msg=\"Invalid API Key (Key not found)\" />"))
            #expect(badFormat.text.contains("<err code=\"111\""))
        }
    }

    @Test(arguments: Backend.available)
    func signed_requests_are_checked_and_a_write_token_adds_favourites(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup: an access token with write permission, as the OAuth 1.0a flow leaves it
            let alice = try await server.user("alice")
            let bob = try await server.user("bob")
            let photo = try await server.recordPhoto(owner: alice, title: "Sea")
            let number = try #require(try await server.store.photo(idOrSlug: photo)).number
            let app = try await server.registerApp()
            let secret = try #require(app.app.oauth1Secret)
            let (token, tokenSecret) = ("token-of-bob", "secret-of-bob")
            try await server.store.createOAuth1Token(
                hash: Secrets.hash(token),
                OAuth1Token(
                    kind: .access, secret: tokenSecret, appID: app.app.id, userID: bob.id, perms: "write"))
            let call = { (form: [(String, String)], secret: String, token: (String, String)?) in
                let request = Self.signed(
                    form + [("format", "json"), ("nojsoncallback", "1")], key: app.key, secret: secret, token: token)
                return try await server.client.send(
                    .post, "/services/rest", headers: request.headers, body: request.body
                ).object()
            }

            // act
            let publicCall = try await call([("method", "flickr.photos.getRecent")], secret, nil)
            let forged = try await call([("method", "flickr.photos.getRecent")], "not-the-secret", nil)
            let login = try await call([("method", "flickr.test.login")], secret, (token, tokenSecret))
            let photoID = FlickrIDs.photoID(number)
            let add = try await call(
                [("method", "flickr.favorites.add"), ("photo_id", photoID)], secret, (token, tokenSecret))
            let again = try await call(
                [("method", "flickr.favorites.add"), ("photo_id", photoID)], secret, (token, tokenSecret))
            let list = try await call([("method", "flickr.favorites.getList")], secret, (token, tokenSecret))
            let remove = try await call(
                [("method", "flickr.favorites.remove"), ("photo_id", photoID)], secret, (token, tokenSecret))
            let anonymous = try await call([("method", "flickr.favorites.add"), ("photo_id", photoID)], secret, nil)
            let unsignedToken = try await server.client.get(
                "/services/rest/?method=flickr.test.login&api_key=\(app.key)&oauth_token=\(token)&format=json&nojsoncallback=1"
            ).object()

            // assert
            #expect(publicCall["stat"] as? String == "ok")
            #expect(forged["code"] as? Int == 96)
            #expect(((login["user"] as? [String: Any])?["username"] as? [String: Any])?["_content"] as? String == "bob")
            #expect(add["stat"] as? String == "ok" && again["code"] as? Int == 3)
            let faved = try #require((list["photos"] as? [String: Any])?["photo"] as? [[String: Any]])
            #expect(faved.map { $0["id"] as? String } == [photoID] && faved[0]["date_faved"] != nil)
            #expect(remove["stat"] as? String == "ok")
            #expect(anonymous["code"] as? Int == 99)
            #expect(unsignedToken["code"] as? Int == 97)
            #expect(try await server.store.photo(idOrSlug: photo)?.likes == 0)
        }
    }
}
