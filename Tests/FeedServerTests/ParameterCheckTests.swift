import FeedModels
import Foundation
import HTTPTypes
import TestSupport
import Testing

@testable import FeedServer

/// Every parameter given is checked, whether or not this request goes on to use it, and a value of the wrong kind is
/// refused rather than read as something else (found by schemathesis's negative-data checks).
@Suite("Parameter checks", .fixtureLibrary)
struct ParameterCheckTests {
    @Test(arguments: [
        ("/photos?radius=-5", "radius must be a number of kilometres above 0 and at most 100; got \"-5\"."),
        ("/search/photos?query=sea&lng=1e308", "lon must be a number from -180 to 180; got \"1e308\"."),
        ("/search/photos?query=sea&lat=91", "lat must be a number from -90 to 90; got \"91\"."),
        ("/photos?lat=42&lon=47&lng=null", "lng must be a number from -180 to 180; got \"null\"."),
        ("/users/alice/photos?stats=maybe", "stats must be true or false; got \"maybe\"."),
        ("/users/alice/photos?quantity=99", "quantity must be a whole number from 1 to 30; got \"99\"."),
        ("/avatars/alice?w=-5", "w must be a number of pixels from 1 to 8192; got \"-5\"."),
        (
            "/photos/{id}/download?device=ipad-10&h=1.5e308",
            "h must be a number of pixels from 1 to 8192; got \"1.5e308\"."
        ),
    ])
    func a_bad_value_is_refused_even_where_the_request_would_not_use_it(request: (path: String, message: String))
        async throws
    {
        try await withTestServer(.sqlite, library: .fixtures) { server in
            // setup: alice has no avatar, so her avatar is drawn without reading w
            _ = try await server.user("alice")
            let path = request.path.replacingOccurrences(of: "{id}", with: server.fixtures.id(.seaView))

            // act
            let response = try await server.client.get(path)

            // assert
            #expect(response.status == .badRequest, "\(response.text)")
            #expect(response.errors == [request.message])
        }
    }

    @Test func a_page_size_past_any_integer_is_lowered_like_any_size_over_30() async throws {
        try await withTestServer(.sqlite, library: .fixtures) { server in
            // act
            let huge = try await server.client.get("/photos?per_page=4150053728168297455681536")
            let zero = try await server.client.get("/photos?per_page=0000")

            // assert
            #expect(huge.status == .ok)
            #expect(try huge.decode([Photo].self).count == min(30, FixturePhoto.allCases.count))
            #expect(zero.status == .badRequest)
        }
    }

    @Test func a_users_photos_are_filtered_by_orientation() async throws {
        try await withTestServer { server in
            // setup
            let alice = try await server.user("alice")
            let wide = try await server.uploadPhoto(try smallJPEG(seed: 31, width: 300, height: 200), as: alice)
            let tall = try await server.uploadPhoto(try smallJPEG(seed: 32, width: 200, height: 300), as: alice)

            // act
            let portrait = try await server.client.get("/users/alice/photos?orientation=portrait")
            let landscape = try await server.client.get("/users/alice/photos?orientation=landscape")
            let bad = try await server.client.get("/users/alice/photos?orientation=sideways")

            // assert
            #expect(try portrait.decode([Photo].self).map(\.id) == [tall.id])
            #expect(portrait.header("X-Total") == "1")
            #expect(try landscape.decode([Photo].self).map(\.id) == [wide.id])
            #expect(bad.status == .badRequest)
        }
    }

    @Test func statistics_are_asked_for_with_any_of_the_apis_booleans() async throws {
        try await withTestServer { server in
            // setup
            let alice = try await server.user("alice")
            _ = try await server.uploadPhoto(try smallJPEG(seed: 97), as: alice)

            // act
            let yes = try await server.client.get("/users/alice/photos?stats=yes")
            let no = try await server.client.get("/users/alice/photos?stats=off")

            // assert
            #expect(try yes.decode([Photo].self).first?.statistics != nil)
            #expect(try no.decode([Photo].self).first?.statistics == nil)
        }
    }

    @Test func pixabay_videos_check_the_page_size_as_images_do() async throws {
        try await withTestServer { server in
            // setup
            let key = try await server.registerApp().key

            // act
            let response = try await server.client.get("/api/videos?key=\(key)&per_page=1")

            // assert
            #expect(response.status == .badRequest)
            #expect(response.text == "[ERROR 400] \"per_page\" is out of valid range.")
        }
    }

    @Test(arguments: [
        (#"{"title": "Trip", "private": {}}"#, ["private must be a single value, not an object."]),
        (#"{"title": ["a"], "description": false}"#, ["title must be a single value, not an array."]),
        (#"{"title": "Trip", "description": false}"#, ["description must be text; got false."]),
        (#"{"title": 12}"#, ["title must be text; got 12."]),
        (#"{"title": "Trip", "private": "maybe"}"#, ["private must be true or false; got \"maybe\"."]),
    ])
    func a_json_value_of_the_wrong_kind_is_refused_not_ignored(body: (json: String, messages: [String])) async throws {
        try await withTestServer { server in
            // setup
            let alice = try await server.user("alice")

            // act
            let response = try await server.client.send(
                .post, "/collections", headers: alice.auth.merging([.contentType: "application/json"]), body: body.json)
            let albums = try await server.client.get("/users/alice/collections")

            // assert
            #expect(response.status == .unprocessableContent, "\(response.text)")
            #expect(response.errors == body.messages)
            #expect(try albums.decode([FeedModels.Collection].self).isEmpty)
        }
    }

    @Test func members_the_endpoint_does_not_read_are_ignored_whatever_they_hold() async throws {
        try await withTestServer { server in
            // setup
            let alice = try await server.user("alice")

            // act
            let response = try await server.client.send(
                .post, "/collections", headers: alice.auth.merging([.contentType: "application/json"]),
                body: #"{"title": "Trip", "notes": {"a": 1}, "colour": false}"#)

            // assert
            #expect(response.status == .created, "\(response.text)")
        }
    }

    @Test func the_older_name_of_a_profile_url_is_checked_beside_the_newer() async throws {
        try await withTestServer { server in
            // setup
            let alice = try await server.user("alice")

            // act
            let response = try await server.client.send(
                .put, "/me", headers: alice.auth.merging([.contentType: "application/json"]),
                body: #"{"url": null, "portfolio_url": "AAA"}"#)

            // assert
            #expect(response.status == .unprocessableContent)
            #expect(response.errors == ["portfolio_url must be an http(s) address."])
        }
    }

    @Test func numbers_and_booleans_are_read_where_the_parameter_is_one() async throws {
        try await withTestServer { server in
            // setup
            let alice = try await server.user("alice")

            // act
            let response = try await server.client.send(
                .post, "/collections", headers: alice.auth.merging([.contentType: "application/json"]),
                body: #"{"title": "Trip", "private": true}"#)

            // assert
            #expect(response.status == .created, "\(response.text)")
            #expect(try response.decode(FeedModels.Collection.self).private == true)
        }
    }

    @Test(arguments: [
        ("/oauth/token", "{bad", "The body is not valid JSON"),
        ("/oauth/revoke", "{bad", "The body is not valid JSON"),
        (
            "/oauth/token", #"{"grant_type": "authorization_code", "code_verifier": {}}"#,
            "code_verifier must be a single value, not an object."
        ),
        ("/oauth/revoke", #"{"token": 42}"#, "token must be text; got 42."),
    ])
    func an_unreadable_body_at_the_token_endpoints_is_an_oauth_error(
        request: (path: String, body: String, message: String)
    )
        async throws
    {
        try await withTestServer { server in
            // act
            let response = try await server.client.send(
                .post, request.path, headers: [.contentType: "application/json"], body: request.body)

            // assert: a 400, as RFC 6749 answers every error there but a bad client
            #expect(response.status == .badRequest)
            let body = try response.decode(OAuthErrorBody.self)
            #expect(body.error == "invalid_request")
            #expect(body.errorDescription.hasPrefix(request.message), "\(body.errorDescription)")
            #expect(response.header("Cache-Control") == "no-store")
        }
    }
}
