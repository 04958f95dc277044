@testable import FeedServer
import Foundation
import NIOCore
import TestSupport
import Testing

@Suite("Rendition memory")
struct RenditionMemoryTests {
    @Test func serves_from_memory_only_while_the_file_exists() throws {
        let folder = try Fixtures.temporaryDirectory(prefix: "imagefeed-rendition-memory")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/r.jpg"
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
        let memory = RenditionMemory()

        let first = memory.bytes(atPath: path)
        try Data([9, 9, 9, 9]).write(to: URL(fileURLWithPath: path))  // renditions never change; memory wins
        let second = memory.bytes(atPath: path)
        try FileManager.default.removeItem(atPath: path)
        let afterDelete = memory.bytes(atPath: path)

        #expect(first.map { Array($0.readableBytesView) } == [1, 2, 3])
        #expect(second.map { Array($0.readableBytesView) } == [1, 2, 3])
        #expect(afterDelete == nil)
    }

    @Test func the_budget_drops_the_oldest_first() {
        var cache = BoundedCache<String, Int>(budget: 80)
        for index in 0..<9 { cache.insert(index, size: 10, for: "k\(index)") }
        cache.insert(99, size: 11, for: "too-big")  // more than an eighth of the budget

        #expect(cache["k0"] == nil)
        #expect(cache["k8"] == 8)
        #expect(cache.bytes == 80)
        #expect(cache["too-big"] == nil)
    }
}
