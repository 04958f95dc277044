import FeedLibrary
import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import TestSupport
import Testing

@testable import FeedServer

/// A Firebase sign-up is a library account: names split from the display name, a username made from the email, the
/// library's password rules, and the same password at the web sign-in.
@Suite("Firebase Auth: sign-up")
struct FirebaseSignUpTests {
    @Test(arguments: Backend.available)
    func sign_up_makes_a_library_account_with_the_display_name_split_into_names(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let firebase = try await FirebaseClient(server)

            // act
            let answer = try await firebase.signUp("Ada.Lovelace@Example.com", displayName: "Ada King Lovelace")

            // assert
            let user = try #require(try await server.store.user(id: answer.localId))
            #expect(user.firstName == "Ada")
            #expect(user.lastName == "King Lovelace")
            #expect(user.email == "ada.lovelace@example.com")
            #expect(user.username == "ada_lovelace")
            #expect(answer.kind == "identitytoolkit#SignupNewUserResponse")
            #expect(answer.displayName == "Ada King Lovelace")
            #expect(answer.expiresIn == "3600")
            #expect(try jwtPayload(try #require(answer.idToken))["user_id"] as? String == user.id)
            #expect(answer.refreshToken?.isEmpty == false)
        }
    }

    @Test(arguments: Backend.available)
    func a_firebase_sign_up_signs_in_to_the_web_app_with_the_same_password(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let firebase = try await FirebaseClient(server)
            try await firebase.signUp("grace@example.com", displayName: "Grace Hopper")

            // act
            let web = try await server.client.logIn("grace@example.com", FirebaseClient.password)

            // assert
            #expect(web.status == .ok)
            let me = try web.object()
            #expect(me["first_name"] as? String == "Grace")
            #expect(me["last_name"] as? String == "Hopper")
        }
    }

    @Test(arguments: Backend.available)
    func a_web_sign_up_signs_in_through_firebase(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let person = TestUser("ada", firstName: "Ada", lastName: "Lovelace")
            try await server.client.signUp(person)
            let firebase = try await FirebaseClient(server)

            // act
            let response = try await firebase.signIn(person.email, password: person.password)

            // assert
            #expect(response.status == .ok)
            let answer = try response.decodeJSON(SignInWithPasswordResponse.self)
            #expect(answer.displayName == "Ada Lovelace")
            #expect(answer.registered)
            #expect(try await server.store.user(username: "ada")?.id == answer.localId)
        }
    }

    @Test(arguments: Backend.available)
    func a_taken_email_is_EMAIL_EXISTS_whichever_door_took_it(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let firebase = try await FirebaseClient(server)
            try await server.client.signUp(TestUser("webby", email: "taken@example.com"))
            try await firebase.signUp("other@example.com")

            // act
            let webTaken = try await firebase.call(
                "accounts:signUp", #"{"email":"TAKEN@example.com","password":"correct-horse-7"}"#)
            let firebaseTaken = try await firebase.call(
                "accounts:signUp", #"{"email":"other@example.com","password":"correct-horse-7"}"#)

            // assert
            for response in [webTaken, firebaseTaken] {
                #expect(response.status == .badRequest)
                #expect(response.googleMessage == "EMAIL_EXISTS")
                #expect(response.googleError?.errors?.first?.reason == "invalid")
            }
        }
    }

    @Test(arguments: [
        (
            #"{"email":"a@example.com","password":"short1!"}"#,
            "WEAK_PASSWORD : Password must be at least 8 characters and contain a digit and a special character."
        ),
        (
            #"{"email":"a@example.com","password":"no-digits-here"}"#,
            "WEAK_PASSWORD : Password must be at least 8 characters and contain a digit and a special character."
        ),
        (#"{"password":"correct-horse-7"}"#, "MISSING_EMAIL"),
        (#"{"email":"a@example.com"}"#, "MISSING_PASSWORD"),
        (#"{"email":"not-an-email","password":"correct-horse-7"}"#, "INVALID_EMAIL"),
        (#"{}"#, "OPERATION_NOT_ALLOWED"),
        (
            #"{"email":"a@example.com","password":"correct-horse-7","localId":"chosen"}"#,
            "UNEXPECTED_PARAMETER : User ID"
        ),
    ])
    func the_library_rules_refuse_a_sign_up_in_identity_toolkit_codes(body: String, message: String) async throws {
        try await withTestServer { server in
            // setup
            let firebase = try await FirebaseClient(server)

            // act
            let response = try await firebase.call("accounts:signUp", body)

            // assert
            #expect(response.status == .badRequest)
            #expect(response.googleMessage == message)
            #expect(try await server.store.allUsers().isEmpty)
        }
    }

    @Test
    func sign_ups_with_the_same_local_part_get_different_usernames() async throws {
        try await withTestServer { server in
            // setup
            let firebase = try await FirebaseClient(server)

            // act
            let first = try await firebase.signUp("sam@example.com")
            let second = try await firebase.signUp("sam@example.org")
            let third = try await firebase.signUp("s@example.net")

            // assert
            let names = try await [first, second, third].asyncMap {
                try await server.store.user(id: $0.localId)?.username
            }
            #expect(names == ["sam", "sam2", "s_user"])
        }
    }

    @Test
    func a_sign_up_without_a_display_name_has_none_and_shows_its_username_on_the_web() async throws {
        try await withTestServer { server in
            // setup
            let firebase = try await FirebaseClient(server)

            // act
            let answer = try await firebase.signUp("nameless@example.com")

            // assert
            #expect(answer.displayName == nil)
            let lookup = try await firebase.lookup(try #require(answer.idToken)).decodeJSON(LookupResponse.self)
            #expect(lookup.users?.first?.displayName == nil)
            let profile = try await server.client.get("/users/nameless").object()
            #expect(profile["name"] as? String == "nameless")
        }
    }
}

extension Array {
    /// The results of `transform` on each element, in order.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
