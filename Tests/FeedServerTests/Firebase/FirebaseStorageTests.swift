import FeedLibrary
import FeedModels
import Foundation
import HTTPTypes
import NIOCore
import TestSupport
import Testing

@testable import FeedServer

/// Firebase Storage's `/v0` API over the library's storage: uploads, metadata (every value a string), downloads with
/// the caller's token or a download token, lists, deletes, and the default rules.
@Suite("Firebase Storage: /v0")
struct FirebaseStorageTests {
    @Test(arguments: Backend.available, StorageKind.available)
    func an_upload_is_read_back_by_metadata_by_its_owner_and_by_its_download_url(backend: Backend, storage: StorageKind)
        async throws
    {
        try await withStorageServer(backend, storage) { server, bucket in
            // setup
            let firebase = try await FirebaseClient(server)
            let ada = try await firebase.person()
            let bytes = Array("hello world".utf8)
            let name = ada.folder + "a b.jpg"

            // act
            let uploaded = try await firebase.uploaded(bytes, as: name, idToken: ada.idToken)
            let metadata = try await firebase.storage(.get, FirebaseClient.objectPath(name), idToken: ada.idToken)
            let owned = try await firebase.storage(
                .get, FirebaseClient.objectPath(name) + "?alt=media", idToken: ada.idToken)
            let token = try #require(uploaded.downloadTokens.split(separator: ",").first)
            let viaURL = try await firebase.storage(
                .get, FirebaseClient.objectPath(name) + "?alt=media&token=\(token)", idToken: nil)

            // assert: the metadata as Firebase writes it, every value a string
            #expect(uploaded.name == name)
            #expect(uploaded.bucket == FirebaseClient.bucket)
            #expect(uploaded.size == "11")
            #expect(uploaded.contentType == "image/jpeg")
            #expect(uploaded.md5Hash == "XrY7u+Ae7tCTyyK7j1rNww==")
            #expect(uploaded.crc32c == "yZRlqg==")
            #expect(uploaded.metageneration == "1")
            #expect(Int64(uploaded.generation) != nil)
            #expect(uploaded.contentDisposition == "inline")
            let object = try metadata.object()
            #expect(object.values.allSatisfy { $0 is String })
            #expect(object["downloadTokens"] as? String == uploaded.downloadTokens)
            // and the bytes, to the owner and to whoever has the download URL
            #expect(owned.status == .ok)
            #expect(owned.bytes == bytes)
            #expect(owned.headers[.contentType] == "image/jpeg")
            #expect(owned.headers[HTTPField.Name("X-Goog-Hash")!] == "crc32c=yZRlqg==,md5=XrY7u+Ae7tCTyyK7j1rNww==")
            #expect(viaURL.status == .ok)
            #expect(viaURL.bytes == bytes)
            #expect(try await server.storageBlobs(bucket).count == 1)
        }
    }

    @Test(arguments: Backend.available)
    func a_multipart_upload_keeps_its_metadata_and_a_patch_changes_it(backend: Backend) async throws {
        try await withStorageServer(backend) { server, _ in
            // setup: what the JS SDK's uploadBytes sends
            let firebase = try await FirebaseClient(server)
            let ada = try await firebase.person()
            let name = ada.folder + "note.txt"
            let boundary = "-------314159265358979323846"
            let body =
                "--\(boundary)\r\nContent-Type: application/json; charset=utf-8\r\n\r\n"
                + #"{"name":"\#(name)","contentType":"text/plain","metadata":{"mood":"happy","keep":"yes"}}"#
                + "\r\n--\(boundary)\r\nContent-Type: text/plain\r\n\r\nsome text\r\n--\(boundary)--"

            // act
            let uploaded = try await firebase.storage(
                .post, "/v0/b/\(FirebaseClient.bucket)/o?name=" + ObjectName.encodeSegment(name), idToken: ada.idToken,
                headers: [
                    .contentType: "multipart/related; boundary=\(boundary)",
                    HTTPField.Name("X-Goog-Upload-Protocol")!: "multipart",
                ],
                body: Array(body.utf8))
            let patched = try await firebase.storage(
                .patch, FirebaseClient.objectPath(name), idToken: ada.idToken,
                headers: [.contentType: "application/json"],
                body: Array(
                    #"{"contentType":"text/markdown","cacheControl":"max-age=60","metadata":{"mood":"calm","keep":null}}"#
                        .utf8))
            let media = try await firebase.storage(
                .get, FirebaseClient.objectPath(name) + "?alt=media", idToken: ada.idToken)

            // assert
            #expect(uploaded.status == .ok, "\(uploaded.text)")
            let first = try uploaded.decodeJSON(FirebaseStorageObject.self)
            #expect(first.contentType == "text/plain")
            #expect(first.metadata == ["mood": "happy", "keep": "yes"])
            #expect(first.size == "9")
            #expect(patched.status == .ok)
            let second = try patched.decodeJSON(FirebaseStorageObject.self)
            #expect(second.contentType == "text/markdown")
            #expect(second.metadata == ["mood": "calm"])
            #expect(second.metageneration == "2")
            #expect(second.generation == first.generation)
            #expect(media.text == "some text")
            #expect(media.headers[.cacheControl] == "max-age=60")
        }
    }

    @Test(arguments: Backend.available, StorageKind.available)
    func a_list_groups_by_delimiter_and_pages(backend: Backend, storage: StorageKind) async throws {
        try await withStorageServer(backend, storage) { server, _ in
            // setup
            let firebase = try await FirebaseClient(server)
            let ada = try await firebase.person()
            for name in ["a.jpg", "b.jpg", "sub/c.jpg", "sub/d.jpg", "z.jpg"] {
                try await firebase.uploaded([1, 2, 3], as: ada.folder + name, idToken: ada.idToken)
            }
            let prefix = ada.folder.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let base = "/v0/b/\(FirebaseClient.bucket)/o?prefix=\(prefix)&delimiter=%2F"

            // act
            let first = try await firebase.storage(.get, base + "&maxResults=2", idToken: ada.idToken)
                .decodeJSON(FirebaseStorageList.self)
            let second = try await firebase.storage(
                .get, base + "&maxResults=2&pageToken=\(try #require(first.nextPageToken))", idToken: ada.idToken
            )
            .decodeJSON(FirebaseStorageList.self)
            let flat = try await firebase.storage(
                .get, "/v0/b/\(FirebaseClient.bucket)/o?prefix=\(prefix)", idToken: ada.idToken
            )
            .decodeJSON(FirebaseStorageList.self)

            // assert
            #expect(first.items.map(\.name) == [ada.folder + "a.jpg", ada.folder + "b.jpg"])
            #expect(first.prefixes.isEmpty)
            #expect(second.prefixes == [ada.folder + "sub/"])
            #expect(second.items.map(\.name) == [ada.folder + "z.jpg"])
            #expect(second.nextPageToken == nil)
            #expect(flat.items.count == 5)
            #expect(flat.items.allSatisfy { $0.bucket == FirebaseClient.bucket })
        }
    }

    @Test(arguments: Backend.available, StorageKind.available)
    func deleting_an_object_removes_its_row_and_its_blob(backend: Backend, storage: StorageKind) async throws {
        try await withStorageServer(backend, storage) { server, bucket in
            // setup: the iWall way: un-favouriting deletes the file
            let firebase = try await FirebaseClient(server)
            let ada = try await firebase.person()
            let name = ada.folder + "wallpaper.jpg"
            try await firebase.uploaded(storageBytes(1000), as: name, idToken: ada.idToken)

            // act
            let deleted = try await firebase.storage(.delete, FirebaseClient.objectPath(name), idToken: ada.idToken)
            let again = try await firebase.storage(.delete, FirebaseClient.objectPath(name), idToken: ada.idToken)
            let read = try await firebase.storage(.get, FirebaseClient.objectPath(name), idToken: ada.idToken)

            // assert
            #expect(deleted.status == .noContent)
            #expect(again.status == .notFound)
            #expect(read.status == .notFound)
            #expect(try await server.storageRowCount() == 0)
            #expect(try await server.storageBlobs(bucket).isEmpty)
        }
    }

    @Test(arguments: Backend.available, StorageKind.available)
    func overwriting_makes_a_new_generation_and_drops_the_old_bytes(backend: Backend, storage: StorageKind) async throws
    {
        try await withStorageServer(backend, storage) { server, bucket in
            // setup
            let firebase = try await FirebaseClient(server)
            let ada = try await firebase.person()
            let name = ada.folder + "a.jpg"
            let first = try await firebase.uploaded([1, 1, 1], as: name, idToken: ada.idToken)

            // act
            let second = try await firebase.uploaded([2, 2], as: name, idToken: ada.idToken)
            let media = try await firebase.storage(
                .get, FirebaseClient.objectPath(name) + "?alt=media", idToken: ada.idToken)

            // assert
            let (newer, older) = (try #require(Int64(second.generation)), try #require(Int64(first.generation)))
            #expect(newer > older)
            #expect(media.bytes == [2, 2])
            #expect(try await server.storageBlobs(bucket).count == 1)
        }
    }

    @Test
    func the_default_rules_keep_each_person_to_their_own_folder() async throws {
        try await withStorageServer { server, _ in
            // setup
            let firebase = try await FirebaseClient(server)
            let ada = try await firebase.person("ada@example.com")
            let bob = try await firebase.person("bob@example.com")
            let name = ada.folder + "a.jpg"
            let uploaded = try await firebase.uploaded([1, 2, 3], as: name, idToken: ada.idToken)

            // act
            let bobReads = try await firebase.storage(
                .get, FirebaseClient.objectPath(name) + "?alt=media", idToken: bob.idToken)
            let bobWrites = try await firebase.upload([9], as: name, idToken: bob.idToken)
            let bobDeletes = try await firebase.storage(.delete, FirebaseClient.objectPath(name), idToken: bob.idToken)
            let anonymousReads = try await firebase.storage(.get, FirebaseClient.objectPath(name), idToken: nil)
            let topLevel = try await firebase.upload([9], as: "a.jpg", idToken: ada.idToken)
            let bobLists = try await firebase.storage(
                .get, "/v0/b/\(FirebaseClient.bucket)/o?prefix=favs%2F\(ada.uid)%2F", idToken: bob.idToken)
            let wrongToken = try await firebase.storage(
                .get, FirebaseClient.objectPath(name) + "?alt=media&token=not-\(uploaded.downloadTokens)", idToken: nil)

            // assert
            #expect(bobReads.status == .forbidden)
            #expect(
                try bobReads.decodeJSON(FirebaseStorageErrorBody.self)
                    == FirebaseStorageErrorBody(code: 403, message: "Permission denied. No READ permission."))
            #expect(bobWrites.status == .forbidden)
            #expect(bobWrites.text.contains("No WRITE permission"))
            #expect(bobDeletes.status == .forbidden)
            #expect(anonymousReads.status == .forbidden)
            #expect(topLevel.status == .forbidden)
            #expect(bobLists.status == .forbidden)
            #expect(wrongToken.status == .forbidden)
        }
    }

    @Test
    func the_admin_makes_and_removes_download_tokens() async throws {
        try await withStorageServer { server, _ in
            // setup
            let firebase = try await FirebaseClient(server)
            let ada = try await firebase.person()
            let name = ada.folder + "a.jpg"
            let uploaded = try await firebase.uploaded([1], as: name, idToken: ada.idToken)
            let original = uploaded.downloadTokens

            // act
            let made = try await firebase.storage(
                .post, FirebaseClient.objectPath(name) + "?create_token=true", idToken: nil,
                headers: [.authorization: "Bearer owner"])
            let removed = try await firebase.storage(
                .post, FirebaseClient.objectPath(name) + "?delete_token=\(original)", idToken: nil,
                headers: [.authorization: "Bearer owner"])
            let byPerson = try await firebase.storage(
                .post, FirebaseClient.objectPath(name) + "?create_token=true", idToken: ada.idToken)
            let oldURL = try await firebase.storage(
                .get, FirebaseClient.objectPath(name) + "?alt=media&token=\(original)", idToken: nil)

            // assert
            #expect(try made.decodeJSON(FirebaseStorageObject.self).downloadTokens.split(separator: ",").count == 2)
            let left = try removed.decodeJSON(FirebaseStorageObject.self).downloadTokens
            #expect(!left.contains(original))
            #expect(!left.isEmpty)
            #expect(byPerson.status == .unauthorized)
            #expect(oldURL.status == .forbidden)
        }
    }

    @Test
    func another_bucket_is_not_found() async throws {
        try await withStorageServer { server, _ in
            // setup
            let firebase = try await FirebaseClient(server)
            let ada = try await firebase.person()

            // act
            let response = try await firebase.upload(
                [1], as: ada.folder + "a.jpg", idToken: ada.idToken, bucket: "other.appspot.com")

            // assert
            #expect(response.status == .notFound)
            #expect(try await server.storageRowCount() == 0)
        }
    }
}

/// The `/v0` calls an SDK makes less often: an upload to the object's own path, a metadata change sent as a PUT with
/// `X-HTTP-Method-Override: PATCH`, and a download's headers without its body.
@Suite("Firebase Storage: /v0, more calls")
struct FirebaseStorageMoreCallsTests {
    @Test(arguments: Backend.available)
    func an_upload_by_path_an_overridden_patch_and_a_head(backend: Backend) async throws {
        try await withStorageServer(backend) { server, _ in
            // setup
            let firebase = try await FirebaseClient(server)
            let ada = try await firebase.person()
            let name = ada.folder + "by-path.png"

            // act
            let uploaded = try await firebase.storage(
                .post, FirebaseClient.objectPath(name) + "?uploadType=media", idToken: ada.idToken,
                headers: [.contentType: "image/png"], body: [9, 8, 7])
            let patched = try await firebase.storage(
                .put, FirebaseClient.objectPath(name), idToken: ada.idToken,
                headers: [.contentType: "application/json", HTTPField.Name("X-HTTP-Method-Override")!: "PATCH"],
                body: Array(#"{"contentDisposition":"attachment; filename=\"a.png\""}"#.utf8))
            let head = try await firebase.storage(
                .head, FirebaseClient.objectPath(name) + "?alt=media", idToken: ada.idToken)

            // assert
            #expect(uploaded.status == .ok)
            #expect(try uploaded.decodeJSON(FirebaseStorageObject.self).name == name)
            #expect(patched.status == .ok)
            #expect(
                try patched.decodeJSON(FirebaseStorageObject.self).contentDisposition
                    == #"attachment; filename="a.png""#)
            #expect(head.status == .ok)
            #expect(head.headers[.contentDisposition] == #"attachment; filename="a.png""#)
            #expect(head.headers[.contentType] == "image/png")
            #expect(head.bytes.isEmpty)
        }
    }
}
