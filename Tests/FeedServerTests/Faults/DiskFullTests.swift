import FeedStore
import Foundation
import HTTPTypes
import Imaging
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

/// The data directory's disk fills up (issue 34): on a tmpfs of a few megabytes, filled for real, so every write
/// fails with ENOSPC as on a full disk.
@Suite("A full disk", .enabled(if: SizeLimitedFolder.isAvailable, "needs the right to mount a tmpfs (root)"))
struct DiskFullTests {
    @Test(arguments: Backend.available)
    func an_upload_to_a_full_disk_is_507_leaves_nothing_and_works_once_space_is_freed(backend: Backend) async throws {
        try await SizeLimitedFolder.with(bytes: 8 << 20) { disk in
            try await withTestServer(backend, configure: { $0.dataDirectory = disk.path }) { server in
                // setup: a photo uploaded while there is room, its thumbnail served once
                let owner = try await server.user("alice")
                let kept = try await server.uploadPhoto(try Fixtures.jpeg(width: 640, height: 480, seed: 1), as: owner)
                try #require(try await server.client.get("/img/\(kept.id)?w=200&fit=max&q=80&fm=jpg").status == .ok)
                let before = disk.files(under: "originals")
                let renditionsBefore = disk.files(under: "renditions")
                let refused = try Fixtures.jpeg(width: 640, height: 480, seed: 2)
                try disk.fill()

                // act
                let upload = try await server.upload(refused, as: owner)
                let photo = try await server.client.get("/photos/\(kept.id)")
                let thumbnail = try await server.client.get("/img/\(kept.id)?w=200&fit=max&q=80&fm=jpg")
                let newSize = try await server.client.get("/img/\(kept.id)?w=123")

                // assert: 507 with a sentence and no server path; nothing of the refused upload anywhere
                #expect(upload.status.code == 507, "\(upload.status) \(upload.text)")
                #expect(upload.header("Retry-After") != nil)
                #expect(upload.errors.first?.contains("no room") == true, "\(upload.errors)")
                #expect(!upload.text.contains(disk.path))
                #expect(disk.files(under: "originals") == before)
                #expect(disk.files(under: "mezzanines").isEmpty)
                #expect(disk.files(under: "tmp").isEmpty)
                #expect(try await allPhotos(server.store).map(\.id) == [kept.id])

                // assert: reads are served, a new size too (made, served, not kept: no partial file either)
                #expect(photo.status == .ok)
                #expect(thumbnail.status == .ok)
                #expect(newSize.status == .ok, "\(newSize.status) \(newSize.text)")
                #expect(disk.files(under: "renditions") == renditionsBefore)

                // act: space is freed, and the same upload is sent again, without a restart
                disk.free()
                let again = try await server.upload(refused, as: owner)

                // assert
                #expect(again.status == .created, "\(again.status) \(again.text)")
                #expect(try await allPhotos(server.store).count == 2)
            }
        }
    }

    @Test
    func a_mezzanine_the_disk_has_no_room_for_takes_its_original_back() async throws {
        try await SizeLimitedFolder.with(bytes: 16 << 20) { disk in
            try await withTestServer(.sqlite, configure: { $0.dataDirectory = disk.path }) { server in
                // setup: a photo large enough for a mezzanine, its upload already in the scratch folder; room left
                // for the original only
                let owner = try await server.user("alice")
                let large = try Fixtures.jpeg(width: 2600, height: 1800, seed: 3, quality: 95)
                let files = LibraryFiles(root: disk.path)
                let scratch = files.scratch.path + "/upload"
                try Fixtures.write(large, to: scratch)
                try disk.fill()
                try disk.leave(free: large.count + 16 * 1024)
                let ingester = PhotoIngester(store: server.store, files: files, imaging: Imaging(limits: .init()))

                // act
                let refusal = await #expect(throws: LibraryError.self) {
                    try await ingester.ingest(
                        path: scratch, size: large.count, ownerID: owner.id, details: .init(title: "Large"),
                        threadPool: .singleton)
                }

                // assert: a full disk naming the data folder; the original written before is gone again
                #expect(refusal == .diskFull(folder: files.root.path))
                #expect(disk.files(under: "originals").isEmpty)
                #expect(disk.files(under: "mezzanines").isEmpty)
                #expect(try await allPhotos(server.store).isEmpty)
            }
        }
    }

    @Test
    func the_database_on_a_full_disk_is_507_and_a_sentence() {
        // act
        let answer = APIError(StoreError.diskFull(folder: "/srv/imagefeed"))

        // assert: the status a full disk has, with no server path in the answer
        #expect(answer.status.code == 507)
        #expect(!answer.messages.joined().contains("/srv"))
        #expect(StoreError.diskFull(folder: "/srv/imagefeed").description.contains("/srv/imagefeed"))
    }
}
