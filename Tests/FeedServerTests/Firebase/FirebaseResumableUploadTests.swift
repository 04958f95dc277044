import FeedLibrary
import FeedModels
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedServer

/// Firebase Storage's resumable protocol, byte for byte as §3.1 of the reference describes it (the JS SDK's
/// `createResumableUpload`/`continueResumableUpload` and the iOS SDK's GTMSessionUploadFetcher): `start`, `upload`
/// and `upload, finalize` steps with offsets, `query`, `cancel`, and a dropped connection resumed on another node.
@Suite("Firebase Storage: resumable uploads")
struct FirebaseResumableUploadTests {
    /// A raw answer: status, headers (lowercased names) and body.
    struct RawAnswer {
        var status: Int
        var headers: [String: String]
        var body: String

        init(_ raw: String) throws {
            let head = try #require(raw.range(of: "\r\n\r\n"))
            let lines = raw[..<head.lowerBound].split(separator: "\r\n")
            status = try #require(Int(lines[0].split(separator: " ")[1]))
            var headers: [String: String] = [:]
            for line in lines.dropFirst() {
                let pair = line.split(separator: ":", maxSplits: 1)
                if pair.count == 2 { headers[pair[0].lowercased()] = pair[1].trimmingCharacters(in: .whitespaces) }
            }
            self.headers = headers
            body = String(raw[head.upperBound...])
        }
    }

    /// Sends one request byte for byte and reads the whole answer.
    static func send(
        port: Int, _ method: String, _ target: String, headers: [(String, String)], body: [UInt8] = []
    ) async throws -> RawAnswer {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return try RawAnswer(try await rawHTTP(port: port, Array(head.utf8) + body, readTimeout: 120))
    }

    /// Waits until `client`'s server has answered a request to `route` with `status` (read from `/metrics`): the
    /// answer to a request whose client went away, which nobody receives.
    static func waitForAnswer(_ client: any TestClientProtocol, route: String, status: Int) async throws {
        for _ in 0..<2000 {
            let metrics = try await client.get("/metrics").text
            let answered = metrics.split(separator: "\n").contains { line in
                line.hasPrefix("imagefeed_http_requests_total{") && line.contains("route=\"\(route)\"")
                    && line.contains("status=\"\(status)\"")
            }
            if answered { return }
            await Task.yield()
        }
        let metrics = try await client.get("/metrics").text
        Issue.record(
            "The server never answered \(route) with \(status): \(metrics.split(separator: "\n").filter { $0.hasPrefix("imagefeed_http_requests_total") })"
        )
    }

    /// The path and query of an absolute upload URL.
    static func target(_ url: String) throws -> String {
        let components = try #require(URLComponents(string: url))
        return components.percentEncodedPath + "?" + (components.percentEncodedQuery ?? "")
    }

    @Test(arguments: Backend.available, StorageKind.available)
    func the_js_sdk_uploads_in_chunks_and_finalizes(backend: Backend, storage: StorageKind) async throws {
        try await withStorageServer(backend, storage, transport: .live) { server, bucket in
            // setup
            let firebase = try await FirebaseClient(server)
            let ada = try await firebase.person()
            let port = try #require(server.client.port)
            let name = ada.folder + "big.bin"
            let bytes = storageBytes(600_000)
            let chunk = 256 * 1024

            // act: start, as `createResumableUpload` sends it
            let start = try await Self.send(
                port: port, "POST", "/v0/b/\(FirebaseClient.bucket)/o?name=" + ObjectName.encodeSegment(name),
                headers: [
                    ("Authorization", "Firebase " + ada.idToken), ("X-Goog-Upload-Protocol", "resumable"),
                    ("X-Goog-Upload-Command", "start"), ("X-Goog-Upload-Header-Content-Length", "\(bytes.count)"),
                    ("X-Goog-Upload-Header-Content-Type", "application/octet-stream"),
                    ("Content-Type", "application/json; charset=utf-8"),
                ],
                body: Array(#"{"name":"\#(name)","contentType":"application/octet-stream"}"#.utf8))
            let url = try Self.target(try #require(start.headers["x-goog-upload-url"]))
            // then the chunks, as `continueResumableUpload` sends them (with the token, POST)
            var answers: [RawAnswer] = []
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + chunk, bytes.count)
                answers.append(
                    try await Self.send(
                        port: port, "POST", url,
                        headers: [
                            ("Authorization", "Firebase " + ada.idToken),
                            ("X-Goog-Upload-Command", end == bytes.count ? "upload, finalize" : "upload"),
                            ("X-Goog-Upload-Offset", "\(offset)"),
                        ],
                        body: Array(bytes[offset..<end])))
                offset = end
            }
            let media = try await firebase.storage(
                .get, FirebaseClient.objectPath(name) + "?alt=media", idToken: ada.idToken)

            // assert
            #expect(start.status == 200)
            #expect(start.headers["x-goog-upload-status"] == "active")
            #expect(start.headers["x-goog-upload-chunk-granularity"] == "262144")
            #expect(url.contains("upload_id="))
            #expect(
                answers.dropLast().allSatisfy { $0.status == 200 && $0.headers["x-goog-upload-status"] == "active" })
            let last = try #require(answers.last)
            #expect(last.status == 200)
            #expect(last.headers["x-goog-upload-status"] == "final")
            let object = try JSONDecoder().decode(FirebaseStorageObject.self, from: Data(last.body.utf8))
            #expect(object.size == "600000")
            #expect(object.name == name)
            #expect(object.md5Hash == ObjectDigest.of(bytes).md5Base64)
            #expect(media.bytes == bytes)
            // the chunks are gone; only the object's blob stays
            #expect(try await server.storageBlobs(bucket).count == 1)
        }
    }

    @Test(arguments: Backend.available)
    func the_ios_sdk_uploads_in_one_step_without_credentials_on_the_upload_url(backend: Backend) async throws {
        try await withStorageServer(backend, transport: .live) { server, _ in
            // setup
            let firebase = try await FirebaseClient(server)
            let ada = try await firebase.person()
            let port = try #require(server.client.port)
            let name = ada.folder + "photo.jpg"
            let bytes = storageBytes(70_000)

            // act: GTMSessionUploadFetcher's start (the name's slashes %2F-escaped), then one PUT without
            // Authorization: the upload id in the URL is the credential
            let start = try await Self.send(
                port: port, "POST",
                "/v0/b/\(FirebaseClient.bucket)/o?uploadType=resumable&name=" + ObjectName.encodeSegment(name),
                headers: [
                    ("Authorization", "Firebase " + ada.idToken), ("X-Goog-Upload-Protocol", "resumable"),
                    ("X-Goog-Upload-Command", "start"), ("X-Goog-Upload-Content-Type", "image/jpeg"),
                    ("X-Goog-Upload-Content-Length", "\(bytes.count)"), ("Content-Type", "application/json"),
                    ("x-firebase-storage-version", "ios/12.4.0"),
                ],
                body: Array(#"{"contentType":"image/jpeg","name":"\#(name)"}"#.utf8))
            let url = try Self.target(try #require(start.headers["x-goog-upload-url"]))
            let finish = try await Self.send(
                port: port, "PUT", url,
                headers: [
                    ("X-Goog-Upload-Command", "upload, finalize"), ("X-Goog-Upload-Offset", "0"),
                    ("Content-Type", "image/jpeg"),
                ],
                body: bytes)

            // assert
            #expect(start.status == 200)
            #expect(finish.status == 200)
            #expect(finish.headers["x-goog-upload-status"] == "final")
            let object = try JSONDecoder().decode(FirebaseStorageObject.self, from: Data(finish.body.utf8))
            #expect(object.contentType == "image/jpeg")
            #expect(object.size == "\(bytes.count)")
            #expect(!object.downloadTokens.isEmpty)
        }
    }

    @Test(arguments: Backend.available, StorageKind.available)
    func a_dropped_connection_resumes_from_what_was_received_on_any_node(backend: Backend, storage: StorageKind)
        async throws
    {
        try await withStorageServer(backend, storage, nodes: 2, transport: .live) { server, bucket in
            // setup
            let firebase = try await FirebaseClient(server)
            let ada = try await firebase.person()
            let first = try #require(server.nodes[0].port)
            let second = try #require(server.nodes[1].port)
            let name = ada.folder + "resumed.bin"
            let bytes = storageBytes(300_000, seed: 3)
            let start = try await Self.send(
                port: first, "POST", "/v0/b/\(FirebaseClient.bucket)/o?name=" + ObjectName.encodeSegment(name),
                headers: [
                    ("Authorization", "Firebase " + ada.idToken), ("X-Goog-Upload-Protocol", "resumable"),
                    ("X-Goog-Upload-Command", "start"), ("X-Goog-Upload-Header-Content-Length", "\(bytes.count)"),
                    ("X-Goog-Upload-Header-Content-Type", "application/octet-stream"),
                ],
                body: Array("{}".utf8))
            let url = try Self.target(try #require(start.headers["x-goog-upload-url"]))
            let chunk = 100_000
            let received = try await Self.send(
                port: first, "POST", url,
                headers: [("X-Goog-Upload-Command", "upload"), ("X-Goog-Upload-Offset", "0")],
                body: Array(bytes[0..<chunk]))
            try #require(received.status == 200)

            // act: the next chunk's connection drops halfway
            try await RawConnection.with(port: first) { connection in
                let head =
                    "POST \(url) HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Goog-Upload-Command: upload\r\n"
                    + "X-Goog-Upload-Offset: \(chunk)\r\nContent-Length: \(chunk)\r\n\r\n"
                connection.send(Array(head.utf8) + Array(bytes[chunk..<(chunk + chunk / 2)]))
            }
            try await Self.waitForAnswer(server.nodes[0], route: "/v0/b/{bucket}/o", status: 400)
            // the client asks the other node where to go on, and finishes there
            let query = try await Self.send(port: second, "POST", url, headers: [("X-Goog-Upload-Command", "query")])
            let resumeAt = try #require(query.headers["x-goog-upload-size-received"].flatMap { Int($0) })
            let finish = try await Self.send(
                port: second, "POST", url,
                headers: [("X-Goog-Upload-Command", "upload, finalize"), ("X-Goog-Upload-Offset", "\(resumeAt)")],
                body: Array(bytes[resumeAt...]))
            let media = try await FirebaseClient(server, node: 1).storage(
                .get, FirebaseClient.objectPath(name) + "?alt=media", idToken: ada.idToken)

            // assert
            #expect(query.status == 200)
            #expect(query.headers["x-goog-upload-status"] == "active")
            #expect(resumeAt == chunk)
            #expect(finish.headers["x-goog-upload-status"] == "final")
            #expect(media.bytes == bytes)
            #expect(try await server.storageBlobs(bucket).count == 1)
        }
    }

    @Test(arguments: Backend.available)
    func an_offset_that_does_not_match_is_refused_and_says_where_to_resume(backend: Backend) async throws {
        try await withStorageServer(backend, transport: .live) { server, _ in
            // setup
            let firebase = try await FirebaseClient(server)
            let ada = try await firebase.person()
            let port = try #require(server.client.port)
            let start = try await Self.send(
                port: port, "POST",
                "/v0/b/\(FirebaseClient.bucket)/o?name=" + ObjectName.encodeSegment(ada.folder + "x.bin"),
                headers: [
                    ("Authorization", "Firebase " + ada.idToken), ("X-Goog-Upload-Protocol", "resumable"),
                    ("X-Goog-Upload-Command", "start"),
                ])
            let url = try Self.target(try #require(start.headers["x-goog-upload-url"]))
            _ = try await Self.send(
                port: port, "POST", url, headers: [("X-Goog-Upload-Command", "upload"), ("X-Goog-Upload-Offset", "0")],
                body: [1, 2, 3, 4])

            // act
            let ahead = try await Self.send(
                port: port, "POST", url,
                headers: [("X-Goog-Upload-Command", "upload"), ("X-Goog-Upload-Offset", "10")],
                body: [5])
            let behind = try await Self.send(
                port: port, "POST", url, headers: [("X-Goog-Upload-Command", "upload"), ("X-Goog-Upload-Offset", "2")],
                body: [5])

            // assert
            for answer in [ahead, behind] {
                #expect(answer.status == 400)
                #expect(answer.headers["x-goog-upload-size-received"] == "4")
                #expect(answer.body.contains("has received 4 bytes"))
            }
            #expect(try await server.storageRowCount() == 0)
        }
    }

    @Test
    func a_cancelled_upload_leaves_nothing_and_takes_no_more_bytes() async throws {
        try await withStorageServer(transport: .live) { server, bucket in
            // setup
            let firebase = try await FirebaseClient(server)
            let ada = try await firebase.person()
            let port = try #require(server.client.port)
            let start = try await Self.send(
                port: port, "POST",
                "/v0/b/\(FirebaseClient.bucket)/o?name=" + ObjectName.encodeSegment(ada.folder + "x.bin"),
                headers: [
                    ("Authorization", "Firebase " + ada.idToken), ("X-Goog-Upload-Protocol", "resumable"),
                    ("X-Goog-Upload-Command", "start"),
                ])
            let url = try Self.target(try #require(start.headers["x-goog-upload-url"]))
            _ = try await Self.send(
                port: port, "POST", url, headers: [("X-Goog-Upload-Command", "upload"), ("X-Goog-Upload-Offset", "0")],
                body: storageBytes(1000))

            // act
            let cancel = try await Self.send(port: port, "POST", url, headers: [("X-Goog-Upload-Command", "cancel")])
            let after = try await Self.send(
                port: port, "POST", url,
                headers: [("X-Goog-Upload-Command", "upload, finalize"), ("X-Goog-Upload-Offset", "1000")], body: [1])

            // assert
            #expect(cancel.status == 200)
            #expect(after.status == 404)
            #expect(try await server.storageRowCount() == 0)
            #expect(try await server.storageBlobs(bucket).isEmpty)
        }
    }

    @Test
    func an_upload_that_breaks_off_leaves_no_object_no_row_and_no_blob() async throws {
        try await withStorageServer(transport: .live) { server, bucket in
            // setup
            let firebase = try await FirebaseClient(server)
            let ada = try await firebase.person()
            let port = try #require(server.client.port)
            let name = ada.folder + "cut.bin"

            // act: a media upload whose connection drops before the body is complete
            try await RawConnection.with(port: port) { connection in
                let head =
                    "POST /v0/b/\(FirebaseClient.bucket)/o?uploadType=media&name=\(ObjectName.encodeSegment(name)) HTTP/1.1\r\n"
                    + "Host: 127.0.0.1\r\nAuthorization: Firebase \(ada.idToken)\r\nContent-Type: image/jpeg\r\n"
                    + "Content-Length: 100000\r\n\r\n"
                connection.send(Array(head.utf8) + storageBytes(40_000))
            }
            try await Self.waitForAnswer(server.client, route: "/v0/b/{bucket}/o", status: 400)
            let read = try await firebase.storage(.get, FirebaseClient.objectPath(name), idToken: ada.idToken)

            // assert
            #expect(read.status == .notFound)
            #expect(try await server.storageRowCount() == 0)
            #expect(try await server.storageBlobs(bucket).isEmpty)
        }
    }

    @Test
    func more_bytes_than_declared_are_refused() async throws {
        try await withStorageServer(transport: .live) { server, _ in
            // setup
            let firebase = try await FirebaseClient(server)
            let ada = try await firebase.person()
            let port = try #require(server.client.port)
            let start = try await Self.send(
                port: port, "POST",
                "/v0/b/\(FirebaseClient.bucket)/o?name=" + ObjectName.encodeSegment(ada.folder + "x.bin"),
                headers: [
                    ("Authorization", "Firebase " + ada.idToken), ("X-Goog-Upload-Protocol", "resumable"),
                    ("X-Goog-Upload-Command", "start"), ("X-Goog-Upload-Header-Content-Length", "10"),
                ])
            let url = try Self.target(try #require(start.headers["x-goog-upload-url"]))

            // act
            let tooMany = try await Self.send(
                port: port, "POST", url,
                headers: [("X-Goog-Upload-Command", "upload, finalize"), ("X-Goog-Upload-Offset", "0")],
                body: storageBytes(11))
            let tooFew = try await Self.send(
                port: port, "POST", url,
                headers: [("X-Goog-Upload-Command", "upload, finalize"), ("X-Goog-Upload-Offset", "0")],
                body: storageBytes(9))

            // assert
            #expect(tooMany.status == 400)
            #expect(tooFew.status == 400)
            #expect(try await server.storageRowCount() == 0)
        }
    }
}
