import FeedModels
import FeedStore
import Foundation
import HTTPTypes
import Imaging
import TestSupport
import Testing

@testable import FeedServer

/// Large photos get a mezzanine when they enter the library; renditions it is big enough for are made from it,
/// larger ones from the original, and it leaves with the original.
@Suite("Mezzanine serving")
struct MezzanineServingTests {
    /// Alice uploads a 2600 × 1950 photo (its mezzanine is 1300 × 975); returns it with its sha256.
    static func uploadLarge(_ server: TestServer, seed: Int) async throws -> (
        photo: Photo, sha256: String, owner: TestUser
    ) {
        let alice = try await server.user("alice")
        let bytes = try Fixtures.jpeg(width: 2600, height: 1950, seed: seed)
        return (try await server.uploadPhoto(bytes, as: alice), sha256Hex(bytes), alice)
    }

    @Test(arguments: Backend.available)
    func renditions_up_to_its_size_come_from_the_mezzanine_and_larger_ones_from_the_original(
        backend: Backend
    ) async throws {
        try await withTestServer(backend) { server in
            // setup: a large upload, then its original taken away
            let (photo, digest, _) = try await Self.uploadLarge(server, seed: 41)
            let mezzanine = server.files.mezzaninePath(sha256: digest)
            #expect(FileManager.default.fileExists(atPath: mezzanine))
            try FileManager.default.removeItem(atPath: server.files.originalPath(sha256: digest, format: "jpeg"))

            // act
            let small = try await server.client.get("/img/\(photo.id)?w=1000&fm=webp")
            let full = try await server.client.get("/img/\(photo.id)?w=2600")

            // assert: the small one was made without the original; the full-size one needed it
            #expect(small.status == .ok)
            #expect(try Imaging().probe(data: small.bytes).width == 1000)
            #expect(full.status != .ok)
        }
    }

    @Test(arguments: Backend.available)
    func photos_without_a_mezzanine_are_rendered_from_the_original(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup: an upload whose mezzanine is lost (a library imported before mezzanines existed)
            let (photo, digest, _) = try await Self.uploadLarge(server, seed: 42)
            try FileManager.default.removeItem(atPath: server.files.mezzaninePath(sha256: digest))

            // act
            let rendition = try await server.client.get("/img/\(photo.id)?w=1000&fm=webp")

            // assert
            #expect(rendition.status == .ok)
            #expect(try Imaging().probe(data: rendition.bytes).width == 1000)
        }
    }

    @Test(arguments: Backend.available)
    func deleting_the_photo_deletes_its_mezzanine(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let (photo, digest, alice) = try await Self.uploadLarge(server, seed: 43)
            let mezzanine = server.files.mezzaninePath(sha256: digest)
            #expect(FileManager.default.fileExists(atPath: mezzanine))

            // act
            let deleted = try await server.client.send(.delete, "/photos/\(photo.id)", headers: alice.auth)

            // assert
            #expect(deleted.status == .noContent)
            #expect(!FileManager.default.fileExists(atPath: mezzanine))
        }
    }

    @Test(arguments: Backend.available)
    func small_photos_get_none(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            let alice = try await server.user("alice")
            let bytes = try smallJPEG(seed: 44)
            _ = try await server.uploadPhoto(bytes, as: alice)
            #expect(!FileManager.default.fileExists(atPath: server.files.mezzaninePath(sha256: sha256Hex(bytes))))
        }
    }
}
