import FeedLibrary
import FeedModels
import Foundation
import HTTPTypes
import TestSupport
import Testing

@testable import FeedServer

/// The requests the iOS SDK (FirebaseAuth, Swift) sends with `useEmulator(withHost:port:)`, byte for byte over a
/// plain socket: the v3 `relyingparty` names under `/www.googleapis.com/identitytoolkit/v3/`, its headers
/// (`AuthBackend.request(for:…)`), its JSON bodies (`SignUpNewUserRequest`, `VerifyPasswordRequest`,
/// `GetAccountInfoRequest`, `SetAccountInfoRequest`, `GetOOBConfirmationCodeRequest`, `DeleteAccountRequest`) and
/// securetoken's camelCase body (`SecureTokenRequest`), read from firebase-ios-sdk's sources.
@Suite("Firebase Auth: the iOS SDK's wire format")
struct FirebaseIOSWireTests {
    /// A request as `AuthBackend` builds it: `Content-Type`, the client version, the bundle, the app id, the
    /// language, and the heartbeat.
    static func request(_ path: String, body: String) -> [UInt8] {
        Array(
            ("POST \(path) HTTP/1.1\r\n"
                + "Host: 127.0.0.1\r\n"
                + "Content-Type: application/json\r\n"
                + "X-Client-Version: iOS/FirebaseSDK/12.4.0/FirebaseCore-iOS\r\n"
                + "X-Ios-Bundle-Identifier: com.example.iwall\r\n"
                + "X-Firebase-GMPID: 1:123456789:ios:abcdef0123456789\r\n"
                + "Accept-Language: en\r\n"
                + "X-Firebase-Client: H4sIAAAAAAAAAKtWykhNLCpJSixSslIqzs8tUqoFAHTh2j0WAAAA\r\n"
                + "Accept: */*\r\n"
                + "Accept-Encoding: gzip, deflate\r\n"
                + "User-Agent: iWall/1 CFNetwork/1568.100.1 Darwin/24.0.0\r\n"
                + "Content-Length: \(body.utf8.count)\r\n"
                + "Connection: close\r\n"
                + "\r\n" + body).utf8)
    }

    /// The status and the JSON body of a raw answer.
    static func answer(_ raw: String) throws -> (status: Int, json: [String: Any]) {
        let head = try #require(raw.range(of: "\r\n\r\n"))
        let statusLine = raw[..<head.lowerBound].split(separator: "\r\n").first ?? ""
        let status = try #require(Int(statusLine.split(separator: " ")[1]))
        let body = Data(raw[head.upperBound...].utf8)
        return (status, try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any]))
    }

    static let relyingParty = "/www.googleapis.com/identitytoolkit/v3/relyingparty/"

    @Test
    func the_ios_sdk_signs_up_signs_in_reads_changes_refreshes_and_deletes() async throws {
        try await withTestServer(transport: .live) { server in
            // setup
            let key = try await server.app().key
            let port = try #require(server.client.port)
            func call(_ endpoint: String, _ body: String) async throws -> (status: Int, json: [String: Any]) {
                try Self.answer(
                    try await rawHTTP(
                        port: port, Self.request(Self.relyingParty + endpoint + "?key=" + key, body: body),
                        readTimeout: 60))
            }

            // act and assert: sign-up (`Auth.createUser(withEmail:password:)`)
            let signUp = try await call(
                "signupNewUser",
                #"{"email":"ada@example.com","password":"correct-horse-7","clientType":"CLIENT_TYPE_IOS","returnSecureToken":true}"#
            )
            #expect(signUp.status == 200)
            #expect(signUp.json["kind"] as? String == "identitytoolkit#SignupNewUserResponse")
            #expect(signUp.json["expiresIn"] as? String == "3600")
            let localId = try #require(signUp.json["localId"] as? String)

            // a wrong password, then the right one (`Auth.signIn(withEmail:password:)`)
            let wrong = try await call(
                "verifyPassword",
                #"{"email":"ada@example.com","password":"wrong-horse-7","returnSecureToken":true,"clientType":"CLIENT_TYPE_IOS"}"#
            )
            #expect(wrong.status == 400)
            #expect((wrong.json["error"] as? [String: Any])?["message"] as? String == "INVALID_LOGIN_CREDENTIALS")
            let signIn = try await call(
                "verifyPassword",
                #"{"email":"ada@example.com","password":"correct-horse-7","returnSecureToken":true,"clientType":"CLIENT_TYPE_IOS"}"#
            )
            #expect(signIn.status == 200)
            #expect(signIn.json["registered"] as? Bool == true)
            let idToken = try #require(signIn.json["idToken"] as? String)
            let refreshToken = try #require(signIn.json["refreshToken"] as? String)

            // reload (`User.reload()`)
            let account = try await call("getAccountInfo", #"{"idToken":"\#(idToken)"}"#)
            let user = try #require((account.json["users"] as? [[String: Any]])?.first)
            #expect(user["localId"] as? String == localId)
            #expect(user["createdAt"] is String)

            // a profile change (`UserProfileChangeRequest.commitChanges()`)
            let change = try await call(
                "setAccountInfo", #"{"idToken":"\#(idToken)","displayName":"Ada Lovelace","returnSecureToken":true}"#)
            #expect(change.status == 200)
            #expect(change.json["displayName"] as? String == "Ada Lovelace")

            // a token refresh, camelCase (`SecureTokenRequest`), at securetoken's emulator path
            let refresh = try Self.answer(
                try await rawHTTP(
                    port: port,
                    Self.request(
                        "/securetoken.googleapis.com/v1/token?key=" + key,
                        body: #"{"grantType":"refresh_token","refreshToken":"\#(refreshToken)"}"#), readTimeout: 60))
            #expect(refresh.status == 200)
            #expect(refresh.json["expires_in"] as? String == "3600")
            #expect(refresh.json["user_id"] as? String == localId)
            let refreshed = try #require(refresh.json["id_token"] as? String)
            #expect(try jwtPayload(refreshed)["name"] as? String == "Ada Lovelace")

            // a verification mail (`User.sendEmailVerification()`), with the iOS SDK's other keys
            let verify = try await call(
                "getOobConfirmationCode",
                #"{"requestType":"VERIFY_EMAIL","idToken":"\#(refreshed)","clientType":"CLIENT_TYPE_IOS","iOSBundleId":"com.example.iwall"}"#
            )
            #expect(verify.status == 200)
            #expect(verify.json["email"] as? String == "ada@example.com")

            // the account's deletion (`User.delete()`)
            let delete = try await call("deleteAccount", #"{"idToken":"\#(refreshed)","localId":"\#(localId)"}"#)
            #expect(delete.status == 200)
            #expect(delete.json["kind"] as? String == "identitytoolkit#DeleteAccountResponse")
            #expect(try await server.store.user(id: localId) == nil)
        }
    }

    @Test
    func an_invalid_key_is_the_error_the_ios_sdk_maps_to_invalid_api_key() async throws {
        try await withTestServer(transport: .live) { server in
            // setup
            let port = try #require(server.client.port)

            // act
            let answer = try Self.answer(
                try await rawHTTP(
                    port: port,
                    Self.request(
                        Self.relyingParty + "verifyPassword?key=AIzaSyNotARegisteredKey",
                        body: #"{"email":"ada@example.com","password":"correct-horse-7","returnSecureToken":true}"#),
                    readTimeout: 60))

            // assert: `AuthBackend` reads `errors[].reason` starting with keyInvalid; the JS SDK reads the message
            #expect(answer.status == 400)
            let error = try #require(answer.json["error"] as? [String: Any])
            #expect(error["message"] as? String == "API key not valid. Please pass a valid API key.")
            #expect(((error["errors"] as? [[String: String]])?.first?["reason"])?.hasPrefix("keyInvalid") == true)
            #expect(((error["details"] as? [[String: Any]])?.first?["reason"] as? String) == "API_KEY_INVALID")
        }
    }
}
