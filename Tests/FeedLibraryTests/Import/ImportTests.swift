import FeedStore
import Foundation
import Imaging
import LibraryTestSupport
import Testing

@testable import FeedLibrary

@Suite("Import")
struct ImportTests {
    /// A fresh store, data directory and source folder for one import test.
    struct Harness {
        let store: LibraryStore
        let files: LibraryFiles
        let source: String

        var importer: LibraryImporter {
            LibraryImporter(store: store, files: files, imaging: Imaging(), logger: testLogger)
        }

        func write(_ bytes: [UInt8], _ relativePath: String) throws -> String {
            let path = source + "/" + relativePath
            try Fixtures.write(bytes, to: path)
            return path
        }

        func run(_ paths: [String]? = nil, options: ImportOptions = ImportOptions(username: "alice")) async throws
            -> ImportSummary
        {
            try await importer.run(paths: paths ?? [source], options: options)
        }
    }

    func withHarness(_ backend: Backend, _ body: @Sendable (Harness) async throws -> Void) async throws {
        try Imaging.start()
        let source = try Fixtures.temporaryDirectory(prefix: "imagefeed-import-source")
        let data = try Fixtures.temporaryDirectory(prefix: "imagefeed-import-data")
        defer {
            try? FileManager.default.removeItem(atPath: source)
            try? FileManager.default.removeItem(atPath: data)
        }
        try await TestDatabase.withStore(backend) { store, _ in
            try await body(Harness(store: store, files: LibraryFiles(root: data), source: source))
        }
    }

    static func fileName(_ path: String) -> String { (path as NSString).lastPathComponent }

    @Test(arguments: Backend.available)
    func mixed_folder_imports_images_and_reports_the_rest(backend: Backend) async throws {
        try await withHarness(backend) { harness in
            // setup
            _ = try harness.write(try Fixtures.jpeg(width: 160, height: 120, seed: 1), "good/One.jpg")
            _ = try harness.write(try Fixtures.jpeg(width: 160, height: 120, seed: 2), "good/Two.jpg")
            _ = try harness.write(try Fixtures.png(width: 160, height: 120, seed: 3), "Picture.png")
            _ = try harness.write(Fixtures.nonImages["text"]!, "fake.jpg")
            _ = try harness.write(Fixtures.nonImages["pdf"]!, "doc.pdf")
            _ = try harness.write(Fixtures.truncated(try Fixtures.jpeg(width: 640, height: 480, seed: 4)), "Broken.jpg")
            _ = try harness.write(try Fixtures.decompressionBomb(), "Bomb.jpg")

            // act
            let summary = try await harness.run()

            // assert
            #expect(summary.imported == 3)
            #expect(summary.duplicates == 0)
            let skipped = Dictionary(uniqueKeysWithValues: summary.skipped.map { (Self.fileName($0.path), $0.reason) })
            #expect(skipped == ["fake.jpg": "not an image", "doc.pdf": "not an image"])
            let failed = Dictionary(uniqueKeysWithValues: summary.failed.map { (Self.fileName($0.path), $0.reason) })
            #expect(Set(failed.keys) == ["Broken.jpg", "Bomb.jpg"])
            #expect(failed["Broken.jpg"]?.contains("damaged or truncated") == true, "\(failed)")
            #expect(failed["Bomb.jpg"]?.contains("30000×30000") == true, "\(failed)")
            #expect(failed["Bomb.jpg"]?.contains("limit") == true, "\(failed)")
            #expect(try await harness.store.photoCount() == 3)
        }
    }

    @Test(arguments: Backend.available)
    func reimport_is_a_no_op(backend: Backend) async throws {
        try await withHarness(backend) { harness in
            // setup
            for seed in 1...3 {
                _ = try harness.write(try Fixtures.jpeg(width: 160, height: 120, seed: seed), "folder/P\(seed).jpg")
            }
            _ = try harness.write(Fixtures.nonImages["text"]!, "notes.jpg")
            let first = try await harness.run(options: ImportOptions(username: "alice", collectionPerFolder: true))

            // act
            let second = try await harness.run(options: ImportOptions(username: "alice", collectionPerFolder: true))

            // assert
            #expect(first.imported == 3)
            #expect(second.imported == 0)
            #expect(second.duplicates == 3)
            #expect(second.failed.isEmpty)
            #expect(second.skipped.count == 1)
            #expect(try await harness.store.photoCount() == 3)
            let user = try #require(try await harness.store.user(username: "alice"))
            #expect(user.totalPhotos == 3)
            #expect(user.totalCollections == 1)
            let albums = try await harness.store.collections(
                ofUsername: user.username, page: PageRequest(number: 1, size: 30))
            #expect(albums.items.map(\.totalPhotos) == [3])
        }
    }

    @Test(arguments: Backend.available)
    func same_bytes_under_two_names_import_once(backend: Backend) async throws {
        try await withHarness(backend) { harness in
            // setup
            let bytes = try Fixtures.jpeg(width: 160, height: 120, seed: 9)
            _ = try harness.write(bytes, "a/Copy1.jpg")
            _ = try harness.write(bytes, "b/Copy2.jpg")

            // act
            let summary = try await harness.run(options: ImportOptions(username: "alice", concurrency: 1))

            // assert
            #expect(summary.imported == 1)
            #expect(summary.duplicates == 1)
            #expect(try await harness.store.photoCount() == 1)
        }
    }

    @Test(arguments: Backend.available)
    func originals_are_stored_by_sha256_with_feed_renditions(backend: Backend) async throws {
        try await withHarness(backend) { harness in
            // setup
            let jpeg = try Fixtures.jpeg(width: 320, height: 240, seed: 5)
            let png = try Fixtures.png(width: 200, height: 150, seed: 6)
            _ = try harness.write(jpeg, "x/Photo.jpg")
            _ = try harness.write(png, "x/Graphic.png")

            // act
            let summary = try await harness.run()

            // assert
            #expect(summary.imported == 2)
            let photos = try await allPhotos(harness.store)
            #expect(Set(photos.map(\.sha256)) == [sha256Hex(jpeg), sha256Hex(png)])
            for photo in photos {
                let path = harness.files.originalPath(sha256: photo.sha256, format: photo.format)
                let digest = photo.sha256
                let expectedSuffix =
                    "/originals/\(digest.prefix(2))/\(digest.dropFirst(2).prefix(2))/\(digest).\(photo.format)"
                #expect(path.hasSuffix(expectedSuffix))
                #expect(path.hasPrefix(harness.files.root.path))
                #expect(
                    fileProblems(of: photo, in: harness.files).isEmpty, "\(fileProblems(of: photo, in: harness.files))")
            }
            #expect(Set(photos.map(\.format)) == ["jpeg", "png"])
            let scratch = try FileManager.default.contentsOfDirectory(atPath: harness.files.scratch.path)
            #expect(scratch.isEmpty)
        }
    }

    @Test(arguments: Backend.available)
    func folder_names_become_lower_cased_tags(backend: Backend) async throws {
        try await withHarness(backend) { harness in
            // setup
            _ = try harness.write(
                try Fixtures.jpeg(width: 160, height: 120, seed: 7, keywords: ["Lake"]), "Trips/Summer Alps/Lake.jpg")

            // act
            _ = try await harness.run(options: ImportOptions(username: "alice", tags: ["Family", "2024"]))

            // assert
            let photo = try #require(try await allPhotos(harness.store).first)
            #expect(Set(photo.tags) == ["trips", "summer alps", "lake", "family", "2024"])
        }
    }

    @Test(arguments: Backend.available)
    func collection_per_folder_makes_one_album_per_folder(backend: Backend) async throws {
        try await withHarness(backend) { harness in
            // setup
            for seed in 1...3 {
                _ = try harness.write(try Fixtures.jpeg(width: 120, height: 90, seed: seed), "beach/B\(seed).jpg")
            }
            for seed in 4...5 {
                _ = try harness.write(try Fixtures.jpeg(width: 120, height: 90, seed: seed), "city_walks/C\(seed).jpg")
            }

            // act
            _ = try await harness.run(options: ImportOptions(username: "carol", collectionPerFolder: true))

            // assert
            let user = try #require(try await harness.store.user(username: "carol"))
            let albums = try await harness.store.collections(
                ofUsername: user.username, page: PageRequest(number: 1, size: 30))
            let counts = Dictionary(uniqueKeysWithValues: albums.items.map { ($0.title, $0.totalPhotos) })
            #expect(counts == ["Beach": 3, "City walks": 2])
            #expect(user.totalCollections == 2)
        }
    }

    @Test(arguments: Backend.available)
    func without_collection_per_folder_no_albums_are_made(backend: Backend) async throws {
        try await withHarness(backend) { harness in
            // setup
            _ = try harness.write(try Fixtures.jpeg(width: 120, height: 90, seed: 1), "beach/B1.jpg")

            // act
            _ = try await harness.run(options: ImportOptions(username: "dave"))

            // assert
            let user = try #require(try await harness.store.user(username: "dave"))
            #expect(user.totalCollections == 0)
            #expect(try await harness.store.collections(page: PageRequest(number: 1, size: 30)).total == 0)
        }
    }

    @Test(arguments: Backend.available)
    func a_single_file_path_imports(backend: Backend) async throws {
        try await withHarness(backend) { harness in
            // setup
            let path = try harness.write(try Fixtures.jpeg(width: 120, height: 90, seed: 3, exif: .canon), "Single.jpg")
            _ = try harness.write(try Fixtures.jpeg(width: 120, height: 90, seed: 4), "Other.jpg")

            // act
            let summary = try await harness.run([path])

            // assert
            #expect(summary.imported == 1)
            let photo = try #require(try await allPhotos(harness.store).first)
            #expect(photo.width == 120)
            #expect(photo.camera.make == "Canon")
            #expect(photo.camera.iso == 400)
            #expect(try await harness.store.photoCount() == 1)
        }
    }

    @Test(arguments: Backend.available)
    func missing_path_throws_import_error(backend: Backend) async throws {
        try await withHarness(backend) { harness in
            // setup
            let missing = harness.source + "/does-not-exist"

            // act / assert
            let error = await #expect(throws: ImportError.self) { try await harness.run([missing]) }
            #expect(error?.description.contains("does-not-exist") == true)
            let count = try await harness.store.photoCount()
            #expect(count == 0)
        }
    }

    @Test(arguments: Backend.available)
    func hidden_files_are_not_imported(backend: Backend) async throws {
        try await withHarness(backend) { harness in
            // setup
            _ = try harness.write(try Fixtures.jpeg(width: 120, height: 90, seed: 1), ".hidden/Secret.jpg")
            _ = try harness.write(try Fixtures.jpeg(width: 120, height: 90, seed: 2), ".Thumb.jpg")
            _ = try harness.write(try Fixtures.jpeg(width: 120, height: 90, seed: 3), "Visible.jpg")

            // act
            let summary = try await harness.run()

            // assert
            #expect(summary.imported == 1)
            #expect(summary.skipped.isEmpty)
        }
    }

    @Test(arguments: Backend.available)
    func progress_reports_every_file(backend: Backend) async throws {
        try await withHarness(backend) { harness in
            // setup
            for seed in 1...3 {
                _ = try harness.write(try Fixtures.jpeg(width: 120, height: 90, seed: seed), "P\(seed).jpg")
            }
            _ = try harness.write(Fixtures.nonImages["svg"]!, "drawing.jpg")
            let events = EventLog()

            // act
            _ = try await harness.importer.run(paths: [harness.source], options: ImportOptions(username: "alice")) {
                events.append($0)
            }

            // assert
            let recorded = events.all
            guard case .started(let total) = recorded.first else {
                Issue.record("first event is not .started: \(recorded)")
                return
            }
            #expect(total == 4)
            #expect(recorded.count == 5)
        }
    }
}

/// Collects import events from the importer's progress callback.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [ImportEvent] = []

    func append(_ event: ImportEvent) { lock.withLock { events.append(event) } }

    var all: [ImportEvent] { lock.withLock { events } }
}
