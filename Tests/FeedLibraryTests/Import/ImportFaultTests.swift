import FeedStore
import Foundation
import Imaging
import LibraryTestSupport
import Testing

@testable import FeedLibrary

/// An import into a data directory whose disk is full (issue 34): stopped at once with a sentence naming the
/// folder, rather than failing each file in turn, with nothing half-written left; the same import works once space
/// is freed.
@Suite(
    "Import onto a full disk", .enabled(if: SizeLimitedFolder.isAvailable, "needs the right to mount a tmpfs (root)"))
struct ImportFaultTests {
    @Test(arguments: Backend.available)
    func an_import_onto_a_full_disk_stops_with_the_folder_named_and_leaves_nothing(backend: Backend) async throws {
        try Imaging.start()
        let source = try Fixtures.temporaryDirectory(prefix: "imagefeed-import-full")
        defer { try? FileManager.default.removeItem(atPath: source) }
        for seed in 0..<4 {
            try Fixtures.write(
                try Fixtures.jpeg(width: 640, height: 480, seed: 700 + seed), to: source + "/p\(seed).jpg")
        }
        try await SizeLimitedFolder.with(bytes: 8 << 20) { disk in
            try await TestDatabase.withStore(backend) { store, _ in
                // setup
                let files = LibraryFiles(root: disk.path)
                try files.prepare()
                try disk.fill()
                let importer = LibraryImporter(store: store, files: files, imaging: Imaging(), logger: testLogger)
                let options = ImportOptions(username: "alice", concurrency: 2)

                // act
                let refusal = await #expect(throws: LibraryError.self) {
                    try await importer.run(paths: [source], options: options)
                }
                let filesLeft = disk.files(under: "originals").union(disk.files(under: "mezzanines"))
                    .union(disk.files(under: "tmp"))
                let rowsLeft = try await allPhotos(store).count
                disk.free()
                let again = try await importer.run(paths: [source], options: options)

                // assert: the folder named; no file and no row left by the refused run; all of it imported after
                #expect(refusal == .diskFull(folder: files.root.path))
                #expect(refusal?.description.contains(disk.path) == true)
                #expect(filesLeft.isEmpty, "\(filesLeft)")
                #expect(rowsLeft == 0)
                #expect(again.imported == 4, "\(again)")
                #expect(try await allPhotos(store).count == 4)
                for photo in try await allPhotos(store) {
                    #expect(fileProblems(of: photo, in: files, renditions: false).isEmpty)
                }
            }
        }
    }
}
