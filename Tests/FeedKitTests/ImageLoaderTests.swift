import FeedKit
import Foundation
import Imaging
import TestSupport
import Testing

@Suite("Images from the live server", .fixtureLibrary)
struct ImageLoaderTests {
    /// The first fixture photo as the server lists it.
    static func photo(_ live: LiveServer) async throws -> Photo {
        try #require(try await live.client().photos().first().items.first)
    }

    static func pixelSize(_ data: Data) throws -> (width: Int, height: Int) {
        let probe = try Imaging().probe(data: [UInt8](data))
        return (probe.width, probe.height)
    }

    @Test func aRenditionURLIsServedAtItsSizeAndKeepsOtherParameters() async throws {
        try await withLiveServer(library: .fixtures) { live in
            let photo = try await Self.photo(live)
            let url = try #require(
                photo.url(ImageRendition(width: 60, height: 60, fit: .crop, crop: [.center], quality: 70, dpr: 2)))
            let items = URLComponents(url: url, resolvingAgainstBaseURL: false)!.queryItems!
            #expect(items.contains(URLQueryItem(name: "w", value: "60")))
            #expect(items.contains(URLQueryItem(name: "dpr", value: "2")))
            let loader = ImageLoader(transport: TestTransport(log: live.traffic))
            let size = try Self.pixelSize(try await loader.data(for: url))
            #expect(size.width == 120 && size.height == 120)

            // Unsplash's tracking parameters stay; the ones set here replace theirs.
            let unsplash = URL(string: "https://images.unsplash.com/photo-1?ixid=abc&ixlib=rb-4.0.3&w=1080&fm=jpg")!
            let cut = ImageRendition(width: 400, format: .webp).url(unsplash)
            #expect(cut.absoluteString == "https://images.unsplash.com/photo-1?ixid=abc&ixlib=rb-4.0.3&w=400&fm=webp")
        }
    }

    @Test func concurrentLoadsOfOneURLShareOneRequestAndLaterOnesHitMemory() async throws {
        try await withLiveServer(library: .fixtures) { live in
            let url = try #require((try await Self.photo(live)).url(ImageRendition(width: 200)))
            let loader = ImageLoader(transport: TestTransport(log: live.traffic))
            // Hold the request so that every load starts while it is in flight.
            await live.traffic.hold { $0.url?.path.hasPrefix("/img/") == true }
            let loads = (0..<8).map { _ in Task { try await loader.data(for: url) } }
            await live.traffic.waitUntilHolding(1)
            await live.traffic.release()
            var results: [Data] = []
            for load in loads { results.append(try await load.value) }
            #expect(Set(results).count == 1)
            #expect(await live.traffic.count(path: url.path) == 1)

            _ = try await loader.data(for: url)
            let statistics = await loader.statistics
            #expect(statistics.networkLoads == 1)
            #expect(statistics.memoryHits == 1)
            #expect(await live.traffic.count(path: url.path) == 1)
        }
    }

    @Test func theDiskCacheServesAnotherLoaderWithoutTheNetwork() async throws {
        try await withLiveServer(library: .fixtures) { live in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("feedkit-images-\(UUID())")
            defer { try? FileManager.default.removeItem(at: directory) }
            let url = try #require((try await Self.photo(live)).url(ImageRendition(width: 100)))
            let first = ImageLoader(
                transport: TestTransport(log: live.traffic), diskCache: ImageDiskCache(directory: directory))
            let data = try await first.data(for: url)

            let second = ImageLoader(
                transport: TestTransport(log: live.traffic), diskCache: ImageDiskCache(directory: directory))
            #expect(try await second.data(for: url) == data)
            #expect(await second.statistics.diskHits == 1)
            #expect(await second.statistics.networkLoads == 0)
            #expect(await live.traffic.count(path: url.path) == 1)
        }
    }

    @Test func theMemoryCacheStaysWithinItsBudget() async throws {
        try await withLiveServer(library: .fixtures) { live in
            let photos = try await live.client().photos().first().items
            let urls = photos.compactMap { $0.url(ImageRendition(width: 160)) }
            let loader = ImageLoader(transport: TestTransport(log: live.traffic), memoryLimit: 20_000)
            var sizes: [Int] = []
            for url in urls { sizes.append(try await loader.data(for: url).count) }
            #expect(sizes.reduce(0, +) > 20_000, "the images should overflow the budget")
            #expect(await loader.memoryByteCount <= 20_000)
            // The most recent image is still in memory; the first is gone.
            #expect(await loader.isCached(urls.last!))
            #expect(await !loader.isCached(urls.first!))
        }
    }

    @Test func aCancelledLoadStopsItsCallerAndItsRequestButNotOthers() async throws {
        try await withLiveServer(library: .fixtures) { live in
            let photos = try await live.client().photos().first().items
            let shared = try #require(photos[0].url(ImageRendition(width: 90)))
            let alone = try #require(photos[1].url(ImageRendition(width: 90)))
            let loader = ImageLoader(transport: TestTransport(log: live.traffic))
            await live.traffic.hold { $0.url?.path.hasPrefix("/img/") == true }

            let keeper = Task { try await loader.data(for: shared) }
            let leaver = Task { try await loader.data(for: shared) }
            let lonely = Task { try await loader.data(for: alone) }
            await live.traffic.waitUntilHolding(2)
            leaver.cancel()
            lonely.cancel()
            await #expect(throws: CancellationError.self) { try await leaver.value }
            await #expect(throws: CancellationError.self) { try await lonely.value }
            #expect(await loader.statistics.cancelledLoads == 1)

            await live.traffic.release()
            #expect(try await keeper.value.isEmpty == false)
            #expect(await loader.isCached(shared))
            #expect(await !loader.isCached(alone))
        }
    }

    @Test func aMissingImageOrAPageThatIsNotAnImageFails() async throws {
        try await withLiveServer(library: .fixtures) { live in
            let loader = ImageLoader(transport: TestTransport(log: live.traffic))
            await #expect(throws: FeedError.self) {
                try await loader.data(for: live.baseURL.appendingPathComponent("img/no-such-photo"))
            }
            do {
                _ = try await loader.data(for: live.baseURL.appendingPathComponent("photos"))
                Issue.record("a JSON list was taken for an image")
            } catch FeedError.invalidResponse(let message) {
                #expect(message.contains("not an image"))
            }
        }
    }
}
