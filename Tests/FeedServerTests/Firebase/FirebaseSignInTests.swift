import FeedLibrary
import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import TestSupport
import Testing

@testable import FeedServer

/// Firebase's password sign-in is the web sign-in's: one message for a wrong password and an unknown email, and the
/// same throttling and lockout, counted together whichever door the attempts came through.
@Suite("Firebase Auth: sign-in")
struct FirebaseSignInTests {
    @Test(arguments: Backend.available)
    func the_right_password_signs_in_with_tokens(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let firebase = try await FirebaseClient(server)
            let signedUp = try await firebase.signUp("ada@example.com", displayName: "Ada Lovelace")

            // act
            let response = try await firebase.signIn("ADA@example.com")

            // assert
            #expect(response.status == .ok)
            let answer = try response.decodeJSON(SignInWithPasswordResponse.self)
            #expect(answer.kind == "identitytoolkit#VerifyPasswordResponse")
            #expect(answer.localId == signedUp.localId)
            #expect(answer.email == "ada@example.com")
            #expect(answer.displayName == "Ada Lovelace")
            #expect(answer.expiresIn == "3600")
            #expect(try await firebase.lookup(answer.idToken).status == .ok)
            #expect(try await firebase.refresh(answer.refreshToken).status == .ok)
        }
    }

    @Test(arguments: Backend.available)
    func a_wrong_password_and_an_unknown_email_are_both_INVALID_LOGIN_CREDENTIALS(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let firebase = try await FirebaseClient(server)
            try await firebase.signUp("ada@example.com")

            // act
            let wrongPassword = try await firebase.signIn("ada@example.com", password: "wrong-horse-7")
            let unknownEmail = try await firebase.signIn("nobody@example.com")

            // assert
            for response in [wrongPassword, unknownEmail] {
                #expect(response.status == .badRequest)
                #expect(response.googleMessage == "INVALID_LOGIN_CREDENTIALS")
            }
        }
    }

    @Test(arguments: [
        (#"{"password":"correct-horse-7"}"#, "MISSING_EMAIL"),
        (#"{"email":"ada@example.com"}"#, "MISSING_PASSWORD"),
        (#"{"email":"ada@","password":"correct-horse-7"}"#, "INVALID_EMAIL"),
    ])
    func an_incomplete_sign_in_says_what_is_missing(body: String, message: String) async throws {
        try await withTestServer { server in
            // act
            let response = try await FirebaseClient(server).call("accounts:signInWithPassword", body)

            // assert
            #expect(response.status == .badRequest)
            #expect(response.googleMessage == message)
        }
    }

    @Test(arguments: Backend.available)
    func repeated_failures_lock_the_account_for_this_address_as_the_web_sign_in_does(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup: failures through both doors count against one budget
            let firebase = try await FirebaseClient(server)
            try await firebase.signUp("target@example.com")
            for _ in 1...3 { _ = try await firebase.signIn("target@example.com", password: "wrong-guess-1") }
            for _ in 1...2 { _ = try await server.client.logIn("target@example.com", "wrong-guess-1") }

            // act: even the right password is refused now
            let firebaseAnswer = try await firebase.signIn("target@example.com")
            let webAnswer = try await server.client.logIn("target@example.com", FirebaseClient.password)

            // assert
            #expect(firebaseAnswer.status == .badRequest)
            #expect(firebaseAnswer.googleMessage?.hasPrefix("TOO_MANY_ATTEMPTS_TRY_LATER : ") == true)
            #expect(firebaseAnswer.headers[.retryAfter].flatMap { Int($0) }.map { (1...900).contains($0) } == true)
            #expect(webAnswer.status == .tooManyRequests)
        }
    }

    @Test(arguments: Backend.available)
    func an_account_an_admin_disabled_signs_in_through_no_door(backend: Backend) async throws {
        try await withTestServer(backend, configure: adminConfiguration) { server in
            // setup
            let firebase = try await FirebaseClient(server)
            let account = try await firebase.signUp("ada@example.com")
            let disable = try await firebase.admin(
                "accounts:update", #"{"localId":"\#(account.localId)","disableUser":true}"#)
            try #require(disable.status == .ok, "\(disable.text)")

            // act
            let firebaseAnswer = try await firebase.signIn("ada@example.com")
            let webAnswer = try await server.client.logIn("ada@example.com", FirebaseClient.password)
            let tokenAnswer = try await firebase.refresh(try #require(account.refreshToken))

            // assert
            #expect(firebaseAnswer.googleMessage == "USER_DISABLED")
            #expect(webAnswer.status == .forbidden)
            #expect(webAnswer.sessionCookie == nil)
            #expect(tokenAnswer.googleMessage == "USER_DISABLED")
        }
    }
}
