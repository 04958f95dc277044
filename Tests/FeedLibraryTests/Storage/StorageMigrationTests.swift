import FeedLibrary
import FeedStore
import Foundation
import Imaging
import LibraryTestSupport
import Storage
import Testing

/// `imagefeed storage migrate --to s3://…`: a library served from its data directory, moved to a bucket.
@Suite("Storage: migrating a library to a bucket", .enabled(if: TestBucket.enabled))
struct StorageMigrationTests {
    /// Runs `body` with a SQLite library of its own, one photo of alice's for each seed imported into a data
    /// directory of its own: the store, its files, and each seed's bytes.
    func withLibrary(seeds: [Int], _ body: (LibraryStore, LibraryFiles, [[UInt8]]) async throws -> Void) async throws {
        let source = try Fixtures.temporaryDirectory(prefix: "migrate-source")
        let data = try Fixtures.temporaryDirectory(prefix: "migrate-data")
        defer {
            try? FileManager.default.removeItem(atPath: source)
            try? FileManager.default.removeItem(atPath: data)
        }
        let images = try seeds.map { try smallJPEG(seed: $0) }
        for (index, bytes) in images.enumerated() { try Fixtures.write(bytes, to: source + "/photo-\(index).jpg") }
        try await TestDatabase.withStore(.sqlite) { store, _ in
            let files = LibraryFiles(root: data)
            let summary = try await LibraryImporter(store: store, files: files, imaging: Imaging(), logger: testLogger)
                .run(paths: [source], options: ImportOptions(username: "alice"))
            try #require(summary.imported == seeds.count)
            try await body(store, files, images)
        }
    }

    @Test func an_interrupted_migration_resumes_and_a_finished_one_copies_nothing() async throws {
        let bucket = try await TestBucket.make()
        try await withLibrary(seeds: Array(90..<94)) { library, files, _ in
            // setup
            let failing = FailingAfter(puts: 2, inner: bucket.store)
            func migration(to store: any BlobStore) -> StorageMigration {
                StorageMigration(store: library, files: files, to: store, concurrency: 1)
            }

            // act: the first run loses the network after two files; then two more runs
            await #expect(throws: FailingAfter.NetworkGone.self) { _ = try await migration(to: failing).run() }
            let resumed = try await migration(to: bucket.store).run()
            let again = try await migration(to: bucket.store).run()

            // assert
            #expect(resumed.alreadyThere == 2)
            #expect(resumed.copied == 2)
            #expect(again.copied == 0)
            #expect(again.alreadyThere == 4)
            #expect(try await bucket.keys(under: "originals/").count == 4)
        }
    }

    @Test func firebase_storage_objects_move_to_the_bucket_with_the_originals() async throws {
        let bucket = try await TestBucket.make()
        try await TestDatabase.withStore(.sqlite) { store, _ in
            // setup: a Firebase object kept in the data directory
            let data = try Fixtures.temporaryDirectory(prefix: "migrate-firebase")
            defer { try? FileManager.default.removeItem(atPath: data) }
            let local = try FirebaseBackupTests.storage(store, data: data)
            try await FirebaseBackupTests.put("kept", name: "docs/readme.txt", in: local, data: data)

            // act
            let report = try await StorageMigration(store: store, files: LibraryFiles(root: data), to: bucket.store)
                .run()

            // assert: copied, and Storage over the bucket alone serves it
            #expect((report.files, report.copied) == (1, 1))
            let served = FirebaseStorageService(
                store: store, blobs: bucket.store, access: try RulesStorageAccess.load(file: nil),
                settings: FirebaseSettings(), scratch: data + "/tmp", logger: testLogger)
            let object = try await served.download(
                bucket: FirebaseSettings().bucket, name: "docs/readme.txt", caller: .admin, token: nil)
            #expect(String(decoding: object.bytes, as: UTF8.self) == "kept")
        }
    }

    @Test func an_original_that_no_longer_matches_its_checksum_is_reported_not_copied() async throws {
        let bucket = try await TestBucket.make()
        try await withLibrary(seeds: [101, 102, 103]) { library, files, images in
            // setup: one original damaged on disk, one missing
            let (damaged, gone) = (images[0], images[1])
            func originalPath(_ bytes: [UInt8]) async throws -> String {
                let record = try #require(try await allPhotos(library).first { $0.sha256 == sha256Hex(bytes) })
                return files.originalPath(sha256: record.sha256, format: record.format)
            }
            let damagedPath = try await originalPath(damaged)
            var bytes = try #require(FileManager.default.contents(atPath: damagedPath))
            bytes[bytes.count / 2] ^= 0xFF
            try bytes.write(to: URL(fileURLWithPath: damagedPath))
            try FileManager.default.removeItem(atPath: try await originalPath(gone))

            // act
            let report = try await StorageMigration(store: library, files: files, to: bucket.store).run()

            // assert: the sound one copied, the others named, and the run not complete
            #expect(report.copied == 1)
            #expect(report.corrupt.count == 1 && report.corrupt[0].hasSuffix(damagedPath.split(separator: "/").last!))
            #expect(report.missing.count == 1)
            #expect(!report.isComplete)
            #expect(try await bucket.keys(under: "originals/").count == 1)
        }
    }
}

/// The test bucket, until its connection "goes" after a number of uploads.
private final class FailingAfter: BlobStore, @unchecked Sendable {
    struct NetworkGone: Error {}
    let inner: any BlobStore
    private let lock = NSLock()
    private var putsLeft: Int

    init(puts: Int, inner: any BlobStore) {
        self.putsLeft = puts
        self.inner = inner
    }

    /// The same as the bucket's, so both runs share one journal, as two runs against one bucket do.
    var description: String { inner.description }

    private func spend() throws {
        try lock.withLock {
            guard putsLeft > 0 else { throw NetworkGone() }
            putsLeft -= 1
        }
    }

    func put(_ bytes: [UInt8], at key: String) async throws {
        try spend()
        try await inner.put(bytes, at: key)
    }

    func put(file path: String, at key: String) async throws {
        try spend()
        try await inner.put(file: path, at: key)
    }

    func bytes(at key: String) async throws -> [UInt8]? { try await inner.bytes(at: key) }
    func download(_ key: String, to path: String) async throws -> Bool { try await inner.download(key, to: path) }
    func size(of key: String) async throws -> Int? { try await inner.size(of: key) }
    func delete(_ key: String) async throws { try await inner.delete(key) }
    func keys(under prefix: String) -> AsyncThrowingStream<String, any Error> { inner.keys(under: prefix) }
    func localFile(of key: String, copy: String) async throws -> (path: String, fetched: Int)? {
        try await inner.localFile(of: key, copy: copy)
    }
    func share(_ bytes: [UInt8], at key: String) async throws {
        try spend()
        try await inner.share(bytes, at: key)
    }
    func shared(at key: String) async throws -> [UInt8]? { try await inner.shared(at: key) }
}
