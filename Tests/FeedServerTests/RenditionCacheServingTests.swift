import Foundation
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

/// The rendition cache's budget as the server keeps it: what it serves from disk or memory is marked used, and its
/// sweeps keep the folder within `--cache-size`.
@Suite("Rendition cache limit, served")
struct RenditionCacheServingTests {
    @Test func serving_a_rendition_from_disk_or_memory_keeps_it_over_newer_idle_ones() throws {
        // setup: four renditions last used 4, 3, 2.5 and 2 hours ago; the budget holds two and a half
        let folder = try Fixtures.temporaryDirectory(prefix: "imagefeed-cache-limit")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let read = folder + "/a/a/read"
        let idle = folder + "/a/a/idle"
        let remembered = folder + "/a/a/remembered"
        let newer = folder + "/a/a/newer"
        try Fixtures.agedFile(read, age: 4 * 3600)
        try Fixtures.agedFile(remembered, age: 3 * 3600)
        try Fixtures.agedFile(idle, age: 2.5 * 3600)
        try Fixtures.agedFile(newer, age: 2 * 3600)
        let limit = RenditionCacheLimit(folder: folder, budget: 2500)
        let clock = ManualClock()
        let memory = RenditionMemory(limit: limit, revalidateAfter: .seconds(1), clock: clock)
        _ = memory.bytes(atPath: remembered)  // read from disk: marked now
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3 * 3600)], ofItemAtPath: remembered)

        // act: one is read from disk; the other is served from memory and looked at again a second later
        let fromDisk = memory.bytes(atPath: read)
        clock.advance(by: .seconds(1))
        let fromMemory = memory.bytes(atPath: remembered)
        let sweep = limit.sweep()

        // assert: the two served stay; the idle ones go, oldest first
        #expect(fromDisk?.readableBytes == 1000 && fromMemory?.readableBytes == 1000)
        #expect(sweep.removedFiles == 2)
        #expect(Fixtures.exists(read) && Fixtures.exists(remembered))
        #expect(!Fixtures.exists(idle) && !Fixtures.exists(newer))
    }

    @Test func the_server_keeps_its_rendition_cache_within_the_configured_size() async throws {
        let budget = 60_000
        try await withTestServer(transport: .live, configure: { $0.renditionLimits.cacheBytes = budget }) { server in
            // setup
            let alice = try await server.user("alice")
            let photo = try await server.uploadPhoto(try smallJPEG(seed: 83, width: 900, height: 600), as: alice)
            let folder = server.files.renditionPath(photoID: photo.id, key: "")
            func cached() -> [String: Int] {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                return names.reduce(into: [:]) { sizes, name in
                    sizes[name] = (try? FileManager.default.attributesOfItem(atPath: folder + name)[.size] as? Int) ?? 0
                }
            }

            // act: ask for new sizes until more than the budget has been written
            var written = cached().values.reduce(0, +)
            var width = 300
            while written <= budget * 2 {
                let response = try await server.client.get("/img/\(photo.id)?w=\(width)&q=90")
                #expect(response.status == .ok)
                written += response.body.readableBytes
                width += 20
            }
            var total = cached().values.reduce(0, +)
            for _ in 0..<100 where total > budget {
                try await Task.sleep(for: .milliseconds(100))
                total = cached().values.reduce(0, +)
            }
            let kept = cached().keys
            let oldest = try await server.client.get("/img/\(photo.id)?w=300&q=90")

            // assert: within budget, the newest kept and the oldest gone; asked for again, the oldest is made again
            #expect(total <= budget)
            #expect(kept.contains { $0.hasPrefix("\(width - 20)x") })
            #expect(!kept.contains { $0.hasPrefix("300x") })
            #expect(oldest.status == .ok)
            #expect(cached().keys.contains { $0.hasPrefix("300x") })
        }
    }
}
