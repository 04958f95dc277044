import FeedLibrary
import FeedModels
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedServer

/// Bad input to Storage is refused in the format of the API called — names that are not UTF-8, too long or with
/// `..` segments, bodies over the limit, malformed metadata, tokens that are not valid — never with a 500, and
/// nothing is written.
@Suite("Firebase Storage: bad input")
struct FirebaseStorageBadInputTests {
    @Test(arguments: [
        ("favs/{uid}/%FF%FE.jpg", "The object name is not valid UTF-8."),
        ("favs/{uid}/" + String(repeating: "x", count: 1020), " bytes long; names are at most 1024 bytes of UTF-8."),
        ("favs/{uid}/../{uid}/a.jpg", "The object name contains a .. segment."),
        ("favs/{uid}/./a.jpg", "The object name contains a . segment."),
        ("favs/{uid}/a%0Ab.jpg", "The object name contains a line break or a NUL character."),
        ("favs/{uid}/%G1.jpg", "The object name has a malformed percent escape."),
    ])
    func a_name_storage_cannot_hold_is_refused(encodedName: String, message ending: String) async throws {
        try await withStorageServer { server, bucket in
            // setup
            let firebase = try await FirebaseClient(server)
            let ada = try await firebase.person()
            let name = encodedName.replacingOccurrences(of: "{uid}", with: ada.uid).replacingOccurrences(
                of: "/", with: "%2F")

            // act
            let upload = try await firebase.storage(
                .post, "/v0/b/\(FirebaseClient.bucket)/o?uploadType=media&name=\(name)", idToken: ada.idToken,
                headers: [.contentType: "image/jpeg"], body: [1, 2, 3])
            let read = try await firebase.storage(
                .get, "/v0/b/\(FirebaseClient.bucket)/o/\(name)", idToken: ada.idToken)
            let gcs = try await server.client.execute(
                uri: "/storage/v1/b/\(FirebaseClient.bucket)/o/\(name)", method: .get,
                headers: [.authorization: "Bearer owner"], body: nil)

            // assert
            for response in [upload, read] {
                #expect(response.status == .badRequest)
                #expect(try response.decodeJSON(FirebaseStorageErrorBody.self).error.message.hasSuffix(ending))
            }
            #expect(gcs.status == .badRequest)
            #expect(gcs.googleError?.errors?.first?.reason == "invalid")
            #expect(try await server.storageRowCount() == 0)
            #expect(try await server.storageBlobs(bucket).isEmpty)
        }
    }

    @Test(arguments: ["media", "multipart", "resumable"])
    func a_body_over_the_upload_limit_is_413_and_leaves_nothing(uploadType: String) async throws {
        try await withStorageServer(configure: { $0.firebase.maxUploadBytes = 1000 }) { server, bucket in
            // setup
            let firebase = try await FirebaseClient(server)
            let ada = try await firebase.person()
            let path = "/v0/b/\(FirebaseClient.bucket)/o?name=" + ObjectName.encodeSegment(ada.folder + "big.bin")
            let bytes = storageBytes(1500)

            // act
            let response: TestResponse
            switch uploadType {
            case "media":
                response = try await firebase.storage(.post, path, idToken: ada.idToken, body: bytes)
            case "multipart":
                let body =
                    Array(
                        "--b\r\nContent-Type: application/json\r\n\r\n{}\r\n--b\r\nContent-Type: image/png\r\n\r\n".utf8
                    )
                    + bytes + Array("\r\n--b--".utf8)
                response = try await firebase.storage(
                    .post, path, idToken: ada.idToken,
                    headers: [
                        .contentType: "multipart/related; boundary=b",
                        HTTPField.Name("X-Goog-Upload-Protocol")!: "multipart",
                    ],
                    body: body)
            default:
                let start = try await firebase.storage(
                    .post, path, idToken: ada.idToken,
                    headers: [
                        HTTPField.Name("X-Goog-Upload-Protocol")!: "resumable",
                        HTTPField.Name("X-Goog-Upload-Command")!: "start",
                    ])
                let url = try pathAndQuery(try #require(start.headers[HTTPField.Name("X-Goog-Upload-URL")!]))
                response = try await firebase.storage(
                    .post, url, idToken: nil,
                    headers: [
                        HTTPField.Name("X-Goog-Upload-Command")!: "upload, finalize",
                        HTTPField.Name("X-Goog-Upload-Offset")!: "0",
                    ],
                    body: bytes)
            }

            // assert
            #expect(response.status == .contentTooLarge)
            #expect(try response.decodeJSON(FirebaseStorageErrorBody.self).error.code == 413)
            #expect(try await server.storageRowCount() == 0)
            #expect(try await server.storageBlobs(bucket).isEmpty)
        }
    }

    @Test(arguments: [
        ("{\"contentType\": ", "Invalid JSON payload received. Unexpected token."),
        (#"{"contentType":5}"#, "Invalid JSON payload received. Invalid value at 'contentType' (TYPE_STRING)"),
        (#"{"metadata":{"a":1}}"#, "Invalid JSON payload received. Invalid value at 'metadata.a' (TYPE_STRING)"),
    ])
    func malformed_metadata_is_refused_and_changes_nothing(body: String, message: String) async throws {
        try await withStorageServer { server, _ in
            // setup
            let firebase = try await FirebaseClient(server)
            let ada = try await firebase.person()
            let name = ada.folder + "a.jpg"
            let before = try await firebase.uploaded([1], as: name, idToken: ada.idToken)

            // act
            let response = try await firebase.storage(
                .patch, FirebaseClient.objectPath(name), idToken: ada.idToken,
                headers: [.contentType: "application/json"],
                body: Array(body.utf8))

            // assert
            #expect(response.status == .badRequest)
            #expect(try response.decodeJSON(FirebaseStorageErrorBody.self).error.message == message)
            let after = try await firebase.storage(.get, FirebaseClient.objectPath(name), idToken: ada.idToken)
                .decodeJSON(FirebaseStorageObject.self)
            #expect(after == before)
        }
    }

    @Test
    func an_expired_token_or_one_for_another_project_is_unauthenticated() async throws {
        try await withStorageServer { server, _ in
            // setup
            let firebase = try await FirebaseClient(server)
            let ada = try await firebase.person()
            let name = ada.folder + "a.jpg"
            try await firebase.uploaded([1], as: name, idToken: ada.idToken)
            var settings = FirebaseSettings()
            settings.projectID = "another-project"
            let now = Int64(server.wallClock.now().timeIntervalSince1970)
            let otherProject = try await IDTokenSigner(
                store: server.store, settings: settings, now: server.wallClock.now
            )
            .sign(
                IDTokenClaims(
                    projectID: "another-project", userID: ada.uid, issuedAt: now, lifetime: 3600, authTime: now,
                    email: nil, emailVerified: nil, name: nil, picture: nil, signInProvider: "password"))

            // act
            let foreign = try await firebase.storage(.get, FirebaseClient.objectPath(name), idToken: otherProject)
            server.wallClock.advance(by: 3601)
            let expired = try await firebase.storage(.get, FirebaseClient.objectPath(name), idToken: ada.idToken)

            // assert
            #expect(foreign.status == .unauthorized)
            #expect(try foreign.decodeJSON(FirebaseStorageErrorBody.self).error.message.contains("INVALID_ID_TOKEN"))
            #expect(expired.status == .unauthorized)
            #expect(try expired.decodeJSON(FirebaseStorageErrorBody.self).error.message.contains("TOKEN_EXPIRED"))
        }
    }

    @Test(arguments: [
        ("maxResults=0", "maxResults must be between 1 and 1000; got 0."),
        ("maxResults=many", "maxResults must be a whole number; got \"many\"."),
        ("pageToken=not-ours", "The page token is not one this server gave."),
    ])
    func a_listing_with_bad_parameters_is_refused(query: String, message: String) async throws {
        try await withStorageServer { server, _ in
            // setup
            let firebase = try await FirebaseClient(server)
            let ada = try await firebase.person()

            // act
            let response = try await firebase.storage(
                .get, "/v0/b/\(FirebaseClient.bucket)/o?prefix=\(ada.folder)&\(query)", idToken: ada.idToken)

            // assert
            #expect(response.status == .badRequest)
            #expect(try response.decodeJSON(FirebaseStorageErrorBody.self).error.message == message)
        }
    }

    @Test
    func an_upload_without_a_name_or_with_an_unknown_protocol_is_refused() async throws {
        try await withStorageServer { server, _ in
            // setup
            let firebase = try await FirebaseClient(server)
            let ada = try await firebase.person()

            // act
            let nameless = try await firebase.storage(
                .post, "/v0/b/\(FirebaseClient.bucket)/o", idToken: ada.idToken, body: [1])
            let unknown = try await firebase.storage(
                .post, "/v0/b/\(FirebaseClient.bucket)/o?name=" + ObjectName.encodeSegment(ada.folder + "a"),
                idToken: ada.idToken, headers: [HTTPField.Name("X-Goog-Upload-Protocol")!: "carrier-pigeon"], body: [1])

            // assert
            #expect(nameless.status == .badRequest)
            #expect(unknown.status == .badRequest)
            #expect(try await server.storageRowCount() == 0)
        }
    }
}
