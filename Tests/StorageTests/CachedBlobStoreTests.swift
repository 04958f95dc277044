import Foundation
import Testing

@testable import Storage

/// The read cache's own behaviour; the shared store tests also run on it (backend `cached`).
@Suite struct CachedBlobStoreTests {
    @Test func least_recently_used_is_evicted() async throws {
        // setup
        let folder = NSTemporaryDirectory() + "cache-\(TestStore.randomName())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let backing = LocalBlobStore(root: folder + "/backing")
        let store = CachedBlobStore(backing: backing, root: folder + "/cache", limit: 10)
        for key in ["a", "b", "c"] { try await backing.put(Array(repeating: 1, count: 4), at: key) }
        _ = try await store.bytes(at: "a")
        _ = try await store.bytes(at: "b")
        _ = try await store.bytes(at: "a")
        // act
        _ = try await store.bytes(at: "c")
        // assert
        #expect(try await store.cache.size(of: "a") == 4)
        #expect(try await store.cache.size(of: "b") == nil)
        #expect(try await store.cache.size(of: "c") == 4)
        #expect(try await store.bytes(at: "b") == Array(repeating: 1, count: 4))
    }

    @Test func writes_drop_the_cached_copy() async throws {
        // setup
        let folder = NSTemporaryDirectory() + "cache-\(TestStore.randomName())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let backing = LocalBlobStore(root: folder + "/backing")
        let store = CachedBlobStore(backing: backing, root: folder + "/cache", limit: 100)
        try await store.put([1], at: "k")
        _ = try await store.bytes(at: "k")
        // act
        try await store.put([2], at: "k")
        // assert
        #expect(try await store.cache.size(of: "k") == nil)
        #expect(try await store.bytes(at: "k") == [2])
    }
}
