import FeedLibrary
import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import TestSupport
import Testing

@testable import FeedServer

/// Password-reset and email-verification links: the server sends no mail, so a link is logged and listed by the
/// emulator's `oobCodes` to the admin; following it works once.
@Suite("Firebase Auth: emailed links")
struct FirebaseLinkTests {
    /// The live links, as the admin reads them.
    static func links(_ firebase: FirebaseClient) async throws -> [OobCodeList.Entry] {
        let response = try await firebase.node.execute(
            uri: "/emulator/v1/projects/\(FirebaseClient.project)/oobCodes", method: .get,
            headers: [.authorization: "Bearer owner"], body: nil)
        try #require(response.status == .ok, "\(response.text)")
        return try response.decodeJSON(OobCodeList.self).oobCodes
    }

    @Test(arguments: Backend.available)
    func a_password_reset_link_sets_a_new_password_once(backend: Backend) async throws {
        try await withTestServer(backend, configure: adminConfiguration) { server in
            // setup
            let firebase = try await FirebaseClient(server)
            let answer = try await firebase.signUp("ada@example.com")

            // act
            let sent = try await firebase.call(
                "accounts:sendOobCode", #"{"requestType":"PASSWORD_RESET","email":"ada@example.com"}"#)
            let link = try #require(try await Self.links(firebase).first)
            let peek = try await firebase.call("accounts:resetPassword", #"{"oobCode":"\#(link.oobCode)"}"#)
            let weak = try await firebase.call(
                "accounts:resetPassword", #"{"oobCode":"\#(link.oobCode)","newPassword":"weak"}"#)
            let reset = try await firebase.call(
                "accounts:resetPassword", #"{"oobCode":"\#(link.oobCode)","newPassword":"new-battery-9"}"#)
            let again = try await firebase.call(
                "accounts:resetPassword", #"{"oobCode":"\#(link.oobCode)","newPassword":"other-battery-9"}"#)

            // assert
            #expect(sent.status == .ok)
            #expect(try sent.decodeJSON(SendOobCodeResponse.self).email == "ada@example.com")
            #expect(try sent.decodeJSON(SendOobCodeResponse.self).oobCode == nil)
            #expect(link.requestType == "PASSWORD_RESET")
            #expect(link.email == "ada@example.com")
            #expect(link.oobLink.contains("mode=resetPassword"))
            #expect(link.oobLink.contains("oobCode=\(link.oobCode)"))
            #expect(try peek.decodeJSON(ResetPasswordResponse.self).requestType == "PASSWORD_RESET")
            #expect(weak.googleMessage?.hasPrefix("WEAK_PASSWORD : ") == true)
            #expect(reset.status == .ok)
            #expect(again.googleMessage == "INVALID_OOB_CODE")
            #expect(try await server.client.logIn("ada@example.com", "new-battery-9").status == .ok)
            #expect(try await firebase.lookup(try #require(answer.idToken)).googleMessage == "TOKEN_EXPIRED")
            #expect(try await Self.links(firebase).isEmpty)
        }
    }

    @Test
    func a_reset_for_an_unknown_email_answers_as_for_a_known_one() async throws {
        try await withTestServer(configure: adminConfiguration) { server in
            // setup
            let firebase = try await FirebaseClient(server)

            // act
            let response = try await firebase.call(
                "accounts:sendOobCode", #"{"requestType":"PASSWORD_RESET","email":"nobody@example.com"}"#)

            // assert
            #expect(response.status == .ok)
            #expect(try response.decodeJSON(SendOobCodeResponse.self).email == "nobody@example.com")
            #expect(try await Self.links(firebase).isEmpty)
        }
    }

    @Test(arguments: Backend.available)
    func an_email_verification_link_verifies_the_email(backend: Backend) async throws {
        try await withTestServer(backend, configure: adminConfiguration) { server in
            // setup
            let firebase = try await FirebaseClient(server)
            let answer = try await firebase.signUp("ada@example.com")
            let idToken = try #require(answer.idToken)

            // act
            let sent = try await firebase.call(
                "accounts:sendOobCode", #"{"requestType":"VERIFY_EMAIL","idToken":"\#(idToken)"}"#)
            let code = try #require(try await Self.links(firebase).first?.oobCode)
            let applied = try await firebase.call("accounts:update", #"{"oobCode":"\#(code)"}"#)

            // assert
            #expect(sent.status == .ok)
            #expect(applied.status == .ok)
            #expect(try applied.decodeJSON(UpdateAccountResponse.self).emailVerified)
            let refreshed = try await firebase.refresh(try #require(answer.refreshToken)).decodeJSON(
                SecureTokenResponse.self)
            #expect(try jwtPayload(refreshed.idToken)["email_verified"] as? Bool == true)
        }
    }

    @Test
    func only_the_admin_may_have_the_link_returned_or_list_the_links() async throws {
        try await withTestServer(configure: adminConfiguration) { server in
            // setup
            let firebase = try await FirebaseClient(server)
            try await firebase.signUp("ada@example.com")

            // act
            let returned = try await firebase.call(
                "accounts:sendOobCode",
                #"{"requestType":"PASSWORD_RESET","email":"ada@example.com","returnOobLink":true}"#)
            let listed = try await server.client.get("/emulator/v1/projects/\(FirebaseClient.project)/oobCodes")
            let adminReturned = try await firebase.admin(
                "accounts:sendOobCode",
                #"{"requestType":"PASSWORD_RESET","email":"ada@example.com","returnOobLink":true}"#)

            // assert
            #expect(returned.googleMessage == "INSUFFICIENT_PERMISSION")
            #expect(listed.status == .unauthorized)
            #expect(try adminReturned.decodeJSON(SendOobCodeResponse.self).oobLink?.contains("oobCode=") == true)
        }
    }

    @Test(arguments: [
        (#"{"email":"ada@example.com"}"#, "MISSING_REQ_TYPE"),
        (
            #"{"requestType":"EMAIL_SIGNIN","email":"ada@example.com"}"#,
            "OPERATION_NOT_ALLOWED : EMAIL_SIGNIN links are not served."
        ),
        (#"{"requestType":"VERIFY_EMAIL"}"#, "MISSING_ID_TOKEN"),
        (#"{"requestType":"PASSWORD_RESET"}"#, "MISSING_EMAIL"),
    ])
    func an_incomplete_link_request_says_what_is_wrong(body: String, message: String) async throws {
        try await withTestServer { server in
            // act
            let response = try await FirebaseClient(server).call("accounts:sendOobCode", body)

            // assert
            #expect(response.status == .badRequest)
            #expect(response.googleMessage == message)
        }
    }
}

/// The page a reset or verification link opens: the form, the new password saved once, an expired page after.
@Suite("Firebase Auth: the action page")
struct FirebaseActionPageTests {
    @Test
    func a_reset_link_opens_a_form_that_sets_the_password_once() async throws {
        try await withTestServer(configure: adminConfiguration) { server in
            // setup
            let firebase = try await FirebaseClient(server)
            try await firebase.signUp("ada@example.com")
            _ = try await firebase.call(
                "accounts:sendOobCode", #"{"requestType":"PASSWORD_RESET","email":"ada@example.com"}"#)
            let link = try #require(try await FirebaseLinkTests.links(firebase).first)
            let path = try pathAndQuery(link.oobLink)

            // act
            let form = try await server.client.get(path)
            let weak = try await server.client.post(
                "/__/auth/action", form: ["mode": "resetPassword", "oobCode": link.oobCode, "newPassword": "weak"],
                headers: formHeaders())
            let saved = try await server.client.post(
                "/__/auth/action",
                form: ["mode": "resetPassword", "oobCode": link.oobCode, "newPassword": "new-battery-9"],
                headers: formHeaders())
            let again = try await server.client.get(path)

            // assert
            #expect(path.hasPrefix("/__/auth/action?mode=resetPassword&oobCode="))
            #expect(form.status == .ok)
            #expect(form.text.contains("ada@example.com"))
            #expect(weak.status == .unprocessableContent)
            #expect(weak.text.contains("at least 8 characters"))
            #expect(saved.status == .ok)
            #expect(saved.text.contains("Your password has been changed"))
            #expect(again.status == .badRequest)
            #expect(try await server.client.logIn("ada@example.com", "new-battery-9").status == .ok)
        }
    }

    @Test
    func a_cross_site_post_to_the_action_page_is_refused() async throws {
        try await withTestServer(configure: adminConfiguration) { server in
            // setup
            let firebase = try await FirebaseClient(server)
            try await firebase.signUp("ada@example.com")
            _ = try await firebase.call(
                "accounts:sendOobCode", #"{"requestType":"PASSWORD_RESET","email":"ada@example.com"}"#)
            let link = try #require(try await FirebaseLinkTests.links(firebase).first)

            // act
            let forged = try await server.client.post(
                "/__/auth/action",
                form: ["mode": "resetPassword", "oobCode": link.oobCode, "newPassword": "evil-battery-9"],
                headers: formHeaders(origin: "https://elsewhere.example"))

            // assert
            #expect(forged.status == .forbidden)
            #expect(try await server.client.logIn("ada@example.com", "evil-battery-9").status == .unauthorized)
        }
    }
}
