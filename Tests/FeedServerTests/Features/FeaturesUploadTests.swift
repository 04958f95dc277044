import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import HummingbirdTesting
import Imaging
import NIOCore
import TestSupport
import Testing

@testable import FeedServer

@Suite("Features: uploads")
struct FeaturesUploadTests {
    @Test(arguments: Backend.available)
    func a_multipart_upload_answers_201_with_the_new_photo(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let bytes = try smallJPEG(seed: 1, width: 120, height: 80)

            // act
            let response = try await server.upload(
                bytes, as: alice,
                fields: [
                    "description": "Trams climbing the hill", "tags": "Tram, Lisbon ,yellow",
                    "location[name]": "Alfama", "location[city]": "Lisbon", "location[country]": "Portugal",
                    "location[latitude]": "38.711611", "location[longitude]": "-9.130917",
                ])

            // assert
            #expect(response.status == .created)
            let photo = try response.decode(Photo.self)
            #expect(photo.width == 120)
            #expect(photo.height == 80)
            #expect(photo.description == "Trams climbing the hill")
            #expect(Set(photo.tags.map { $0.title.lowercased() }) == ["tram", "lisbon", "yellow"])
            #expect(photo.location?.name == "Alfama")
            #expect(photo.location?.city == "Lisbon")
            #expect(photo.location?.country == "Portugal")
            #expect(photo.location?.position == Position(latitude: 38.711611, longitude: -9.130917))
            #expect(photo.user.username == "alice")
            let stored = try await server.photo(photo.id, as: alice)
            #expect(stored.description == "Trams climbing the hill")
            #expect(try await server.store.user(id: alice.id)?.totalPhotos == 1)
            #expect(
                FileManager.default.fileExists(
                    atPath: server.files.originalPath(sha256: sha256Hex(bytes), format: "jpeg")))
        }
    }

    @Test(arguments: Backend.available)
    func a_raw_image_body_is_an_upload_too(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let bytes = try smallJPEG(seed: 2, width: 90, height: 120)

            // act
            let response = try await server.client.execute(
                uri: "/photos", method: .post, headers: alice.auth.merging([.contentType: "image/jpeg"]),
                body: ByteBuffer(bytes: bytes))

            // assert
            #expect(response.status == .created)
            let photo = try response.decode(Photo.self)
            #expect((photo.width, photo.height) == (90, 120))
        }
    }

    enum Unusual: String, CaseIterable, Sendable {
        case greyscaleJPEG, alphaPNG

        func bytes() throws -> (bytes: [UInt8], type: String, name: String) {
            switch self {
            case .greyscaleJPEG:
                let pixels = (0..<(80 * 60)).map { UInt8(($0 * 7) % 256) }
                return (
                    try FixtureFactory.encode(pixels: pixels, width: 80, height: 60, bands: 1, format: .jpeg),
                    "image/jpeg", "grey.jpg"
                )
            case .alphaPNG:
                return (try Fixtures.png(width: 80, height: 60, seed: 3, alpha: true), "image/png", "alpha.png")
            }
        }
    }

    @Test(arguments: Backend.available, Unusual.allCases)
    func greyscale_jpegs_and_pngs_with_alpha_upload_fine(backend: Backend, kind: Unusual) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let file = try kind.bytes()

            // act
            let response = try await server.upload(file.bytes, as: alice, fileName: file.name, fileType: file.type)

            // assert
            #expect(response.status == .created, "\(response.text)")
            let photo = try response.decode(Photo.self)
            #expect((photo.width, photo.height) == (80, 60))
            let small = try await server.client.get(try pathAndQuery(photo.urls.small))
            #expect(small.status == .ok)
        }
    }

    /// An upload the server must refuse, with the status it must refuse it with.
    enum Rejection: String, CaseIterable, Sendable {
        case text, pdf, svg, truncatedJPEG, decompressionBomb, overByteLimit, noFilePart, wrongContentType
        case emptyFile, emptyRawBody

        var status: HTTPResponse.Status {
            switch self {
            case .text, .pdf, .svg, .wrongContentType: .unsupportedMediaType
            case .truncatedJPEG, .decompressionBomb: .unprocessableContent
            case .overByteLimit: .contentTooLarge
            case .noFilePart, .emptyFile, .emptyRawBody: .badRequest
            }
        }

        /// The message the refusal must give, where one is pinned down.
        var message: String? {
            switch self {
            case .emptyFile, .emptyRawBody: "The uploaded file is empty (0 bytes)."
            case .noFilePart: "No file was uploaded: send it in a form field named \"file\"."
            default: nil
            }
        }

        /// The byte limit of the server under test: small only for the over-the-limit case.
        var maxBytes: Int { self == .overByteLimit ? 4096 : 10 << 20 }

        func send(_ server: TestServer, as member: TestUser) async throws -> TestResponse {
            switch self {
            case .text:
                return try await server.upload(
                    Fixtures.nonImages["text"]!, as: member, fileName: "notes.txt",
                    fileType: "text/plain")
            case .pdf:
                return try await server.upload(
                    Fixtures.nonImages["pdf"]!, as: member, fileName: "scan.pdf",
                    fileType: "application/pdf")
            case .svg:
                return try await server.upload(
                    Fixtures.nonImages["svg"]!, as: member, fileName: "logo.svg",
                    fileType: "image/svg+xml")
            case .truncatedJPEG:
                return try await server.upload(
                    Fixtures.truncated(try smallJPEG(seed: 4, width: 300, height: 200)),
                    as: member)
            case .decompressionBomb:
                return try await server.upload(try Fixtures.decompressionBomb(), as: member)
            case .overByteLimit:
                let bytes = try smallJPEG(seed: 5, width: 400, height: 300)
                try #require(bytes.count > maxBytes)
                return try await server.upload(bytes, as: member)
            case .noFilePart:
                let form = Multipart(fields: [("description", "Forgot the file")], file: nil)
                return try await server.client.execute(
                    uri: "/photos", method: .post, headers: member.auth.merging([.contentType: form.contentType]),
                    body: form.body)
            case .wrongContentType:
                return try await server.client.execute(
                    uri: "/photos", method: .post, headers: member.auth.merging([.contentType: "text/plain"]),
                    body: ByteBuffer(bytes: try smallJPEG(seed: 6)))
            case .emptyFile:
                return try await server.upload([], as: member, fileName: "empty.jpg")
            case .emptyRawBody:
                return try await server.client.execute(
                    uri: "/photos", method: .post, headers: member.auth.merging([.contentType: "image/jpeg"]),
                    body: ByteBuffer())
            }
        }
    }

    @Test(arguments: Backend.available, Rejection.allCases)
    func a_rejected_upload_has_a_precise_status_and_leaves_nothing_behind(
        backend: Backend, rejection: Rejection
    ) async throws {
        try await withTestServer(backend, configure: { $0.imageLimits.maxBytes = rejection.maxBytes }) { server in
            // setup
            let alice = try await server.user("alice")
            _ = try await server.uploadPhoto(try smallJPEG(seed: 7, width: 48, height: 32), as: alice)
            let originals = server.filesUnder("originals")
            let renditions = server.filesUnder("renditions")

            // act
            let response = try await rejection.send(server, as: alice)

            // assert
            #expect(response.status == rejection.status, "\(response.text)")
            #expect(response.errors.count >= 1)
            if let message = rejection.message { #expect(response.errors == [message]) }
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(try await server.store.photoCount() == 1)
            #expect(try await server.store.user(id: alice.id)?.totalPhotos == 1)
            #expect(server.filesUnder("tmp").isEmpty)
            #expect(server.filesUnder("originals") == originals)
            #expect(server.filesUnder("renditions") == renditions)
        }
    }

    @Test
    func concurrent_bad_uploads_each_get_their_own_reason_and_no_server_path() async throws {
        try await withTestServer { server in
            // setup: damaged JPEGs and PNGs, and files that are not images, all at once
            let alice = try await server.user("alice")
            var uploads: [(bytes: [UInt8], name: String, reason: String)] = []
            for seed in 0..<4 {
                uploads.append(
                    (
                        Fixtures.truncated(try smallJPEG(seed: 20 + seed, width: 300, height: 200)), "cut.jpg",
                        "The image is damaged or truncated: its data ends early or does not decode."
                    ))
                uploads.append(
                    (
                        Fixtures.truncated(try Fixtures.png(width: 200, height: 150, seed: 30 + seed)), "cut.png",
                        "The image is damaged or truncated: its data ends early or does not decode."
                    ))
                uploads.append(
                    (
                        Fixtures.nonImages["text"]!, "notes.txt",
                        "The file is not an image ImageFeed can read (JPEG, PNG, WebP, HEIC or AVIF)."
                    ))
            }

            // act
            let answers = try await withThrowingTaskGroup(of: (Int, TestResponse).self) { group in
                for (index, upload) in uploads.enumerated() {
                    group.addTask { (index, try await server.upload(upload.bytes, as: alice, fileName: upload.name)) }
                }
                return try await group.reduce(into: [Int: TestResponse]()) { $0[$1.0] = $1.1 }
            }

            // assert
            for (index, upload) in uploads.enumerated() {
                let answer = try #require(answers[index])
                #expect(answer.errors == [upload.reason], "\(upload.name): \(answer.errors)")
                #expect(!answer.text.contains("tmp/") && !answer.text.contains("upload-"), "\(answer.text)")
            }
            #expect(try await server.store.photoCount() == 0)
        }
    }

    @Test(arguments: Backend.available)
    func the_same_bytes_twice_is_409(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            let otto = try await server.user("otto")
            let bytes = try smallJPEG(seed: 8)
            let first = try await server.uploadPhoto(bytes, as: alice)

            // act
            let again = try await server.upload(bytes, as: alice)
            let byOther = try await server.upload(bytes, as: otto)

            // assert
            #expect(again.status == .conflict)
            #expect(again.errors.first?.contains(first.id) == true)
            #expect(byOther.status == .conflict)
            #expect(try await server.store.photoCount() == 1)
            #expect(server.filesUnder("tmp").isEmpty)
        }
    }

    @Test
    func uploading_needs_the_write_photos_scope() async throws {
        try await withTestServer(.sqlite) { server in
            // setup
            let reader = try await server.user("reader", scope: "public read_user write_likes")

            // act
            let limited = try await server.upload(try smallJPEG(seed: 9), as: reader)
            let anonymous = try await server.client.execute(
                uri: "/photos", method: .post, headers: [.contentType: "image/jpeg"],
                body: ByteBuffer(bytes: try smallJPEG(seed: 9)))

            // assert
            #expect(limited.status == .forbidden)
            #expect(anonymous.status == .unauthorized)
            #expect(try await server.store.photoCount() == 0)
        }
    }
}
