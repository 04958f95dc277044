import FeedModels
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedServer

/// `PUT /me`'s `language`: kept with the account, shown on `/me` and at sign-in, cleared by an empty value, refused
/// when there is no catalogue of it.
@Suite("Languages: a person's language on /me")
struct MeLanguageTests {
    @Test(arguments: Backend.available)
    func put_me_keeps_the_language_and_an_empty_one_clears_it(backend: Backend) async throws {
        try await PageLanguageTests.withServer(backend) { server in
            // setup
            let nadia = try await server.user("nadia")

            // act
            let chosen = try await server.client.send(.put, "/me", headers: nadia.formHeaders, body: "language=ar")
            let me = try await server.client.get("/me", headers: nadia.auth)
            let login = try await server.client.logIn("nadia", TestUser.defaultPassword)
            let json = nadia.auth.merging([.contentType: "application/json"])
            let cleared = try await server.client.send(.put, "/me", headers: json, body: #"{"language":null}"#)

            // assert
            #expect(chosen.status == .ok)
            #expect(try chosen.decode(User.self).language == "ar")
            #expect(try me.decode(User.self).language == "ar")
            #expect(try login.object()["language"] as? String == "ar")
            #expect(cleared.status == .ok)
            #expect(try cleared.object()["language"] == nil)
            #expect(try await server.client.get("/me", headers: nadia.auth).decode(User.self).language == nil)
        }
    }

    @Test(arguments: Backend.available)
    func a_language_without_a_catalogue_is_422_and_changes_nothing(backend: Backend) async throws {
        try await PageLanguageTests.withServer(backend) { server in
            // setup
            let nadia = try await server.user("nadia")
            _ = try await server.client.send(.put, "/me", headers: nadia.formHeaders, body: "language=ko")

            // act
            let response = try await server.client.send(
                .put, "/me", headers: nadia.formHeaders, body: "language=fr&bio=Bonjour")

            // assert: one precise error, in the API's English, and neither field changed
            #expect(response.status == .unprocessableContent)
            #expect(response.errors == [#"language must be one of ar, en, ko, ru, or empty; got "fr"."#])
            let me = try await server.client.get("/me", headers: nadia.auth).decode(User.self)
            #expect(me.language == "ko")
            #expect(me.bio == nil)
        }
    }

    @Test
    func other_people_never_see_a_persons_language() async throws {
        try await PageLanguageTests.withServer { server in
            // setup
            let nadia = try await server.user("nadia")
            _ = try await server.client.send(.put, "/me", headers: nadia.formHeaders, body: "language=ru")

            // act
            let profile = try await server.client.get("/users/nadia")

            // assert
            #expect(profile.status == .ok)
            #expect(try profile.object()["language"] == nil)
        }
    }
}
