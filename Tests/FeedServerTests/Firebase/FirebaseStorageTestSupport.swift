import FeedLibrary
import FeedModels
import Foundation
import HTTPTypes
import HummingbirdTesting
import Storage
import TestSupport
import Testing

@testable import FeedServer

/// Where a Storage test's server keeps its files: the data directory, or an S3 bucket of the test's own (when
/// `scripts/test-s3.sh` runs the tests).
enum StorageKind: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case local
    case s3

    /// The kinds this run covers.
    static var available: [StorageKind] { TestBucket.enabled ? [.local, .s3] : [.local] }

    var testDescription: String { rawValue }
}

/// A server for a Storage test: on `backend`, its files kept as `storage` says, the admin token `owner` accepted.
func withStorageServer(
    _ backend: Backend = .sqlite, _ storage: StorageKind = .local, nodes: Int = 1,
    transport: ServerTransport = .router, configure: @escaping (inout Configuration) -> Void = { _ in },
    _ body: @Sendable (TestServer, TestBucket?) async throws -> Void
) async throws {
    let bucket = storage == .s3 ? try await TestBucket.make() : nil
    try await withTestServer(
        backend, nodes: nodes, transport: transport,
        configure: { configuration in
            adminConfiguration(&configuration)
            configuration.storage = bucket?.setting
            configure(&configuration)
        }
    ) { server in
        try await body(server, bucket)
    }
}

extension FirebaseClient {
    /// A person signed up for a Storage test, with their ID token and the folder the default rules give them.
    struct Person {
        var uid: String
        var idToken: String
        var folder: String { "favs/\(uid)/" }
    }

    func person(_ email: String = "ada@example.com") async throws -> Person {
        let answer = try await signUp(email)
        return Person(uid: answer.localId, idToken: try #require(answer.idToken))
    }

    /// A media upload (`POST /v0/b/{b}/o?name=`), as REST clients and firebase-client-sdk send it.
    func upload(
        _ bytes: [UInt8], as name: String, idToken: String?, contentType: String = "image/jpeg",
        bucket: String = FirebaseClient.bucket
    ) async throws -> TestResponse {
        try await storage(
            .post, "/v0/b/\(bucket)/o?uploadType=media&name=" + ObjectName.encodeSegment(name), idToken: idToken,
            headers: [.contentType: contentType], body: bytes)
    }

    /// Uploads and requires success.
    @discardableResult
    func uploaded(_ bytes: [UInt8], as name: String, idToken: String?, contentType: String = "image/jpeg") async throws
        -> FirebaseStorageObject
    {
        let response = try await upload(bytes, as: name, idToken: idToken, contentType: contentType)
        try #require(response.status == .ok, "upload of \(name) failed: \(response.status) \(response.text)")
        return try response.decodeJSON(FirebaseStorageObject.self)
    }
}

extension TestServer {
    /// Every Storage blob the server keeps, in the data directory or in `bucket`.
    func storageBlobs(_ bucket: TestBucket?) async throws -> [String] {
        if let bucket { return try await bucket.keys(under: "firebase") }
        return
            (filesUnder("firebase").map { "firebase/" + $0 }
            + filesUnder("firebase-uploads").map { "firebase-uploads/" + $0 })
            .sorted()
    }

    /// How many Storage object rows the database holds.
    func storageRowCount() async throws -> Int {
        try await store.database.read { db in
            try await db.raw("SELECT COUNT(*) AS n FROM firebase_objects").first()?.decode(column: "n", as: Int.self)
                ?? 0
        }
    }
}

/// Some bytes that are not all the same, `count` of them.
func storageBytes(_ count: Int, seed: UInt8 = 7) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) }
}
