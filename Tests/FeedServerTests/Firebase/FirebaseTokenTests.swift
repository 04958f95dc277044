import Crypto
import CryptoExtras
import FeedLibrary
import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import NIOCore
import TestSupport
import Testing

@testable import FeedServer

/// ID tokens are RS256 JWTs with Firebase's claims, signed with keys the server keeps and publishes, and checked on
/// every call; refresh tokens are opaque, revocable, and refresh in all three of securetoken's body shapes.
@Suite("Firebase Auth: tokens")
struct FirebaseTokenTests {
    @Test(arguments: Backend.available)
    func an_id_token_carries_firebase_claims_and_verifies_against_the_published_keys(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let firebase = try await FirebaseClient(server)
            let answer = try await firebase.signUp("ada@example.com", displayName: "Ada Lovelace")
            let token = try #require(answer.idToken)

            // act
            let keys = try await server.client.get(FirebaseAdminController.publicKeysPath)

            // assert: the claims
            let claims = try jwtPayload(token)
            #expect(try jwtHeader(token)["alg"] as? String == "RS256")
            #expect(claims["iss"] as? String == "https://securetoken.google.com/\(FirebaseClient.project)")
            #expect(claims["aud"] as? String == FirebaseClient.project)
            #expect(claims["sub"] as? String == answer.localId)
            #expect(claims["user_id"] as? String == answer.localId)
            #expect(claims["email"] as? String == "ada@example.com")
            #expect(claims["email_verified"] as? Bool == false)
            #expect(claims["name"] as? String == "Ada Lovelace")
            let iat = try #require(claims["iat"] as? Int)
            #expect(claims["exp"] as? Int == iat + 3600)
            #expect(claims["auth_time"] is Int)
            let firebaseClaim = try #require(claims["firebase"] as? [String: Any])
            #expect(firebaseClaim["sign_in_provider"] as? String == "password")
            #expect((firebaseClaim["identities"] as? [String: [String]])?["email"] == ["ada@example.com"])
            // assert: the signature, with the key the header names, independently of the server's JWT library
            #expect(keys.status == .ok)
            let set = try keys.decodeJSON(JSONWebKeySet.self)
            let kid = try #require(try jwtHeader(token)["kid"] as? String)
            let key = try #require(set.keys.first { $0.kid == kid })
            #expect(try Self.signatureIsValid(token, key: key))
            #expect(try !Self.signatureIsValid(Self.tampered(token), key: key))
        }
    }

    @Test(arguments: Backend.available, ["form", "camelCase", "snake_case"])
    func a_refresh_token_refreshes_in_every_body_shape(backend: Backend, shape: String) async throws {
        try await withTestServer(backend) { server in
            // setup
            let firebase = try await FirebaseClient(server)
            let answer = try await firebase.signUp("ada@example.com")
            let refreshToken = try #require(answer.refreshToken)
            let (contentType, body) =
                switch shape {
                case "form":
                    ("application/x-www-form-urlencoded", "grant_type=refresh_token&refresh_token=\(refreshToken)")
                case "camelCase":
                    ("application/json", #"{"grantType":"refresh_token","refreshToken":"\#(refreshToken)"}"#)
                default: ("application/json", #"{"grant_type":"refresh_token","refresh_token":"\#(refreshToken)"}"#)
                }

            // act
            let response = try await server.client.execute(
                uri: FirebaseClient.tokenPath + "?key=" + firebase.key, method: .post,
                headers: [.contentType: contentType], body: ByteBuffer(string: body))

            // assert
            #expect(response.status == .ok)
            let refreshed = try response.decodeJSON(SecureTokenResponse.self)
            #expect(refreshed.userId == answer.localId)
            #expect(refreshed.projectId == FirebaseClient.project)
            #expect(refreshed.refreshToken == refreshToken)
            #expect(refreshed.accessToken == refreshed.idToken)
            #expect(refreshed.expiresIn == "3600")
            #expect(refreshed.tokenType == "Bearer")
            #expect(try await firebase.lookup(refreshed.idToken).status == .ok)
        }
    }

    @Test(arguments: [
        (#"{"refresh_token":"x"}"#, "MISSING_GRANT_TYPE"),
        (#"{"grant_type":"password","refresh_token":"x"}"#, "INVALID_GRANT_TYPE"),
        (#"{"grant_type":"refresh_token"}"#, "MISSING_REFRESH_TOKEN"),
        (#"{"grant_type":"refresh_token","refresh_token":"made-up"}"#, "INVALID_REFRESH_TOKEN"),
    ])
    func a_refresh_without_a_valid_refresh_token_is_refused_in_securetoken_codes(body: String, message: String)
        async throws
    {
        try await withTestServer { server in
            // setup
            let firebase = try await FirebaseClient(server)

            // act
            let response = try await server.client.execute(
                uri: FirebaseClient.tokenPath + "?key=" + firebase.key, method: .post,
                headers: [.contentType: "application/json"], body: ByteBuffer(string: body))

            // assert
            #expect(response.status == .badRequest)
            #expect(response.googleMessage == message)
        }
    }

    @Test(arguments: Backend.available)
    func signing_out_everywhere_ends_the_tokens_issued_before_and_the_web_session(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let firebase = try await FirebaseClient(server)
            let answer = try await firebase.signUp("ada@example.com")
            let cookie = try #require(
                try await server.client.logIn("ada@example.com", FirebaseClient.password).sessionCookie)

            // act: `imagefeed users sign-out ada`
            try await server.store.signOutEverywhere(userID: answer.localId)

            // assert
            #expect(try await firebase.lookup(try #require(answer.idToken)).googleMessage == "TOKEN_EXPIRED")
            #expect(try await firebase.refresh(try #require(answer.refreshToken)).googleMessage == "TOKEN_EXPIRED")
            #expect(try await server.client.get("/me", headers: [.cookie: cookie]).status == .unauthorized)
            let again = try await firebase.signIn("ada@example.com").decodeJSON(SignInWithPasswordResponse.self)
            #expect(try await firebase.lookup(again.idToken).status == .ok)
        }
    }

    @Test
    func an_id_token_past_its_hour_is_TOKEN_EXPIRED() async throws {
        try await withTestServer { server in
            // setup
            let firebase = try await FirebaseClient(server)
            let answer = try await firebase.signUp("ada@example.com")

            // act
            server.wallClock.advance(by: 3601)
            let response = try await firebase.lookup(try #require(answer.idToken))

            // assert
            #expect(response.status == .badRequest)
            #expect(response.googleMessage == "TOKEN_EXPIRED")
            #expect(try await firebase.refresh(try #require(answer.refreshToken)).status == .ok)
        }
    }

    @Test(arguments: Backend.available)
    func a_token_for_another_project_or_not_signed_here_is_INVALID_ID_TOKEN(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup: the server's own key, but another audience; a forged signature; an unsigned emulator token
            let firebase = try await FirebaseClient(server)
            let answer = try await firebase.signUp("ada@example.com")
            var settings = FirebaseSettings()
            settings.projectID = "another-project"
            let otherProject = try await IDTokenSigner(store: server.store, settings: settings).sign(
                IDTokenClaims(
                    projectID: "another-project", userID: answer.localId, issuedAt: Int64(Date().timeIntervalSince1970),
                    lifetime: 3600, authTime: Int64(Date().timeIntervalSince1970), email: "ada@example.com",
                    emailVerified: false, name: nil, picture: nil, signInProvider: "password"))
            let token = try #require(answer.idToken)
            let parts = token.split(separator: ".")
            let unsigned =
                try Self.base64URL(JSONSerialization.data(withJSONObject: ["alg": "none", "typ": "JWT"]))
                + "." + parts[1] + "."

            // act and assert
            for bad in [otherProject, Self.tampered(token), unsigned, "not-a-jwt"] {
                let response = try await firebase.lookup(bad)
                #expect(response.status == .badRequest)
                #expect(response.googleMessage == "INVALID_ID_TOKEN")
            }
        }
    }

    @Test(arguments: Backend.available)
    func a_deleted_account_refresh_token_is_USER_NOT_FOUND(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let firebase = try await FirebaseClient(server)
            let answer = try await firebase.signUp("ada@example.com")
            try await server.store.deleteUser(id: answer.localId)

            // act
            let refresh = try await firebase.refresh(try #require(answer.refreshToken))
            let lookup = try await firebase.lookup(try #require(answer.idToken))

            // assert
            #expect(refresh.googleMessage == "USER_NOT_FOUND")
            #expect(lookup.googleMessage == "USER_NOT_FOUND")
        }
    }

    @Test(arguments: Backend.available)
    func every_node_checks_the_tokens_any_node_signed(backend: Backend) async throws {
        try await withTestServer(backend, nodes: 2) { server in
            // setup
            let first = try await FirebaseClient(server, node: 0)
            let second = try await FirebaseClient(server, node: 1)

            // act
            let answer = try await first.signUp("ada@example.com")
            let elsewhere = try await second.signIn("ada@example.com").decodeJSON(SignInWithPasswordResponse.self)

            // assert
            #expect(try await second.lookup(try #require(answer.idToken)).status == .ok)
            #expect(try await first.lookup(elsewhere.idToken).status == .ok)
            #expect(
                try jwtHeader(elsewhere.idToken)["kid"] as? String == jwtHeader(try #require(answer.idToken))["kid"]
                    as? String)
        }
    }

    @Test
    func the_key_rotates_with_an_overlap() async throws {
        try await withTestServer { server in
            // setup
            let firebase = try await FirebaseClient(server)
            let answer = try await firebase.signUp("ada@example.com")
            let firstToken = try #require(answer.idToken)
            let oldKid = try #require(try jwtHeader(firstToken)["kid"] as? String)

            // act: a rotation period later, a new key signs; the old one is still published
            server.wallClock.advance(by: Double(FirebaseSettings().keyRotation))
            let later = try await firebase.refresh(try #require(answer.refreshToken)).decodeJSON(
                SecureTokenResponse.self)
            let keys = try await server.client.get(FirebaseAdminController.publicKeysPath).decodeJSON(
                JSONWebKeySet.self)

            // assert
            let newKid = try #require(try jwtHeader(later.idToken)["kid"] as? String)
            #expect(newKid != oldKid)
            #expect(Set(keys.keys.map(\.kid)).isSuperset(of: [oldKid, newKid]))
            #expect(try await firebase.lookup(later.idToken).status == .ok)
        }
    }

    // MARK: helpers

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The token with one character of its payload changed.
    static func tampered(_ token: String) -> String {
        var parts = token.split(separator: ".").map(String.init)
        var payload = try! jwtPayload(token)
        payload["user_id"] = "someone-else"
        parts[1] = base64URL(try! JSONSerialization.data(withJSONObject: payload))
        return parts.joined(separator: ".")
    }

    /// Whether `token`'s RS256 signature is `key`'s.
    static func signatureIsValid(_ token: String, key: JSONWebKeySet.Key) throws -> Bool {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        let modulus = try #require(Data(base64URL: key.n))
        let exponent = try #require(Data(base64URL: key.e))
        let publicKey = try _RSA.Signing.PublicKey(n: modulus, e: exponent)
        let signature = _RSA.Signing.RSASignature(rawRepresentation: try #require(Data(base64URL: String(parts[2]))))
        let digest = SHA256.hash(data: Data((parts[0] + "." + parts[1]).utf8))
        return publicKey.isValidSignature(signature, for: digest, padding: .insecurePKCS1v1_5)
    }
}
