import Foundation
import LibraryTestSupport
import Locking
import Storage
import Testing

@testable import FeedLibrary

/// The node's cache of bucket reads: the rendition folder of its data directory, where a node keeps the renditions it
/// made or fetched and the copies of the originals and mezzanines it rendered them from, each in the folder of its
/// photo, within the one `--cache-size` budget.
@Suite("The node's cache of bucket reads", .enabled(if: TestBucket.enabled))
struct NodeCacheTests {
    /// A data directory caching `bucket`, and an original of `seed` put in the bucket: its sha256 and size.
    func withCache(
        _ bucket: TestBucket, seeds: [Int], _ body: (LibraryFiles, [(sha256: String, size: Int)]) async throws -> Void
    ) async throws {
        let root = try Fixtures.temporaryDirectory(prefix: "node-cache")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = LibraryFiles(root: root, bucket: bucket.store)
        try files.prepare()
        var originals: [(String, Int)] = []
        for seed in seeds {
            let bytes = try smallJPEG(seed: seed, width: 200 + seed, height: 150)
            try await bucket.store.put(bytes, at: LibraryFiles.originalKey(sha256: sha256Hex(bytes), format: "jpeg"))
            originals.append((sha256Hex(bytes), bytes.count))
        }
        try await body(files, originals)
    }

    @Test func a_source_read_from_the_bucket_is_kept_in_its_photos_folder_and_read_from_there_after() async throws {
        try await withCache(try await TestBucket.make(), seeds: [1]) { files, originals in
            // setup
            let fetched = Locked<[Int]>([])
            let photoID = "abcdefghijk"

            // act
            var paths: [String] = []
            for _ in 0..<2 {
                paths.append(
                    try await files.renderSource(
                        sha256: originals[0].sha256, format: "jpeg", cacheID: photoID, mezzanine: true,
                        fetched: { bytes in fetched.withLock { $0.append(bytes) } }))
            }

            // assert: fetched once, counted against the budget, then read in place
            #expect(
                paths == Array(repeating: files.renditionPath(photoID: photoID, key: "source-original.jpeg"), count: 2))
            #expect(fetched.withLock { $0 } == [originals[0].size])
            #expect(try sha256Hex(Data(contentsOf: URL(fileURLWithPath: paths[0]))) == originals[0].sha256)
        }
    }

    @Test func the_budget_evicts_fetched_sources_with_the_renditions_least_recently_used_first() async throws {
        try await withCache(try await TestBucket.make(), seeds: [2, 3]) { files, originals in
            // setup: both sources fetched, the first used two hours ago; a budget with room for one
            let photos = ["aaaaaaaaaaa", "bbbbbbbbbbb"]
            var paths: [String] = []
            for (photo, original) in zip(photos, originals) {
                paths.append(
                    try await files.renderSource(
                        sha256: original.sha256, format: "jpeg", cacheID: photo, mezzanine: false))
            }
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: paths[0])
            // A sweep brings the folder down to the low-water mark of the budget, so the budget's mark holds one.
            let limit = RenditionCacheLimit(
                folder: files.renditions.path,
                budget: Int(Double(originals[1].size) / RenditionCacheLimit.lowWater) + 10)

            // act
            let sweep = limit.sweep()
            let fetched = Locked<[Int]>([])
            let again = try await files.renderSource(
                sha256: originals[0].sha256, format: "jpeg", cacheID: photos[0], mezzanine: false,
                fetched: { bytes in fetched.withLock { $0.append(bytes) } })

            // assert: the older copy went, the newer stayed; the next render fetches the older again
            #expect(sweep.removedFiles == 1 && sweep.removedBytes == originals[0].size)
            #expect(FileManager.default.fileExists(atPath: paths[1]))
            #expect(again == paths[0])
            #expect(fetched.withLock { $0 } == [originals[0].size])
        }
    }
}
