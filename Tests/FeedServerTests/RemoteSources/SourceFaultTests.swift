import FeedModels
import FeedStore
import Foundation
import Imaging
import TestSupport
import Testing

@testable import FeedLibrary

/// A sync that downloads photos (Pixabay's) into a data directory whose disk is full (issue 34): it stops at the
/// first photo with the folder named, instead of failing every photo in turn, and leaves no file and no row; the
/// next sync, once space is freed, brings everything in.
@Suite(
    "Syncing onto a full disk", .enabled(if: SizeLimitedFolder.isAvailable, "needs the right to mount a tmpfs (root)"))
struct SourceFaultTests {
    @Test func a_sync_onto_a_full_disk_stops_with_the_folder_named() async throws {
        try await withSourcePair { pair in
            let owner = try await pair.upstream.user(TestUser("snapper", firstName: "Snap", lastName: "Per"))
            for seed in 0..<3 {
                _ = try await pair.upstream.uploadPhoto(
                    try smallJPEG(seed: 950 + seed, width: 800, height: 600), as: owner,
                    fields: ["description": "Peak \(seed)", "tags": "mountains"])
            }
            let source = try await pair.addSource(.pixabay, options: ["query": "mountains"])
            try await SizeLimitedFolder.with(bytes: 8 << 20) { disk in
                // setup: the library's files on a disk with no room left
                let files = LibraryFiles(root: disk.path)
                try files.prepare()
                try disk.fill()
                let syncer = SourceSyncer(
                    store: pair.library.store, files: files, imaging: Imaging(limits: ImagingLimits()),
                    logger: testLogger,
                    backoff: SourceBackoff(initial: .milliseconds(10), longest: .seconds(5), attempts: 6))

                // act
                let refusal = await #expect(throws: LibraryError.self) { try await syncer.sync(source) }
                let filesLeft = disk.files(under: "originals").union(disk.files(under: "tmp"))
                let rowsLeft = try await allPhotos(pair.library.store).count
                disk.free()
                let again = try await syncer.sync(source)

                // assert
                #expect(refusal == .diskFull(folder: files.root.path))
                #expect(filesLeft.isEmpty, "\(filesLeft)")
                #expect(rowsLeft == 0)
                #expect(again.added == 3 && again.failed.isEmpty, "\(again.failed)")
            }
        }
    }
}
