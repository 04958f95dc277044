import AsyncHTTPClient
import Foundation
import Storage
import Testing

/// A bucket of one test's own on the S3-compatible server `scripts/test-s3.sh` started (moto), and the setting
/// that points a server at it.
public struct TestBucket: Sendable {
    public let store: S3BlobStore
    /// `s3://bucket/library?endpoint=…`, as `--storage` takes it.
    public let setting: String

    public static var endpoint: String? {
        ProcessInfo.processInfo.environment["IMAGEFEED_TEST_S3_ENDPOINT"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether the S3 tests run: a server was given, or they are required (then a missing server fails them).
    public static var enabled: Bool {
        endpoint != nil || ProcessInfo.processInfo.environment["IMAGEFEED_REQUIRE_S3"] == "1"
    }

    /// A new, empty bucket.
    public static func make() async throws -> TestBucket {
        let endpoint = try #require(
            endpoint,
            "IMAGEFEED_REQUIRE_S3=1 but no IMAGEFEED_TEST_S3_ENDPOINT: run the tests through scripts/test-s3.sh")
        let name = "imagefeed-server-\(UUID().uuidString.prefix(8).lowercased())"
        let setting = "s3://\(name)/library?endpoint=\(endpoint)"
        let location = try S3Location(parsing: setting)
        let client = S3Client(
            endpoint: location.endpoint,
            credentials: try AWSCredentials(environment: ProcessInfo.processInfo.environment),
            httpClient: .shared)
        try await client.createBucket(name)
        return TestBucket(store: S3BlobStore(client: client, location: location), setting: setting)
    }

    /// Every key under `prefix`.
    public func keys(under prefix: String = "") async throws -> [String] {
        var found: [String] = []
        for try await key in store.keys(under: prefix) { found.append(key) }
        return found
    }
}
