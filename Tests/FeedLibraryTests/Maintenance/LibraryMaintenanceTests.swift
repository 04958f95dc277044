import FeedStore
import Foundation
import Imaging
import LibraryTestSupport
import Testing

@testable import FeedLibrary

@Suite("Check, backup and restore")
struct LibraryMaintenanceTests {
    /// Writes `count` distinct JPEGs and imports them into the library of `store` and `data`; returns the photo ids.
    @discardableResult
    static func importPhotos(
        _ count: Int, seed: Int, width: Int = 64, height: Int = 48, store: LibraryStore, data: String
    ) async throws -> [String] {
        let source = try Fixtures.temporaryDirectory(prefix: "imagefeed-maintenance-source")
        defer { try? FileManager.default.removeItem(atPath: source) }
        for index in 0..<count {
            try Fixtures.write(
                try Fixtures.jpeg(width: width, height: height, seed: seed + index), to: "\(source)/p\(index).jpg")
        }
        try Imaging.start()
        let importer = LibraryImporter(
            store: store, files: LibraryFiles(root: data), imaging: Imaging(), logger: testLogger)
        let summary = try await importer.run(paths: [source], options: ImportOptions(username: "keeper")) { _ in }
        try #require(summary.imported == count, "imported \(summary.imported) of \(count): \(summary.failed)")
        return try await Array(store.allPhotoIDs())
    }

    /// A check that judges every file, however new: the files of a test are seconds old.
    static func check(_ store: LibraryStore, _ data: String, repair: Bool = false) async throws -> LibraryCheckReport {
        try await LibraryCheck(store: store, files: LibraryFiles(root: data), now: { Date().addingTimeInterval(3600) })
            .run(repair: repair)
    }

    @Test(arguments: Backend.available)
    func check_finds_missing_corrupt_and_orphaned_files_and_repair_removes_only_the_orphans(backend: Backend)
        async throws
    {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup
            let data = try Fixtures.temporaryDirectory(prefix: "imagefeed-maintenance-data")
            defer { try? FileManager.default.removeItem(atPath: data) }
            try await Self.importPhotos(4, seed: 10, store: store, data: data)
            #expect(try await Self.check(store, data).isClean)
            let files = LibraryFiles(root: data)
            let originals = try await store.storedOriginals().sorted { $0.sha256 < $1.sha256 }
            let gone = originals[0]
            let damaged = originals[1]
            try FileManager.default.removeItem(atPath: files.originalPath(sha256: gone.sha256, format: gone.format))
            try Data("not the photo".utf8).write(
                to: URL(fileURLWithPath: files.originalPath(sha256: damaged.sha256, format: damaged.format)))
            let stray = String(repeating: "f", count: 64)
            try Fixtures.write([1, 2, 3], to: files.originalPath(sha256: stray, format: "jpg"))
            try Fixtures.write([4], to: data + "/renditions/zz/zzzz-deleted-photo/w400.jpg")
            try Fixtures.write([5], to: data + "/tmp/upload-killed")

            // act
            let report = try await Self.check(store, data)

            // assert
            #expect(report.originals == 4)
            #expect(report.missing == [gone])
            #expect(report.corrupt == [damaged])
            #expect(report.orphanedFiles == ["originals/ff/ff/\(stray).jpg"])
            #expect(report.orphanedRenditions == ["renditions/zz/zzzz-deleted-photo"])
            #expect(report.leftovers == ["tmp/upload-killed"])
            #expect(!report.isClean)

            let repaired = try await Self.check(store, data, repair: true)
            #expect(repaired.removed == 3)
            let after = try await Self.check(store, data)
            #expect(after.orphanedFiles.isEmpty && after.orphanedRenditions.isEmpty && after.leftovers.isEmpty)
            #expect(after.missing == [gone] && after.corrupt == [damaged])
        }
    }

    @Test
    func a_missing_mezzanine_is_found_and_repair_makes_it_again() async throws {
        try await TestDatabase.withStore(.sqlite) { store, _ in
            // setup: a photo large enough to have a mezzanine, and one too small to need one
            let data = try Fixtures.temporaryDirectory(prefix: "imagefeed-maintenance-data")
            defer { try? FileManager.default.removeItem(atPath: data) }
            try await Self.importPhotos(1, seed: 90, width: 2400, height: 1200, store: store, data: data)
            try await Self.importPhotos(1, seed: 91, store: store, data: data)
            let files = LibraryFiles(root: data)
            let sides = try await store.originalLongSides()
            let large = try #require(try await store.storedOriginals().first { sides[$0.sha256] == 2400 })
            let mezzanine = files.mezzaninePath(sha256: large.sha256)
            #expect(try await Self.check(store, data).isClean)
            try FileManager.default.removeItem(atPath: mezzanine)

            // act
            let found = try await Self.check(store, data)
            let repaired = try await Self.check(store, data, repair: true)
            let after = try await Self.check(store, data)

            // assert: only the large photo's is missing; made again, 1200 px on its long side (2400 / 2)
            #expect(found.missingMezzanines == [large] && !found.isClean)
            #expect(repaired.remade == 1)
            #expect(after.isClean)
            let made = try Imaging().probe(file: mezzanine)
            #expect(made.width == 1200 && made.height == 600)
        }
    }

    @Test
    func files_an_import_may_still_be_writing_are_left_alone() async throws {
        try await TestDatabase.withStore(.sqlite) { store, _ in
            // setup: an original written a moment ago, whose photo is not recorded yet
            let data = try Fixtures.temporaryDirectory(prefix: "imagefeed-maintenance-data")
            defer { try? FileManager.default.removeItem(atPath: data) }
            let path = LibraryFiles(root: data).originalPath(sha256: String(repeating: "a", count: 64), format: "jpg")
            try Fixtures.write([1], to: path)

            // act
            let report = try await LibraryCheck(store: store, files: LibraryFiles(root: data)).run(repair: true)

            // assert
            #expect(report.recent == ["originals/aa/aa/\(String(repeating: "a", count: 64)).jpg"])
            #expect(report.orphanedFiles.isEmpty && report.removed == 0)
            #expect(FileManager.default.fileExists(atPath: path))
        }
    }

    @Test(arguments: Backend.available)
    func a_backup_taken_under_writes_restores_to_a_library_that_checks_clean(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, url in
            // setup
            let data = try Fixtures.temporaryDirectory(prefix: "imagefeed-maintenance-data")
            // the backup makes its own folder, `set`, inside one of the test's
            let backupParent = try Fixtures.temporaryDirectory(prefix: "imagefeed-backup")
            let backup = backupParent + "/set"
            let restored = try Fixtures.temporaryDirectory(prefix: "imagefeed-restored")
            let (restoredURL, removeRestored) = try await TestDatabase.makeURL(backend)
            defer {
                for folder in [data, backupParent, restored] { try? FileManager.default.removeItem(atPath: folder) }
            }
            do {
                try await Self.importPhotos(5, seed: 40, store: store, data: data)

                // act: more photos arrive while the backup runs
                async let writes = Self.importPhotos(6, seed: 60, store: store, data: data)
                let manifest = try await LibraryBackup.backup(
                    store: store, databaseURL: url, files: LibraryFiles(root: data), to: backup)
                _ = try await writes
                let restoredManifest = try await LibraryBackup.restore(
                    from: backup, dataDirectory: restored, databaseURL: restoredURL)

                // assert
                #expect(restoredManifest == manifest)
                #expect(manifest.database == backend.rawValue)
                #expect((5...11).contains(manifest.photos))
                #expect(manifest.originals == manifest.photos)
                try await TestDatabase.withStore(url: restoredURL, logger: testLogger) { copy in
                    #expect(try await copy.photoCount() == manifest.photos)
                    let report = try await Self.check(copy, restored)
                    #expect(report.isClean, "\(report)")
                    #expect(report.originals == manifest.originals)
                }
            } catch {
                // the restored database goes too when the test fails
                try? await removeRestored()
                throw error
            }
            try await removeRestored()
        }
    }

    @Test
    func restore_refuses_a_library_that_is_already_there() async throws {
        try await TestDatabase.withStore(.sqlite) { store, url in
            // setup
            let data = try Fixtures.temporaryDirectory(prefix: "imagefeed-maintenance-data")
            let backupParent = try Fixtures.temporaryDirectory(prefix: "imagefeed-backup")
            let backup = backupParent + "/set"
            defer { for folder in [data, backupParent] { try? FileManager.default.removeItem(atPath: folder) } }
            try await Self.importPhotos(1, seed: 90, store: store, data: data)
            _ = try await LibraryBackup.backup(
                store: store, databaseURL: url, files: LibraryFiles(root: data), to: backup)

            // act, assert: onto the library it came from, and into a backup folder that is not empty
            await #expect(throws: MaintenanceError.self) {
                try await LibraryBackup.restore(from: backup, dataDirectory: data, databaseURL: url)
            }
            await #expect(throws: MaintenanceError.self) {
                try await LibraryBackup.backup(
                    store: store, databaseURL: url, files: LibraryFiles(root: data), to: backup)
            }
            await #expect(throws: MaintenanceError.self) {
                try await LibraryBackup.restore(from: data, dataDirectory: data + "-new", databaseURL: nil)
            }
        }
    }
}
