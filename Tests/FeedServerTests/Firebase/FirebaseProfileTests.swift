import FeedLibrary
import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import TestSupport
import Testing

@testable import FeedServer

/// `lookup`, `update` and `delete` work on the library account itself: the profile `PUT /me` changes, the
/// credentials the web sign-in checks, and the deletion `imagefeed users delete` does.
@Suite("Firebase Auth: the account")
struct FirebaseProfileTests {
    @Test(arguments: Backend.available)
    func lookup_describes_the_account_as_identity_toolkit_does(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let firebase = try await FirebaseClient(server)
            let answer = try await firebase.signUp("ada@example.com", displayName: "Ada Lovelace")

            // act
            let response = try await firebase.lookup(try #require(answer.idToken))

            // assert
            #expect(response.status == .ok)
            let object = try response.object()
            #expect(object["kind"] as? String == "identitytoolkit#GetAccountInfoResponse")
            let user = try #require((object["users"] as? [[String: Any]])?.first)
            #expect(user["localId"] as? String == answer.localId)
            #expect(user["email"] as? String == "ada@example.com")
            #expect(user["emailVerified"] as? Bool == false)
            #expect(user["displayName"] as? String == "Ada Lovelace")
            #expect(user["passwordHash"] as? String == "UkVEQUNURUQ=")
            #expect((user["createdAt"] as? String).flatMap { Int64($0) } != nil)
            #expect((user["lastLoginAt"] as? String).flatMap { Int64($0) } != nil)
            let provider = try #require((user["providerUserInfo"] as? [[String: Any]])?.first)
            #expect(provider["providerId"] as? String == "password")
            #expect(provider["email"] as? String == "ada@example.com")
        }
    }

    @Test(arguments: Backend.available)
    func a_firebase_name_change_is_the_profile_put_me_changes_and_back(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let firebase = try await FirebaseClient(server)
            let answer = try await firebase.signUp("ada@example.com", displayName: "Ada Lovelace")
            let idToken = try #require(answer.idToken)

            // act: Firebase changes the name, then the API does
            let update = try await firebase.call(
                "accounts:update", body: UpdateAccountRequest(idToken: idToken, displayName: "Augusta Byron"))
            let afterFirebase = try await server.store.user(id: answer.localId)
            let member = try await server.user("ada")
            let put = try await server.client.send(
                .put, "/me", headers: member.formHeaders, body: "first_name=Countess&last_name=of%20Lovelace")
            let afterAPI = try await firebase.lookup(idToken).decodeJSON(LookupResponse.self)

            // assert
            #expect(update.status == .ok)
            #expect(try update.decodeJSON(UpdateAccountResponse.self).displayName == "Augusta Byron")
            #expect(try update.decodeJSON(UpdateAccountResponse.self).idToken == nil)
            #expect(afterFirebase?.firstName == "Augusta")
            #expect(afterFirebase?.lastName == "Byron")
            #expect(put.status == .ok)
            #expect(afterAPI.users?.first?.displayName == "Countess of Lovelace")
        }
    }

    @Test(arguments: Backend.available)
    func deleting_the_display_name_and_photo_url_removes_them(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let firebase = try await FirebaseClient(server)
            let answer = try await firebase.signUp("ada@example.com", displayName: "Ada Lovelace")
            let idToken = try #require(answer.idToken)
            _ = try await firebase.call(
                "accounts:update", body: UpdateAccountRequest(idToken: idToken, photoUrl: "https://example.com/ada.jpg")
            )

            // act
            let response = try await firebase.call(
                "accounts:update",
                #"{"idToken":"\#(idToken)","deleteAttribute":["DISPLAY_NAME","PHOTO_URL"]}"#)

            // assert
            #expect(response.status == .ok)
            let account = try #require(try await firebase.lookup(idToken).decodeJSON(LookupResponse.self).users?.first)
            #expect(account.displayName == nil)
            #expect(account.photoUrl == nil)
            #expect(try await server.store.user(id: answer.localId)?.fullName == "")
        }
    }

    @Test(arguments: Backend.available)
    func a_password_change_answers_new_tokens_and_ends_every_other(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let firebase = try await FirebaseClient(server)
            let answer = try await firebase.signUp("ada@example.com")
            let idToken = try #require(answer.idToken)
            let cookie = try #require(
                try await server.client.logIn("ada@example.com", FirebaseClient.password).sessionCookie)

            // act
            let response = try await firebase.call(
                "accounts:update",
                body: UpdateAccountRequest(idToken: idToken, password: "new-battery-9", returnSecureToken: true))

            // assert
            #expect(response.status == .ok)
            let changed = try response.decodeJSON(UpdateAccountResponse.self)
            #expect(try await firebase.lookup(try #require(changed.idToken)).status == .ok)
            #expect(try await firebase.refresh(try #require(changed.refreshToken)).status == .ok)
            #expect(try await firebase.lookup(idToken).googleMessage == "TOKEN_EXPIRED")
            #expect(try await firebase.refresh(try #require(answer.refreshToken)).googleMessage == "TOKEN_EXPIRED")
            #expect(try await server.client.get("/me", headers: [.cookie: cookie]).status == .unauthorized)
            #expect(try await server.client.logIn("ada@example.com", "new-battery-9").status == .ok)
            #expect(try await firebase.signIn("ada@example.com").googleMessage == "INVALID_LOGIN_CREDENTIALS")
        }
    }

    @Test(arguments: Backend.available)
    func an_email_change_is_checked_and_the_new_email_signs_in_everywhere(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let firebase = try await FirebaseClient(server)
            let answer = try await firebase.signUp("ada@example.com")
            try await firebase.signUp("taken@example.com")
            let idToken = try #require(answer.idToken)

            // act
            let taken = try await firebase.call(
                "accounts:update", body: UpdateAccountRequest(idToken: idToken, email: "Taken@example.com"))
            let invalid = try await firebase.call(
                "accounts:update", body: UpdateAccountRequest(idToken: idToken, email: "nope"))
            let changed = try await firebase.call(
                "accounts:update", body: UpdateAccountRequest(idToken: idToken, email: "lovelace@example.com"))

            // assert
            #expect(taken.googleMessage == "EMAIL_EXISTS")
            #expect(invalid.googleMessage == "INVALID_EMAIL")
            #expect(changed.status == .ok)
            #expect(try changed.decodeJSON(UpdateAccountResponse.self).idToken != nil)
            #expect(try await server.client.logIn("lovelace@example.com", FirebaseClient.password).status == .ok)
            #expect(try await firebase.signIn("lovelace@example.com").status == .ok)
        }
    }

    @Test(arguments: Backend.available)
    func deleting_through_firebase_removes_the_account_its_photos_and_files(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup: the Firebase account uploads a photo through the API
            let firebase = try await FirebaseClient(server)
            let answer = try await firebase.signUp("ada@example.com")
            let member = try await server.user("ada")
            let photo = try await server.uploadPhoto(try smallJPEG(seed: 71), as: member)
            try #require(!server.filesUnder("originals").isEmpty)

            // act
            let response = try await firebase.call(
                "accounts:delete", body: DeleteAccountRequest(idToken: answer.idToken))

            // assert
            #expect(response.status == .ok)
            #expect(try response.object()["kind"] as? String == "identitytoolkit#DeleteAccountResponse")
            #expect(try await server.store.user(id: answer.localId) == nil)
            #expect(try await server.client.get("/photos/\(photo.id)").status == .notFound)
            #expect(server.filesUnder("originals").isEmpty)
            #expect(try await firebase.signIn("ada@example.com").googleMessage == "INVALID_LOGIN_CREDENTIALS")
        }
    }

    @Test
    func calls_that_need_an_id_token_say_so() async throws {
        try await withTestServer { server in
            // setup
            let firebase = try await FirebaseClient(server)

            // act
            let lookup = try await firebase.call("accounts:lookup", "{}")
            let delete = try await firebase.call("accounts:delete", "{}")
            let update = try await firebase.call("accounts:update", #"{"displayName":"X"}"#)

            // assert
            #expect(lookup.googleMessage == "MISSING_ID_TOKEN")
            #expect(delete.googleMessage == "MISSING_ID_TOKEN")
            #expect(update.googleMessage == "INVALID_REQ_TYPE : Unsupported request parameters.")
        }
    }

    @Test
    func a_person_may_not_set_what_only_an_admin_sets() async throws {
        try await withTestServer { server in
            // setup
            let firebase = try await FirebaseClient(server)
            let answer = try await firebase.signUp("ada@example.com")
            let idToken = try #require(answer.idToken)

            // act
            let claims = try await firebase.call(
                "accounts:update", #"{"idToken":"\#(idToken)","customAttributes":"{\"admin\":true}"}"#)
            let disable = try await firebase.call("accounts:update", #"{"idToken":"\#(idToken)","disableUser":true}"#)

            // assert
            #expect(claims.googleMessage == "INSUFFICIENT_PERMISSION")
            #expect(disable.googleMessage == "OPERATION_NOT_ALLOWED")
        }
    }
}
