import FeedModels
import FeedStore
import Foundation
import HummingbirdTesting
import TestSupport
import Testing

@testable import FeedServer

@Suite("Features: deleting accounts, photos and avatars")
struct FeaturesDeletionTests {
    /// Uploads `bytes` as the member's avatar, requiring a 200.
    static func setAvatar(_ bytes: [UInt8], of member: TestUser, on server: TestServer) async throws {
        let form = Multipart(fields: [], file: ("me.jpg", "image/jpeg", bytes))
        let response = try await server.client.execute(
            uri: "/me/avatar", method: .put, headers: member.auth.merging([.contentType: form.contentType]),
            body: form.body)
        try #require(response.status == .ok, "\(response.text)")
    }

    /// A JSON object from a GET, requiring a 200.
    static func object(_ path: String, on server: TestServer) async throws -> [String: Any] {
        let response = try await server.client.get(path)
        try #require(response.status == .ok, "GET \(path): \(response.status)")
        return try response.object()
    }

    @Test(arguments: Backend.available)
    func deleting_an_account_removes_its_files_and_mends_other_peoples_counts(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup: alice has two photos and an avatar; bob likes one of hers, keeps it in his album, and alice
            // likes bob's photo
            let alice = try await server.user("alice")
            let bob = try await server.user("bob")
            let his = try await server.uploadPhoto(try smallJPEG(seed: 63), as: bob)
            let hisFiles = server.filesUnder("originals")
            let hers = try await server.uploadPhoto(try smallJPEG(seed: 61), as: alice)
            let hersToo = try await server.uploadPhoto(try smallJPEG(seed: 62), as: alice)
            try await Self.setAvatar(try smallJPEG(seed: 64, width: 120, height: 120), of: alice, on: server)
            _ = try await server.client.send(.post, "/photos/\(hers.id)/like", headers: bob.auth)
            _ = try await server.client.send(.post, "/photos/\(his.id)/like", headers: alice.auth)
            let album = try await server.client.send(
                .post, "/collections", headers: bob.formHeaders, body: "title=Friends")
            let albumID = try #require(try album.object()["id"] as? String)
            for photo in [hers.id, his.id] {
                let added = try await server.client.send(
                    .post, "/collections/\(albumID)/add", headers: bob.formHeaders, body: "photo_id=\(photo)")
                try #require(added.status == .created || added.status == .ok, "\(added.status) \(added.text)")
            }
            for path in [
                "/img/\(hers.id)?w=100", "/img/\(hersToo.id)?w=100", "/img/\(his.id)?w=100", "/avatars/alice?w=64",
            ] {
                try #require(try await server.client.get(path).status == .ok, "GET \(path)")
            }

            // act: what `imagefeed users delete alice` does
            let orphans = try await server.store.deleteUser(id: alice.id)
            await server.files.remove(orphans, recordingIn: server.store)

            // assert: her originals and renditions are gone, his stay
            #expect(Set(orphans.photoIDs) == [hers.id, hersToo.id])
            #expect(orphans.originals.count == 3)
            #expect(server.filesUnder("originals") == hisFiles)
            let renditions = server.filesUnder("renditions")
            #expect(!renditions.isEmpty)
            #expect(renditions.allSatisfy { $0.contains(his.id) }, "\(renditions)")
            // and nothing of hers is counted anywhere
            #expect(try await Self.object("/users/bob", on: server)["total_likes"] as? Int == 0)
            #expect(try await Self.object("/photos/\(his.id)", on: server)["likes"] as? Int == 0)
            let mended = try await Self.object("/collections/\(albumID)", on: server)
            #expect(mended["total_photos"] as? Int == 1)
            #expect((mended["cover_photo"] as? [String: Any])?["id"] as? String == his.id)
            #expect(try await server.client.get("/photos").photoIDs() == [his.id])
            #expect(try await server.client.get("/users/alice").status == .notFound)
        }
    }

    @Test(arguments: Backend.available)
    func a_deleted_photo_keeps_its_file_while_it_is_someones_avatar(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup: the same picture is alice's photo and bob's avatar
            let alice = try await server.user("alice")
            let bob = try await server.user("bob")
            let picture = try smallJPEG(seed: 71, width: 120, height: 120)
            let photo = try await server.uploadPhoto(picture, as: alice)
            try await Self.setAvatar(picture, of: bob, on: server)
            let before = server.filesUnder("originals")

            // act
            let deleted = try await server.client.send(.delete, "/photos/\(photo.id)", headers: alice.auth)

            // assert
            #expect(deleted.status == .noContent)
            #expect(server.filesUnder("originals") == before)
            let avatar = try await server.client.get("/avatars/bob?w=64")
            #expect(avatar.status == .ok)
            #expect(avatar.header("Content-Type") == "image/jpeg")
        }
    }

    @Test(arguments: Backend.available)
    func a_replaced_avatar_leaves_no_file_behind(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup
            let alice = try await server.user("alice")
            try await Self.setAvatar(try smallJPEG(seed: 81, width: 120, height: 120), of: alice, on: server)
            #expect(server.filesUnder("originals").count == 1)

            // act
            try await Self.setAvatar(try smallJPEG(seed: 82, width: 120, height: 120), of: alice, on: server)
            try await Self.setAvatar(try smallJPEG(seed: 82, width: 120, height: 120), of: alice, on: server)

            // assert: only the current avatar's original is left, and it is served
            #expect(server.filesUnder("originals").count == 1)
            #expect(try await server.client.get("/avatars/alice?w=64").header("Content-Type") == "image/jpeg")
        }
    }

    @Test(arguments: Backend.available)
    func a_deleted_photos_renditions_stop_being_served_at_once(backend: Backend) async throws {
        try await withTestServer(backend) { server in
            // setup: a feed size served twice, so it is held in memory and remembered by its URL
            let alice = try await server.user("alice")
            let photo = try await server.uploadPhoto(try smallJPEG(seed: 71), as: alice)
            let small = try pathAndQuery(photo.urls.small)
            #expect(try await server.client.get(small).status == .ok)
            #expect(try await server.client.get(small).status == .ok)

            // act: the server's clock does not move, so only the deletion itself can make it forget
            let deleted = try await server.client.send(.delete, "/photos/\(photo.id)", headers: alice.auth)
            let after = try await server.client.get(small)

            // assert
            #expect(deleted.status == .noContent)
            #expect(after.status == .notFound)
        }
    }
}
