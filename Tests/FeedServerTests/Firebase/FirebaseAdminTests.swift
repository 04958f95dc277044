import FeedLibrary
import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import TestSupport
import Testing

@testable import FeedServer

/// firebase-admin's user management, with `Authorization: Bearer owner` as its emulator mode sends: only when the
/// server was started with that admin token, and by default only from this machine.
@Suite("Firebase Auth: admin calls")
struct FirebaseAdminTests {
    @Test(arguments: Backend.available)
    func the_admin_creates_reads_updates_and_deletes_accounts(backend: Backend) async throws {
        try await withTestServer(backend, configure: adminConfiguration) { server in
            // setup
            let firebase = try await FirebaseClient(server)

            // act
            let created = try await firebase.admin(
                "accounts",
                #"{"localId":"u-ada","email":"ada@example.com","password":"correct-horse-7","displayName":"Ada Lovelace","emailVerified":true}"#
            )
            let byID = try await firebase.admin("accounts:lookup", #"{"localId":["u-ada"]}"#)
            let byEmail = try await firebase.admin("accounts:lookup", #"{"email":["ADA@example.com"]}"#)
            let updated = try await firebase.admin(
                "accounts:update",
                #"{"localId":"u-ada","displayName":"Augusta Byron","customAttributes":"{\"role\":\"editor\"}"}"#)
            let afterUpdate = try await server.store.user(id: "u-ada")
            let signIn = try await firebase.signIn("ada@example.com")
            let deleted = try await firebase.admin("accounts:delete", #"{"localId":"u-ada"}"#)
            let afterDelete = try await firebase.admin("accounts:lookup", #"{"localId":["u-ada"]}"#)

            // assert
            #expect(created.status == .ok)
            let createdAnswer = try created.decodeJSON(SignUpResponse.self)
            #expect(createdAnswer.localId == "u-ada")
            #expect(createdAnswer.idToken == nil)
            #expect(try byID.decodeJSON(LookupResponse.self).users?.first?.emailVerified == true)
            #expect(try byEmail.decodeJSON(LookupResponse.self).users?.first?.localId == "u-ada")
            #expect(updated.status == .ok)
            #expect(afterUpdate?.firstName == "Augusta")
            #expect(afterUpdate?.lastName == "Byron")
            let token = try signIn.decodeJSON(SignInWithPasswordResponse.self).idToken
            #expect(try jwtPayload(token)["role"] as? String == "editor")
            #expect(deleted.status == .ok)
            #expect(try afterDelete.object()["users"] == nil)
        }
    }

    @Test
    func the_admin_lists_accounts_a_page_at_a_time() async throws {
        try await withTestServer(configure: adminConfiguration) { server in
            // setup
            let firebase = try await FirebaseClient(server)
            for name in ["a", "b", "c"] { try await firebase.signUp("\(name)@example.com") }

            // act
            let first = try await firebase.admin("accounts:batchGet?maxResults=2", method: .get)
                .decodeJSON(BatchGetResponse.self)
            let token = try #require(first.nextPageToken)
            let second = try await firebase.admin("accounts:batchGet?maxResults=2&nextPageToken=\(token)", method: .get)
                .decodeJSON(BatchGetResponse.self)

            // assert
            #expect(first.users?.count == 2)
            #expect(second.users?.count == 1)
            #expect(second.nextPageToken == nil)
            #expect(
                Set(((first.users ?? []) + (second.users ?? [])).compactMap(\.email))
                    == ["a@example.com", "b@example.com", "c@example.com"])
        }
    }

    @Test
    func batch_delete_removes_only_disabled_accounts_unless_forced() async throws {
        try await withTestServer(configure: adminConfiguration) { server in
            // setup
            let firebase = try await FirebaseClient(server)
            let enabled = try await firebase.signUp("a@example.com").localId
            let disabled = try await firebase.signUp("b@example.com").localId
            _ = try await firebase.admin("accounts:update", #"{"localId":"\#(disabled)","disableUser":true}"#)

            // act
            let answer = try await firebase.admin(
                "accounts:batchDelete", #"{"localIds":["\#(enabled)","\#(disabled)","gone"]}"#)

            // assert
            #expect(answer.status == .ok)
            let errors = try answer.decodeJSON(BatchDeleteResponse.self).errors ?? []
            #expect(errors.map(\.localId) == [enabled])
            #expect(try await server.store.user(id: enabled) != nil)
            #expect(try await server.store.user(id: disabled) == nil)
        }
    }

    @Test
    func revoking_refresh_tokens_ends_tokens_issued_before_valid_since() async throws {
        try await withTestServer(configure: adminConfiguration) { server in
            // setup
            let firebase = try await FirebaseClient(server)
            let answer = try await firebase.signUp("ada@example.com")
            let later = Int(server.wallClock.now().timeIntervalSince1970) + 1

            // act: what firebase-admin's revoke_refresh_tokens sends
            let revoke = try await firebase.admin(
                "accounts:update", #"{"localId":"\#(answer.localId)","validSince":\#(later)}"#)

            // assert
            #expect(revoke.status == .ok)
            #expect(try await firebase.lookup(try #require(answer.idToken)).googleMessage == "TOKEN_EXPIRED")
            #expect(try await firebase.refresh(try #require(answer.refreshToken)).googleMessage == "TOKEN_EXPIRED")
            let info = try await firebase.admin("accounts:lookup", #"{"localId":["\#(answer.localId)"]}"#)
            #expect(try info.decodeJSON(LookupResponse.self).users?.first?.validSince == String(later))
        }
    }

    @Test
    func admin_calls_are_refused_without_the_configured_token() async throws {
        try await withTestServer { server in
            // setup: no --firebase-admin-token
            let firebase = try await FirebaseClient(server)

            // act
            let withOwner = try await firebase.admin("accounts:lookup", #"{"localId":["x"]}"#)
            let withoutToken = try await server.client.send(
                .post, FirebaseClient.v1 + "projects/\(FirebaseClient.project)/accounts:lookup",
                headers: [.contentType: "application/json"], body: #"{"localId":["x"]}"#)

            // assert
            #expect(withOwner.status == .unauthorized)
            #expect(withOwner.googleError?.status == "UNAUTHENTICATED")
            #expect(withoutToken.status == .unauthorized)
        }
    }

    @Test
    func the_admin_token_is_accepted_from_this_machine_only_by_default() async throws {
        try await withTestServer(configure: { $0.firebase.adminToken = "owner" }) { server in
            // setup: the router's requests come from no address, so not from loopback
            let firebase = try await FirebaseClient(server)

            // act
            let response = try await firebase.admin("accounts:lookup", #"{"localId":["x"]}"#)

            // assert
            #expect(response.status == .forbidden)
            #expect(response.googleError?.status == "PERMISSION_DENIED")
            #expect(FirebaseAdminGate.isLoopback("127.0.0.1"))
            #expect(FirebaseAdminGate.isLoopback("::1"))
            #expect(FirebaseAdminGate.isLoopback("::ffff:127.0.0.1"))
            #expect(!FirebaseAdminGate.isLoopback("10.0.0.7"))
            #expect(!FirebaseAdminGate.isLoopback(nil))
        }
    }

    @Test
    func the_admin_token_from_loopback_over_a_socket_is_the_admin() async throws {
        try await withTestServer(transport: .live, configure: { $0.firebase.adminToken = "s3cret" }) { server in
            // setup
            let firebase = try await FirebaseClient(server)
            let answer = try await firebase.signUp("ada@example.com")

            // act
            let response = try await firebase.admin(
                "accounts:lookup", #"{"localId":["\#(answer.localId)"]}"#, token: "s3cret")
            let wrong = try await firebase.admin(
                "accounts:lookup", #"{"localId":["\#(answer.localId)"]}"#, token: "owner")

            // assert
            #expect(response.status == .ok)
            #expect(try response.decodeJSON(LookupResponse.self).users?.first?.email == "ada@example.com")
            #expect(wrong.status == .unauthorized)
        }
    }

    @Test
    func another_project_in_the_path_is_refused() async throws {
        try await withTestServer(configure: adminConfiguration) { server in
            // act
            let response = try await server.client.send(
                .post, FirebaseClient.v1 + "projects/someone-else/accounts:lookup",
                headers: [.authorization: "Bearer owner", .contentType: "application/json"], body: #"{"localId":["x"]}"#
            )

            // assert
            #expect(response.status == .badRequest)
            #expect(response.googleMessage?.hasPrefix("INVALID_PROJECT_ID") == true)
        }
    }
}
