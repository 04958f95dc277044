import Foundation
import NIOCore
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

@Suite("Rendition memory")
struct RenditionMemoryTests {
    @Test func serves_from_memory_until_a_look_finds_the_file_gone() throws {
        // setup
        let folder = try Fixtures.temporaryDirectory(prefix: "imagefeed-rendition-memory")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/r.jpg"
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
        let clock = ManualClock()
        let memory = RenditionMemory(
            limit: RenditionCacheLimit(folder: folder, budget: nil), revalidateAfter: .seconds(1), clock: clock)

        // act
        let first = memory.bytes(atPath: path)
        try Data([9, 9, 9, 9]).write(to: URL(fileURLWithPath: path))  // renditions never change; memory wins
        let second = memory.bytes(atPath: path)
        try FileManager.default.removeItem(atPath: path)
        let withinTheSecond = memory.bytes(atPath: path)
        clock.advance(by: .seconds(1))
        let afterALook = memory.bytes(atPath: path)

        // assert
        #expect(first.map { Array($0.readableBytesView) } == [1, 2, 3])
        #expect(second.map { Array($0.readableBytesView) } == [1, 2, 3])
        #expect(withinTheSecond.map { Array($0.readableBytesView) } == [1, 2, 3])
        #expect(afterALook == nil)
        #expect(!memory.exists(atPath: path))
    }

    @Test func answers_by_url_last_as_long_as_their_file() throws {
        // setup
        let folder = try Fixtures.temporaryDirectory(prefix: "imagefeed-rendition-answers")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/r.jpg"
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
        let clock = ManualClock()
        let answers = RenditionAnswers(
            limit: RenditionCacheLimit(folder: folder, budget: nil), revalidateAfter: .seconds(1), clock: clock)
        let body = ByteBuffer(bytes: [1, 2, 3])
        let made = ImmediateResponse.ok([.eTag: "\"e\"", .contentType: "image/jpeg"], body, method: .get)
        answers.remember("/img/x?w=1", path: path, made, body: body)

        // act
        let get = answers.answer("/img/x?w=1", method: .get, headers: [:])
        let head = answers.answer("/img/x?w=1", method: .head, headers: [:])
        let revalidated = answers.answer("/img/x?w=1", method: .get, headers: [.ifNoneMatch: "\"e\""])
        let other = answers.answer("/img/x?w=2", method: .get, headers: [:])
        try FileManager.default.removeItem(atPath: path)
        clock.advance(by: .seconds(1))
        let gone = answers.answer("/img/x?w=1", method: .get, headers: [:])

        // assert
        #expect(get?.status == .ok)
        #expect(get?.body.map { Array($0.readableBytesView) } == [1, 2, 3])
        #expect(head?.body == nil)
        #expect(head?.headers[.contentLength] == "3")
        #expect(revalidated?.status == .notModified)
        #expect(revalidated?.headers[.contentLength] == nil)
        #expect(other == nil)
        #expect(gone == nil)
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
