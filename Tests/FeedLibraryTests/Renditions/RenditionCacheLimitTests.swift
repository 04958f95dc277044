import Foundation
import LibraryTestSupport
import Testing

@testable import FeedLibrary

@Suite("Rendition cache limit")
struct RenditionCacheLimitTests {
    @Test func a_sweep_over_budget_removes_the_least_recently_used_down_to_the_low_water_mark() throws {
        // setup: ten renditions of 1000 bytes in two photo folders, used 10 to 1 hours ago
        let folder = try Fixtures.temporaryDirectory(prefix: "imagefeed-cache-limit")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = (0..<10).map { "\(folder)/p\($0 % 2)/photo\($0 % 2)/w=\($0)" }
        for (index, path) in paths.enumerated() { try Fixtures.agedFile(path, age: Double(10 - index) * 3600) }
        let limit = RenditionCacheLimit(folder: folder, budget: 5000)

        // act
        let sweep = limit.sweep()
        let again = limit.sweep()

        // assert: down to 90% of the budget, oldest first; the next sweep finds it within budget
        #expect(sweep == .init(files: 10, bytes: 10_000, removedFiles: 6, removedBytes: 6000))
        #expect(paths.map(Fixtures.exists) == Array(repeating: false, count: 6) + Array(repeating: true, count: 4))
        #expect(again == .init(files: 4, bytes: 4000, removedFiles: 0, removedBytes: 0))
    }

    @Test func a_sweep_within_budget_removes_nothing() throws {
        // setup
        let folder = try Fixtures.temporaryDirectory(prefix: "imagefeed-cache-limit")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Fixtures.agedFile(folder + "/a/b/w=1", age: 99_999)
        try Fixtures.agedFile(folder + "/a/b/w=2", age: 1)

        // act
        let sweep = RenditionCacheLimit(folder: folder, budget: 2000).sweep()

        // assert
        #expect(sweep == .init(files: 2, bytes: 2000, removedFiles: 0, removedBytes: 0))
    }

    @Test func a_recent_mark_is_not_written_again_on_every_use() throws {
        // setup: used ten minutes ago, within the mark interval of an hour
        let folder = try Fixtures.temporaryDirectory(prefix: "imagefeed-cache-limit")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/a/a/w=1"
        try Fixtures.agedFile(path, age: 600)
        let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        let limit = RenditionCacheLimit(folder: folder, budget: nil)

        // act
        let bytes = LibraryFiles.readRendition(path, for: limit)
        let found = limit.markUsed(atPath: path)
        let missing = limit.markUsed(atPath: folder + "/a/a/w=2")

        // assert
        #expect(bytes?.count == 1000 && found && !missing)
        let after = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        #expect(after == before)
    }

    @Test func sizes_are_read_as_people_write_them() {
        #expect(ByteCount.parse("4096") == 4096)
        #expect(ByteCount.parse("500MB") == 500 << 20)
        #expect(ByteCount.parse("10G") == 10 << 30)
        #expect(ByteCount.parse("1.5 GiB") == 3 << 29)
        #expect(ByteCount.parse("2kb") == 2048)
        #expect(ByteCount.parse("ten") == nil)
        #expect(ByteCount.parse("5 parsecs") == nil)
        #expect(ByteCount.parse("") == nil)
        #expect(ByteCount.parse("99999999999T") == nil)
    }
}
