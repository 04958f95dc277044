import AsyncHTTPClient
import Foundation
import Testing

@testable import Storage

/// What only S3 has: its errors, multipart bookkeeping, and a server that checks our signatures.
@Suite struct S3ClientTests {
    @Test(arguments: Backend.s3Only)
    func missing_bucket_is_a_readable_error(_ backend: Backend) async throws {
        // setup
        let (client, _) = try await TestStore.makeBucket()
        // act
        let error = await #expect(throws: S3Error.self) {
            try await client.getObject(bucket: "imagefeed-no-such-bucket", key: "originals/a.jpg")
        }
        // assert
        #expect(error?.status == 404)
        #expect(error?.code == "NoSuchBucket")
        #expect(
            error?.description.hasPrefix(
                "S3 GetObject of \"originals/a.jpg\" in bucket \"imagefeed-no-such-bucket\" failed: HTTP 404 NoSuchBucket"
            )
                == true)
    }

    @Test(arguments: Backend.s3Only)
    func failed_multipart_upload_is_aborted(_ backend: Backend) async throws {
        // setup: parts of 1 MiB, which S3 (and moto) refuse when the upload is completed.
        var options = S3Client.Options()
        options.multipartThreshold = 1024 * 1024
        options.partSize = 1024 * 1024
        options.minimumPartSize = 1024 * 1024
        let (client, bucket) = try await TestStore.makeBucket(options: options)
        let source = FileManager.default.temporaryDirectory.appendingPathComponent(TestStore.randomName()).path
        defer { try? FileManager.default.removeItem(atPath: source) }
        _ = try TestFiles.make(source, size: 3 * 1024 * 1024)
        // act
        let error = await #expect(throws: S3Error.self) {
            try await client.putObject(bucket: bucket, key: "originals/small-parts.bin", file: source)
        }
        // assert
        #expect(error?.operation == "CompleteMultipartUpload")
        #expect(error?.code == "EntityTooSmall")
        #expect(try await client.listMultipartUploads(bucket: bucket) == [])
        #expect(try await client.headObject(bucket: bucket, key: "originals/small-parts.bin") == nil)
    }

    @Test(arguments: Backend.s3Only)
    func head_reports_size_and_etag(_ backend: Backend) async throws {
        // setup
        let (client, bucket) = try await TestStore.makeBucket()
        try await client.putObject(bucket: bucket, key: "a.txt", bytes: Array("hello".utf8))
        // act
        let summary = try await client.headObject(bucket: bucket, key: "a.txt")
        // assert
        #expect(summary?.size == 5)
        #expect(summary?.eTag == "\"5d41402abc4b2a76b9719d911017c592\"")
    }
}

/// Our signatures against a server that checks them: moto with IAM authentication on (the second server of
/// `scripts/test-s3.sh`), holding one access key made for the tests.
@Suite struct SignatureCheckTests {
    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// Runs when the script started the checking server, or must run when S3 is required.
    static var available: [Backend] {
        environment["IMAGEFEED_TEST_S3_AUTH_ENDPOINT"] != nil || Backend.s3Required ? [.s3] : []
    }

    func client(secret: String? = nil, options: S3Client.Options = S3Client.Options()) throws -> S3Client {
        guard let endpoint = Self.environment["IMAGEFEED_TEST_S3_AUTH_ENDPOINT"],
            let keyID = Self.environment["IMAGEFEED_TEST_S3_AUTH_ACCESS_KEY_ID"],
            let realSecret = Self.environment["IMAGEFEED_TEST_S3_AUTH_SECRET_ACCESS_KEY"]
        else {
            throw TestSetupError(
                message: "IMAGEFEED_TEST_S3_AUTH_* are not set: run the tests through scripts/test-s3.sh")
        }
        let location = try S3Location(parsing: "s3://unused?endpoint=\(endpoint)")
        return S3Client(
            endpoint: location.endpoint,
            credentials: AWSCredentials(accessKeyID: keyID, secretAccessKey: secret ?? realSecret), httpClient: .shared,
            options: options)
    }

    @Test(arguments: available)
    func signed_requests_are_accepted(_ backend: Backend) async throws {
        // setup: a multipart upload too, whose streamed parts are signed as UNSIGNED-PAYLOAD.
        var options = S3Client.Options()
        options.multipartThreshold = 5 * 1024 * 1024
        options.partSize = 5 * 1024 * 1024
        let client = try client(options: options)
        let bucket = "imagefeed-signed-\(TestStore.randomName())"
        try await client.createBucket(bucket)
        let source = FileManager.default.temporaryDirectory.appendingPathComponent(TestStore.randomName()).path
        defer { try? FileManager.default.removeItem(atPath: source) }
        _ = try TestFiles.make(source, size: 6 * 1024 * 1024)
        // act
        try await client.putObject(bucket: bucket, key: "photos/été 2013/a+b.jpg", bytes: [1, 2, 3])
        try await client.putObject(bucket: bucket, key: "photos/big.bin", file: source)
        let bytes = try await client.getObject(bucket: bucket, key: "photos/été 2013/a+b.jpg")
        let big = try await client.headObject(bucket: bucket, key: "photos/big.bin")
        let page = try await client.listObjectsPage(bucket: bucket, prefix: "photos/")
        try await client.deleteObject(bucket: bucket, key: "photos/big.bin")
        // assert
        #expect(bytes == [1, 2, 3])
        #expect(big?.size == 6 * 1024 * 1024)
        #expect(page.objects.map(\.key) == ["photos/big.bin", "photos/été 2013/a+b.jpg"])
    }

    @Test(arguments: available)
    func wrong_secret_is_refused(_ backend: Backend) async throws {
        // setup
        let bucket = "imagefeed-signed-\(TestStore.randomName())"
        try await client().createBucket(bucket)
        let impostor = try client(secret: "not-the-secret")
        // act
        let error = await #expect(throws: S3Error.self) {
            try await impostor.putObject(bucket: bucket, key: "a.jpg", bytes: [1])
        }
        // assert
        #expect(error?.status == 403)
        #expect(error?.code == "SignatureDoesNotMatch")
        let expected = "S3 PutObject of \"a.jpg\" in bucket \"\(bucket)\" failed: HTTP 403 SignatureDoesNotMatch"
        #expect(error?.description.hasPrefix(expected) == true)
    }
}
