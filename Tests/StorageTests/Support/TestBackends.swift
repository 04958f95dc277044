import AsyncHTTPClient
import Crypto
import Foundation
import Testing

@testable import Storage

/// The store implementations the shared behaviour tests run on.
enum Backend: String, Sendable, CustomTestStringConvertible {
    case local
    case s3

    var testDescription: String { rawValue }

    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The moto server `scripts/test-s3.sh` started, if any.
    static var s3Endpoint: String? { environment["IMAGEFEED_TEST_S3_ENDPOINT"].flatMap { $0.isEmpty ? nil : $0 } }

    /// True when S3 must be tested (set by `scripts/test-s3.sh`, and in CI): missing S3 then fails instead of
    /// skipping.
    static var s3Required: Bool { environment["IMAGEFEED_REQUIRE_S3"] == "1" }

    /// The local store always; S3 when a server is given or required.
    static var available: [Backend] { s3Endpoint != nil || s3Required ? [.local, .s3] : [.local] }

    /// Just S3, under the same conditions.
    static var s3Only: [Backend] { s3Endpoint != nil || s3Required ? [.s3] : [] }

    /// The reason an S3 test cannot run although S3 is required.
    static let missingServer =
        "IMAGEFEED_REQUIRE_S3=1 but IMAGEFEED_TEST_S3_ENDPOINT is not set: "
        + "run the tests through scripts/test-s3.sh, which starts moto"
}

/// One test's store, its own empty bucket or folder, and a scratch folder for the files it uploads and downloads.
struct TestStore {
    let store: any BlobStore
    /// The S3 client and bucket, for the S3 backend.
    let client: S3Client?
    let bucket: String?
    /// A folder of the test's own, outside the store.
    let scratch: String

    /// Runs `body` with a fresh store on `backend`, and removes the local folders afterwards.
    static func with(
        _ backend: Backend, options: S3Client.Options = S3Client.Options(), _ body: (TestStore) async throws -> Void
    ) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("storage-tests-\(randomName())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/scratch", withIntermediateDirectories: true)
        switch backend {
        case .local:
            try await body(
                TestStore(
                    store: LocalBlobStore(root: folder + "/store"), client: nil, bucket: nil,
                    scratch: folder + "/scratch"))
        case .s3:
            let (client, bucket) = try await makeBucket(options: options)
            let location = try S3Location(parsing: "s3://\(bucket)/library?endpoint=\(Backend.s3Endpoint!)")
            try await body(
                TestStore(
                    store: S3BlobStore(client: client, location: location), client: client, bucket: bucket,
                    scratch: folder + "/scratch"))
        }
    }

    /// A client of the test server and a new bucket of the test's own, so tests can run in parallel.
    static func makeBucket(options: S3Client.Options = S3Client.Options()) async throws -> (S3Client, String) {
        guard let endpoint = Backend.s3Endpoint else { throw TestSetupError(message: Backend.missingServer) }
        let location = try S3Location(parsing: "s3://unused?endpoint=\(endpoint)")
        let credentials = try AWSCredentials(environment: Backend.environment)
        let client = S3Client(
            endpoint: location.endpoint, credentials: credentials, httpClient: .shared, options: options)
        let bucket = "imagefeed-test-\(randomName())"
        try await client.createBucket(bucket)
        return (client, bucket)
    }

    static func randomName() -> String {
        var generator = SystemRandomNumberGenerator()
        return String(generator.next(), radix: 36)
    }
}

/// A test that cannot run as asked; its message says what to do.
struct TestSetupError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Test files of a given size whose bytes are not all alike, with their SHA-256.
enum TestFiles {
    /// Writes `size` bytes of a repeating non-trivial pattern to `path` and returns their hex SHA-256.
    static func make(_ path: String, size: Int) throws -> String {
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        for index in chunk.indices { chunk[index] = UInt8(truncatingIfNeeded: index &* 31 &+ index >> 8) }
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var hash = SHA256()
        var written = 0
        while written < size {
            // Each mebibyte differs from the last, so a part sent twice or out of order changes the hash.
            chunk[0] = UInt8(truncatingIfNeeded: written >> 20)
            let part = chunk.prefix(size - written)
            handle.write(Data(part))
            hash.update(data: Array(part))
            written += part.count
        }
        return hash.finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// The hex SHA-256 of the file at `path`.
    static func sha256(_ path: String) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }
}
