import FeedLibrary
import FeedModels
import Foundation
import HTTPTypes
import NIOCore
import TestSupport
import Testing

@testable import FeedServer

/// Bad input to Identity Toolkit and securetoken is refused as Google refuses it — malformed JSON, a field of the
/// wrong type, no key or a made-up one, a body too large — never with a 500, and nothing is written.
@Suite("Firebase Auth: bad input")
struct FirebaseAuthBadInputTests {
    @Test(arguments: [
        ("{\"email\": ", "Invalid JSON payload received. Unexpected token."),
        (
            #"{"email":5,"password":"correct-horse-7"}"#,
            "Invalid JSON payload received. Invalid value at 'email' (TYPE_STRING)"
        ),
        (
            #"{"email":"a@example.com","password":"correct-horse-7","returnSecureToken":"yes"}"#,
            "Invalid JSON payload received. Invalid value at 'returnSecureToken' (TYPE_BOOL)"
        ),
        (#"["a@example.com"]"#, "Invalid JSON payload received. Expected a JSON object."),
    ])
    func a_body_that_is_not_the_request_is_INVALID_ARGUMENT(body: String, message: String) async throws {
        try await withTestServer { server in
            // setup
            let firebase = try await FirebaseClient(server)

            // act
            let v1 = try await firebase.call("accounts:signUp", body)
            let v3 = try await server.client.send(
                .post, FirebaseClient.v3 + "signupNewUser?key=" + firebase.key,
                headers: [.contentType: "application/json"], body: body)

            // assert
            for response in [v1, v3] {
                #expect(response.status == .badRequest)
                #expect(response.googleMessage == message)
                #expect(response.googleError?.status == "INVALID_ARGUMENT")
            }
            #expect(try await server.store.allUsers().isEmpty)
        }
    }

    @Test
    func fields_the_server_does_not_use_are_ignored_as_identity_toolkit_ignores_them() async throws {
        try await withTestServer { server in
            // act: the JS and iOS SDKs send these too
            let response = try await FirebaseClient(server).call(
                "accounts:signUp",
                #"{"email":"a@example.com","password":"correct-horse-7","returnSecureToken":true,"clientType":"CLIENT_TYPE_WEB","recaptchaVersion":"RECAPTCHA_ENTERPRISE","captchaResp":null}"#
            )

            // assert
            #expect(response.status == .ok)
        }
    }

    @Test
    func an_admin_list_of_the_wrong_type_names_the_field() async throws {
        try await withTestServer(configure: adminConfiguration) { server in
            // act
            let response = try await FirebaseClient(server).admin("accounts:lookup", #"{"localId":"not-a-list"}"#)

            // assert
            #expect(response.status == .badRequest)
            #expect(
                response.googleMessage?.hasPrefix("Invalid JSON payload received. Invalid value at 'localId'") == true)
        }
    }

    @Test
    func a_missing_key_and_a_made_up_key_are_refused_as_google_refuses_them() async throws {
        try await withTestServer { server in
            // act
            let missing = try await server.client.send(
                .post, FirebaseClient.v1 + "accounts:signUp", headers: [.contentType: "application/json"],
                body: #"{"email":"a@example.com","password":"correct-horse-7"}"#)
            let madeUp = try await server.client.send(
                .post, FirebaseClient.v1 + "accounts:signUp?key=made-up", headers: [.contentType: "application/json"],
                body: #"{"email":"a@example.com","password":"correct-horse-7"}"#)
            let refresh = try await server.client.send(
                .post, FirebaseClient.tokenPath + "?key=made-up", headers: [.contentType: "application/json"],
                body: #"{"grant_type":"refresh_token","refresh_token":"x"}"#)

            // assert
            #expect(missing.status == .forbidden)
            #expect(missing.googleError?.status == "PERMISSION_DENIED")
            #expect(missing.googleMessage?.hasPrefix("Method doesn't allow unregistered callers") == true)
            for response in [madeUp, refresh] {
                #expect(response.status == .badRequest)
                #expect(response.googleMessage == "API key not valid. Please pass a valid API key.")
                #expect(response.googleError?.details?.first?.reason == "API_KEY_INVALID")
            }
            #expect(try await server.store.allUsers().isEmpty)
        }
    }

    @Test
    func the_key_may_come_in_the_x_goog_api_key_header() async throws {
        try await withTestServer { server in
            // setup
            let key = try await server.app().key

            // act
            let response = try await server.client.send(
                .post, FirebaseClient.v1 + "accounts:signUp",
                headers: [.contentType: "application/json", APIKeyMiddleware.header: key],
                body: #"{"email":"a@example.com","password":"correct-horse-7"}"#)

            // assert
            #expect(response.status == .ok)
        }
    }

    @Test
    func a_body_over_the_limit_is_refused_before_it_is_read_whole() async throws {
        try await withTestServer { server in
            // setup
            let firebase = try await FirebaseClient(server)
            let huge = #"{"email":"a@example.com","password":""# + String(repeating: "x", count: 2 << 20) + #""}"#

            // act
            let response = try await firebase.call("accounts:signUp", huge)

            // assert
            #expect(response.status == .contentTooLarge)
            #expect(response.googleError?.code == 413)
        }
    }

    @Test(arguments: ["accounts:signInWithIdp", "accounts:signInWithCustomToken", "accounts:sendVerificationCode"])
    func sign_in_methods_not_served_are_OPERATION_NOT_ALLOWED(operation: String) async throws {
        try await withTestServer { server in
            // act
            let response = try await FirebaseClient(server).call(operation, "{}")

            // assert
            #expect(response.status == .badRequest)
            #expect(response.googleMessage?.hasPrefix("OPERATION_NOT_ALLOWED") == true)
        }
    }

    @Test
    func a_wrong_method_is_405_in_googles_format() async throws {
        try await withTestServer { server in
            // setup
            let key = try await server.app().key

            // act
            let response = try await server.client.get(FirebaseClient.v1 + "accounts:signUp?key=" + key)

            // assert
            #expect(response.status == .methodNotAllowed)
            #expect(response.headers[.allow]?.contains("POST") == true)
            #expect(response.googleError?.code == 405)
        }
    }
}
