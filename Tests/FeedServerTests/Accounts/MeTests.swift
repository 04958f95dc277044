import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedServer

@Suite("Accounts: /me and /users/:username")
struct MeTests {
    @Test(arguments: Backend.available)
    func me_answers_the_unsplash_user_with_email(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let app = try await server.app()
            let token = try await server.client.accessToken(TestUser("selfie"), app: app, scope: "public read_user")

            // act
            let response = try await server.client.get("/me", headers: bearer(token))

            // assert
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            let object = try response.object()
            for key in [
                "id", "updated_at", "username", "name", "first_name", "last_name", "links", "profile_image",
                "total_collections", "total_likes", "total_photos", "email",
            ] {
                #expect(object.keys.contains(key), "missing \(key)")
            }
            #expect(object["first_name"] as? String == "Ada")
            #expect(object["email"] as? String == "selfie@example.com")
            let user = try response.decode(User.self)
            #expect(user.username == "selfie")
            #expect(user.name == "Ada Lovelace")
        }
    }

    @Test(arguments: Backend.available)
    func me_first_name_is_a_string_even_when_the_account_has_none(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup: an account whose first name was cleared to the empty string in the database
            let app = try await server.app()
            let token = try await server.client.accessToken(TestUser("nameless"), app: app, scope: "read_user")
            try await server.store.database.transaction { db in
                try await db.raw("UPDATE users SET first_name = '' WHERE username = 'nameless'").run()
            }

            // act
            let object = try await server.client.get("/me", headers: bearer(token)).object()

            // assert
            #expect(object["first_name"] is String)
            #expect(object["name"] is String)
        }
    }

    static let bodies: [(name: String, contentType: String?, query: String, body: String?)] = [
        (
            "form", "application/x-www-form-urlencoded", "",
            "first_name=Grace&last_name=Hopper&bio=Compilers%21&location=Arlington"
        ),
        ("query", nil, "?first_name=Grace&last_name=Hopper&bio=Compilers%21&location=Arlington", nil),
        (
            "json", "application/json", "",
            #"{"first_name":"Grace","last_name":"Hopper","bio":"Compilers!","location":"Arlington"}"#
        ),
    ]

    @Test(arguments: Backend.available, bodies.indices)
    func put_me_updates_the_profile_from_a_form_the_query_or_json(backend: Backend, index: Int) async throws {
        let (_, contentType, query, body) = Self.bodies[index]
        try await withTestServer(backend) { server in
            // setup
            let app = try await server.app()
            let token = try await server.client.accessToken(TestUser("editor"), app: app, scope: "read_user write_user")
            var headers = bearer(token)
            if let contentType { headers[.contentType] = contentType }

            // act
            let response = try await server.client.send(.put, "/me" + query, headers: headers, body: body)

            // assert
            #expect(response.status == .ok)
            let me = try await server.client.get("/me", headers: bearer(token)).object()
            #expect(me["first_name"] as? String == "Grace")
            #expect(me["last_name"] as? String == "Hopper")
            #expect(me["bio"] as? String == "Compilers!")
            #expect(me["location"] as? String == "Arlington")
            #expect(try response.object()["first_name"] as? String == "Grace")
        }
    }

    @Test(arguments: Backend.available)
    func put_me_changes_username_and_email(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let app = try await server.app()
            let token = try await server.client.accessToken(
                TestUser("oldname"), app: app, scope: "read_user write_user")

            // act
            let response = try await server.client.send(
                .put, "/me", headers: bearer(token).merging([.contentType: "application/x-www-form-urlencoded"]),
                body: "username=newname&email=new%40example.com")

            // assert
            #expect(response.status == .ok)
            #expect(try await server.client.get("/users/newname").status == .ok)
            #expect(try await server.client.get("/users/oldname").status == .notFound)
            #expect(try await server.client.logIn("new@example.com", "correct-horse-7").status == .ok)
        }
    }

    static let invalidChanges: [(body: String, message: String)] = [
        ("email=not-an-email", "Email is not a valid address."),
        ("username=x", "Username must be 3 to 30 letters, digits or underscores."),
        ("username=has%20space", "Username must be 3 to 30 letters, digits or underscores."),
        ("first_name=%20%20", "First name can't be blank."),
        ("url=ftp%3A%2F%2Fexample.com", "url must be an http(s) address."),
    ]

    @Test(arguments: invalidChanges)
    func put_me_with_an_invalid_field_is_422(body: String, message: String) async throws {
        try await withTestServer { server in
            // setup
            let app = try await server.app()
            let token = try await server.client.accessToken(TestUser("strict"), app: app, scope: "read_user write_user")

            // act
            let response = try await server.client.send(
                .put, "/me", headers: bearer(token).merging([.contentType: "application/x-www-form-urlencoded"]),
                body: body)

            // assert
            #expect(response.status == .unprocessableContent)
            #expect(response.errors == [message])
            #expect(
                try await server.client.get("/me", headers: bearer(token)).object()["username"] as? String == "strict")
        }
    }

    @Test(arguments: [#"{"bio": "Sea and light""#, #"{"bio": }"#, "bio=Sea", #"{"bio": "\#u{0}"#])
    func put_me_with_a_body_that_is_not_json_is_400_and_changes_nothing(body: String) async throws {
        try await withTestServer { server in
            // setup
            let user = try await server.user("careful", scope: "read_user write_user")

            // act
            let response = try await server.client.send(
                .put, "/me", headers: user.auth.merging([.contentType: "application/json"]), body: body)

            // assert
            #expect(response.status == .badRequest)
            #expect(response.errors.count == 1)
            #expect(response.errors.first?.hasPrefix("The body is not valid JSON") == true)
            let me = try await server.client.get("/me", headers: user.auth).object()
            #expect(me["bio"] is NSNull)
        }
    }

    @Test(arguments: [#""""#, "[]", "null", "42"])
    func put_me_ignores_a_json_body_that_is_not_an_object(body: String) async throws {
        try await withTestServer { server in
            // setup: the iOS apps send `""` with a JSON content type on their token request
            let user = try await server.user("lenient", scope: "read_user write_user")

            // act
            let response = try await server.client.send(
                .put, "/me?bio=Kept", headers: user.auth.merging([.contentType: "application/json"]), body: body)

            // assert
            #expect(response.status == .ok)
            #expect(try response.object()["bio"] as? String == "Kept")
        }
    }

    @Test(arguments: Backend.available)
    func put_me_with_a_taken_email_or_username_is_409(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            try await server.client.signUp(TestUser("holder"))
            let app = try await server.app()
            let token = try await server.client.accessToken(TestUser("grabber"), app: app, scope: "write_user")
            let headers = bearer(token).merging([.contentType: "application/x-www-form-urlencoded"])

            // act
            let email = try await server.client.send(.put, "/me", headers: headers, body: "email=HOLDER%40example.com")
            let username = try await server.client.send(.put, "/me", headers: headers, body: "username=Holder")

            // assert
            #expect(email.status == .conflict)
            #expect(email.errors == ["An account with this email already exists."])
            #expect(username.status == .conflict)
            #expect(username.errors == ["This username is already taken."])
        }
    }

    @Test(arguments: Backend.available)
    func put_me_keeping_ones_own_email_is_not_a_conflict(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let app = try await server.app()
            let token = try await server.client.accessToken(TestUser("steady"), app: app, scope: "write_user")

            // act
            let response = try await server.client.send(
                .put, "/me", headers: bearer(token).merging([.contentType: "application/x-www-form-urlencoded"]),
                body: "email=steady%40example.com&username=steady")

            // assert
            #expect(response.status == .ok)
        }
    }

    @Test(arguments: Backend.available)
    func user_profile_has_profile_images_and_counters(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let app = try await server.app()
            let token = try await server.client.accessToken(TestUser("pictured"), app: app, scope: "public read_user")

            // act
            let response = try await server.client.get("/users/pictured", headers: bearer(token))

            // assert
            #expect(response.status == .ok)
            let object = try response.object()
            let images = try #require(object["profile_image"] as? [String: Any])
            for size in ["small", "medium", "large"] {
                let url = try #require(images[size] as? String, "missing profile_image.\(size)")
                #expect(URL(string: url)?.host != nil)
            }
            #expect(object["total_photos"] as? Int == 0)
            #expect(object["total_likes"] as? Int == 0)
            #expect(object["total_collections"] as? Int == 0)
            #expect(object["first_name"] as? String == "Ada")
            #expect(object["email"] == nil)
        }
    }
}
