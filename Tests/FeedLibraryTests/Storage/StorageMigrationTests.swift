import FeedModels
import FeedLibrary
import FeedServer
import FeedStore
import Foundation
import Imaging
import Storage
import TestSupport
import Testing

/// `imagefeed storage migrate --to s3://…`: a library served from its data directory, moved to a bucket.
@Suite("Storage: migrating a library to a bucket", .enabled(if: TestBucket.enabled))
struct StorageMigrationTests {
    @Test func a_migrated_library_is_served_from_the_bucket_alone() async throws {
        let bucket = try await TestBucket.make()
        let source = try Fixtures.temporaryDirectory(prefix: "migrate-source")
        let local = try Fixtures.temporaryDirectory(prefix: "migrate-local")
        defer {
            try? FileManager.default.removeItem(atPath: source)
            try? FileManager.default.removeItem(atPath: local)
        }
        try Data(try smallJPEG(seed: 81, width: 2400, height: 1600)).write(to: URL(fileURLWithPath: source + "/large.jpg"))
        try Data(try smallJPEG(seed: 82)).write(to: URL(fileURLWithPath: source + "/small.jpg"))
        try await withTestServer(.sqlite, configure: { $0.storage = bucket.setting }) { server in
            // setup: the library as it was, its files in a data directory, and a node that reads the bucket
            let localFiles = LibraryFiles(root: local)
            _ = try await LibraryImporter(store: server.store, files: localFiles, imaging: Imaging(), logger: testLogger)
                .run(paths: [source], options: ImportOptions(username: "mate"))
            let photos = try await server.client.get("/photos").decode([Photo].self)
            let before = try await server.client.get("/img/\(try #require(photos.first).id)")

            // act
            let report = try await StorageMigration(store: server.store, files: localFiles, to: bucket.store).run()

            // assert: originals and the mezzanine copied, and the node now serves both photos from them
            #expect(before.status != .ok)
            #expect((report.files, report.copied, report.alreadyThere) == (3, 3, 0))
            #expect(report.bytes > 0 && report.isComplete)
            #expect(try await bucket.keys(under: "originals/").count == 2)
            #expect(try await bucket.keys(under: "mezzanines/").count == 1)
            #expect(try await bucket.keys(under: "renditions/").isEmpty)
            #expect(Set(photos.map(\.width)) == [2400, 96])
            for photo in photos {
                let original = try await server.client.get("/img/\(photo.id)")
                #expect(original.status == .ok)
                #expect(try Imaging().probe(data: original.bytes).width == photo.width)
                let resized = try await server.client.get("/img/\(photo.id)?w=50&fm=jpg")
                #expect(try Imaging().probe(data: resized.bytes).width == 50)
            }
        }
    }

    @Test func an_interrupted_migration_resumes_and_a_finished_one_copies_nothing() async throws {
        let bucket = try await TestBucket.make()
        try await withTestServer(.sqlite) { server in
            // setup
            let alice = try await server.user("alice")
            for seed in 0..<4 { _ = try await server.uploadPhoto(try smallJPEG(seed: 90 + seed), as: alice) }
            let failing = FailingAfter(puts: 2, inner: bucket.store)
            func migration(to store: any BlobStore) -> StorageMigration {
                StorageMigration(store: server.store, files: server.files, to: store, concurrency: 1)
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
        try await withTestServer(.sqlite) { server in
            // setup: one original damaged on disk, one missing
            let alice = try await server.user("alice")
            let damaged = try await server.uploadPhoto(try smallJPEG(seed: 101), as: alice)
            let gone = try await server.uploadPhoto(try smallJPEG(seed: 102), as: alice)
            _ = try await server.uploadPhoto(try smallJPEG(seed: 103), as: alice)
            func originalPath(_ photo: Photo) async throws -> String {
                let record = try #require(try await server.store.photo(idOrSlug: photo.id))
                return server.files.originalPath(sha256: record.sha256, format: record.format)
            }
            let damagedPath = try await originalPath(damaged)
            var bytes = try #require(FileManager.default.contents(atPath: damagedPath))
            bytes[bytes.count / 2] ^= 0xFF
            try bytes.write(to: URL(fileURLWithPath: damagedPath))
            try FileManager.default.removeItem(atPath: try await originalPath(gone))

            // act
            let report = try await StorageMigration(store: server.store, files: server.files, to: bucket.store).run()

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
