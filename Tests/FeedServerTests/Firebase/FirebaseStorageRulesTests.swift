import FeedLibrary
import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedServer

/// Storage requests are judged by the rules of `--firebase-storage-rules` — `request.auth`, `request.resource`,
/// `resource` — and a rules file that does not compile stops the start with its line and column.
@Suite("Firebase Storage: rules")
struct FirebaseStorageRulesTests {
    static let rules = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /public/{file} {
              allow read;
            }
            match /images/{uid}/{file} {
              allow read: if request.auth != null;
              allow create, update: if request.auth.uid == uid
                && request.resource.size < 1000
                && request.resource.contentType.matches('image/.*')
                && 'license' in request.resource.metadata
                && request.resource.metadata.license in ['cc0', 'cc-by'];
              allow delete: if request.auth.uid == uid
                && !('locked' in resource.metadata && resource.metadata.locked == 'yes');
            }
          }
        }
        """

    static func withRules(_ source: String, _ body: @Sendable (TestServer) async throws -> Void) async throws {
        let file = NSTemporaryDirectory() + "storage-\(UUID().uuidString).rules"
        try source.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        try await withStorageServer(configure: { $0.firebase.storageRulesFile = file }) { server, _ in
            try await body(server)
        }
    }

    /// A multipart upload with custom metadata, as the JS SDK sends it.
    static func upload(
        _ firebase: FirebaseClient, _ name: String, bytes: [UInt8], contentType: String, metadata: [String: String],
        idToken: String?
    ) async throws -> TestResponse {
        let boundary = "rules-test-boundary"
        let json = String(
            decoding: try JSONEncoder().encode(
                StorageMetadataInput(name: name, contentType: contentType, metadata: metadata)), as: UTF8.self)
        let body =
            Array(
                "--\(boundary)\r\nContent-Type: application/json\r\n\r\n\(json)\r\n--\(boundary)\r\nContent-Type: \(contentType)\r\n\r\n"
                    .utf8)
            + bytes + Array("\r\n--\(boundary)--".utf8)
        return try await firebase.storage(
            .post, "/v0/b/\(FirebaseClient.bucket)/o?name=" + ObjectName.encodeSegment(name), idToken: idToken,
            headers: [
                .contentType: "multipart/related; boundary=\(boundary)",
                HTTPField.Name("X-Goog-Upload-Protocol")!: "multipart",
            ],
            body: body)
    }

    @Test
    func the_rules_see_the_caller_the_new_object_and_the_stored_one() async throws {
        try await Self.withRules(Self.rules) { server in
            // setup
            let firebase = try await FirebaseClient(server)
            let ada = try await firebase.person()
            let folder = "images/\(ada.uid)/"

            // act
            let allowed = try await Self.upload(
                firebase, folder + "a.png", bytes: [1, 2, 3], contentType: "image/png", metadata: ["license": "cc0"],
                idToken: ada.idToken)
            let notAnImage = try await Self.upload(
                firebase, folder + "b.txt", bytes: [1], contentType: "text/plain", metadata: ["license": "cc0"],
                idToken: ada.idToken)
            let tooLarge = try await Self.upload(
                firebase, folder + "c.png", bytes: storageBytes(1000), contentType: "image/png",
                metadata: ["license": "cc0"], idToken: ada.idToken)
            let unlicensed = try await Self.upload(
                firebase, folder + "d.png", bytes: [1], contentType: "image/png", metadata: [:], idToken: ada.idToken)
            let locked = try await Self.upload(
                firebase, folder + "e.png", bytes: [1], contentType: "image/png",
                metadata: ["license": "cc-by", "locked": "yes"], idToken: ada.idToken)
            let deleteLocked = try await firebase.storage(
                .delete, FirebaseClient.objectPath(folder + "e.png"), idToken: ada.idToken)
            let deleteUnlocked = try await firebase.storage(
                .delete, FirebaseClient.objectPath(folder + "a.png"), idToken: ada.idToken)
            let publicRead = try await firebase.storage(
                .get, FirebaseClient.objectPath("public/nothing.png"), idToken: nil)

            // assert
            #expect(allowed.status == .ok, "\(allowed.text)")
            #expect(notAnImage.status == .forbidden)
            #expect(tooLarge.status == .forbidden)
            #expect(unlicensed.status == .forbidden)
            #expect(locked.status == .ok)
            #expect(deleteLocked.status == .forbidden)
            #expect(deleteUnlocked.status == .noContent)
            // allowed to read, and there is nothing there
            #expect(publicRead.status == .notFound)
        }
    }

    @Test
    func rules_that_do_not_compile_stop_the_start_with_their_line_and_column() async throws {
        // setup
        let file = NSTemporaryDirectory() + "broken-\(UUID().uuidString).rules"
        try
            "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    allow read: if request.auth.uid ==;\n  }\n}\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let data = try Fixtures.temporaryDirectory(prefix: "imagefeed-rules")
        defer { try? FileManager.default.removeItem(atPath: data) }
        var configuration = TestServer.configuration(dataDirectory: data)
        configuration.firebase.storageRulesFile = file

        // act
        let error = await #expect(throws: ConfigurationError.self) {
            _ = try await buildApplication(configuration, logger: testLogger)
        }

        // assert
        let message = try #require(error?.description)
        #expect(message.contains("The Firebase Storage rules in \(file) do not compile: line 4, column"))
    }
}
