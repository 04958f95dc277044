import FeedLibrary
import FeedModels
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TestSupport
import Testing

@testable import FeedServer

/// The GCS JSON API subset firebase-admin speaks through google-cloud-storage, as it sends it (§3.3): the bucket,
/// multipart and resumable uploads, media downloads by generation, lists and deletes, for the admin only.
@Suite("Firebase Storage: GCS JSON API")
struct CloudStorageTests {
    static let admin: HTTPFields = [.authorization: "Bearer owner"]

    /// google-cloud-storage's multipart upload body: the JSON metadata, then the bytes.
    static func multipart(
        _ metadata: String, _ bytes: [UInt8], boundary: String = "===============7330845974216740156=="
    )
        -> [UInt8]
    {
        Array(
            "--\(boundary)\r\ncontent-type: application/json; charset=UTF-8\r\n\r\n\(metadata)\r\n--\(boundary)\r\ncontent-type: application/octet-stream\r\n\r\n"
                .utf8)
            + bytes + Array("\r\n--\(boundary)--".utf8)
    }

    @Test(arguments: Backend.available, StorageKind.available)
    func firebase_admin_uploads_downloads_lists_and_deletes(backend: Backend, storage: StorageKind) async throws {
        try await withStorageServer(backend, storage) { server, bucket in
            // setup
            let client = server.client
            let bytes = Array("favourite wallpaper".utf8)
            let crc = ObjectDigest.of(bytes).crc32cBase64
            let boundary = "===============7330845974216740156=="

            // act
            let bucketInfo = try await client.get(
                "/storage/v1/b/\(FirebaseClient.bucket)?projection=noAcl&prettyPrint=false", headers: Self.admin)
            let uploaded = try await client.execute(
                uri: "/upload/storage/v1/b/\(FirebaseClient.bucket)/o?uploadType=multipart", method: .post,
                headers: Self.admin.merging([
                    .contentType: "multipart/related; boundary=\"\(boundary)\"",
                    HTTPField.Name("X-Upload-Content-Type")!: "image/png",
                ]),
                body: ByteBuffer(
                    bytes: Self.multipart(
                        #"{"name":"favourites/u1/a.png","metadata":{"firebaseStorageDownloadTokens":"tok-1"},"crc32c":"\#(crc)"}"#,
                        bytes)))
            let object = try uploaded.decodeJSON(CloudStorageObject.self)
            let download = try await client.get(
                "/download/storage/v1/b/\(FirebaseClient.bucket)/o/favourites%2Fu1%2Fa.png?alt=media&generation=\(object.generation)",
                headers: Self.admin)
            let staleGeneration = try await client.get(
                "/download/storage/v1/b/\(FirebaseClient.bucket)/o/favourites%2Fu1%2Fa.png?alt=media&generation=1",
                headers: Self.admin)
            let list = try await client.get(
                "/storage/v1/b/\(FirebaseClient.bucket)/o?projection=noAcl&prefix=favourites%2F&prettyPrint=false",
                headers: Self.admin)
            let viaFirebaseURL = try await client.get(
                "/v0/b/\(FirebaseClient.bucket)/o/favourites%2Fu1%2Fa.png?alt=media&token=tok-1")
            let deleted = try await client.execute(
                uri: "/storage/v1/b/\(FirebaseClient.bucket)/o/favourites%2Fu1%2Fa.png?prettyPrint=false",
                method: .delete, headers: Self.admin)

            // assert
            #expect(bucketInfo.status == .ok)
            #expect(try bucketInfo.decodeJSON(CloudStorageBucket.self).name == FirebaseClient.bucket)
            #expect(uploaded.status == .ok, "\(uploaded.text)")
            #expect(object.kind == "storage#object")
            #expect(object.contentType == "image/png")
            #expect(object.crc32c == crc)
            #expect(object.metadata?["firebaseStorageDownloadTokens"] == "tok-1")
            #expect(object.id == "\(FirebaseClient.bucket)/favourites/u1/a.png/\(object.generation)")
            #expect(download.status == .ok)
            #expect(download.bytes == bytes)
            #expect(download.headers[HTTPField.Name("X-Goog-Hash")!]?.contains("crc32c=\(crc)") == true)
            #expect(staleGeneration.status == .notFound)
            #expect(try list.decodeJSON(CloudStorageObjectList.self).items?.map(\.name) == ["favourites/u1/a.png"])
            #expect(viaFirebaseURL.bytes == bytes)
            #expect(deleted.status == .noContent)
            #expect(try await server.storageBlobs(bucket).isEmpty)
        }
    }

    @Test(arguments: Backend.available)
    func a_resumable_upload_answers_308_until_its_last_byte(backend: Backend) async throws {
        try await withStorageServer(backend) { server, _ in
            // setup
            let client = server.client
            let bytes = storageBytes(3000)

            // act: google-resumable-media's session, then its chunks with Content-Range
            let start = try await client.execute(
                uri: "/upload/storage/v1/b/\(FirebaseClient.bucket)/o?uploadType=resumable", method: .post,
                headers: Self.admin.merging([
                    .contentType: "application/json; charset=UTF-8",
                    HTTPField.Name("X-Upload-Content-Type")!: "application/octet-stream",
                    HTTPField.Name("X-Upload-Content-Length")!: "3000",
                ]),
                body: ByteBuffer(string: #"{"name":"big/file.bin"}"#))
            let location = try pathAndQuery(try #require(start.headers[.location]))
            let first = try await client.execute(
                uri: location, method: .put, headers: Self.admin.merging([.contentRange: "bytes 0-1999/3000"]),
                body: ByteBuffer(bytes: bytes[0..<2000]))
            let status = try await client.execute(
                uri: location, method: .put, headers: Self.admin.merging([.contentRange: "bytes */3000"]), body: nil)
            let last = try await client.execute(
                uri: location, method: .put, headers: Self.admin.merging([.contentRange: "bytes 2000-2999/3000"]),
                body: ByteBuffer(bytes: bytes[2000...]))

            // assert
            #expect(start.status == .ok)
            #expect(first.status.code == 308)
            #expect(first.headers[.range] == "bytes=0-1999")
            #expect(status.status.code == 308)
            #expect(status.headers[.range] == "bytes=0-1999")
            #expect(last.status == .ok)
            #expect(try last.decodeJSON(CloudStorageObject.self).size == "3000")
            let media = try await client.get(
                "/download/storage/v1/b/\(FirebaseClient.bucket)/o/big%2Ffile.bin?alt=media", headers: Self.admin)
            #expect(media.bytes == bytes)
        }
    }

    @Test
    func the_gcs_api_is_for_the_admin_only() async throws {
        try await withStorageServer { server, _ in
            // setup
            let firebase = try await FirebaseClient(server)
            let ada = try await firebase.person()

            // act
            let anonymous = try await server.client.get("/storage/v1/b/\(FirebaseClient.bucket)/o")
            let person = try await server.client.get(
                "/storage/v1/b/\(FirebaseClient.bucket)/o", headers: [.authorization: "Bearer " + ada.idToken])
            let otherBucket = try await server.client.get("/storage/v1/b/other-bucket", headers: Self.admin)

            // assert
            #expect(anonymous.status == .unauthorized)
            #expect(anonymous.googleError?.errors?.first?.reason == "required")
            #expect(person.status == .unauthorized)
            #expect(otherBucket.status == .notFound)
            #expect(otherBucket.googleError?.errors?.first?.reason == "notFound")
        }
    }

    @Test
    func a_checksum_that_does_not_match_the_bytes_is_refused_and_nothing_is_kept() async throws {
        try await withStorageServer { server, bucket in
            // act
            let response = try await server.client.execute(
                uri: "/upload/storage/v1/b/\(FirebaseClient.bucket)/o?uploadType=multipart", method: .post,
                headers: Self.admin.merging([.contentType: "multipart/related; boundary=\"b\""]),
                body: ByteBuffer(
                    bytes: Self.multipart(#"{"name":"x.bin","crc32c":"AAAAAA=="}"#, [1, 2, 3], boundary: "b")))

            // assert
            #expect(response.status == .badRequest)
            #expect(response.googleMessage?.hasPrefix("Provided CRC32C") == true)
            #expect(try await server.storageRowCount() == 0)
            #expect(try await server.storageBlobs(bucket).isEmpty)
        }
    }
}

/// The GCS calls firebase-admin makes less often: a media upload by name, a metadata patch, a metadata read.
@Suite("Firebase Storage: GCS JSON API, more calls")
struct CloudStorageMoreCallsTests {
    @Test(arguments: Backend.available)
    func a_media_upload_a_patch_and_a_read_of_the_resource(backend: Backend) async throws {
        try await withStorageServer(backend) { server, _ in
            // setup
            let client = server.client
            let admin = CloudStorageTests.admin

            // act
            let uploaded = try await client.execute(
                uri: "/upload/storage/v1/b/\(FirebaseClient.bucket)/o?uploadType=media&name=notes%2Fa.txt",
                method: .post,
                headers: admin.merging([.contentType: "text/plain"]), body: ByteBuffer(string: "plain"))
            let patched = try await client.execute(
                uri: "/storage/v1/b/\(FirebaseClient.bucket)/o/notes%2Fa.txt", method: .patch,
                headers: admin.merging([.contentType: "application/json"]),
                body: ByteBuffer(
                    string:
                        #"{"cacheControl":"no-store","metadata":{"firebaseStorageDownloadTokens":"t1,t2","mood":"calm"}}"#
                ))
            let read = try await client.get("/storage/v1/b/\(FirebaseClient.bucket)/o/notes%2Fa.txt", headers: admin)
            let viaToken = try await client.get("/v0/b/\(FirebaseClient.bucket)/o/notes%2Fa.txt?alt=media&token=t2")

            // assert
            #expect(uploaded.status == .ok)
            let first = try uploaded.decodeJSON(CloudStorageObject.self)
            #expect(first.contentType == "text/plain")
            #expect(first.metadata == nil)
            #expect(patched.status == .ok)
            let object = try read.decodeJSON(CloudStorageObject.self)
            #expect(object.metageneration == "2")
            #expect(object.cacheControl == "no-store")
            #expect(object.metadata == ["firebaseStorageDownloadTokens": "t1,t2", "mood": "calm"])
            #expect(
                object.mediaLink.hasSuffix(
                    "/download/storage/v1/b/\(FirebaseClient.bucket)/o/notes%2Fa.txt?generation=\(object.generation)&alt=media"
                ))
            #expect(viaToken.text == "plain")
        }
    }
}
