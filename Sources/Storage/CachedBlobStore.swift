import Foundation

/// A local, size-bounded cache in front of another store (usually S3) for reads: a blob read once is served from
/// the local disk afterwards, and the least recently used blobs are evicted when the cache outgrows its limit.
///
/// Writes and deletes go to the backing store and drop this node's cached copy. Other nodes' copies are not
/// told, so the cache suits keys whose bytes never change once written (content-addressed originals); a key that
/// is rewritten in place may be served stale by another node until it is evicted there.
public struct CachedBlobStore: BlobStore {
    /// Where the blobs really live.
    public let backing: any BlobStore
    /// The local copies.
    public let cache: LocalBlobStore
    /// The most bytes the local copies may take.
    public let limit: Int
    private let index: CacheIndex

    /// A cache of at most `limit` bytes in the folder `root` (emptied first: the index of what it holds is kept in
    /// memory) in front of `backing`.
    public init(backing: any BlobStore, root: String, limit: Int) {
        self.backing = backing
        self.cache = LocalBlobStore(root: root)
        self.limit = limit
        self.index = CacheIndex()
        try? FileManager.default.removeItem(atPath: cache.root)
    }

    /// `<backing>, cached in <folder>`.
    public var description: String { "\(backing), cached in \(cache.root) (\(limit) bytes)" }

    public func put(_ bytes: [UInt8], at key: String) async throws {
        try await backing.put(bytes, at: key)
        try await forget(key)
    }

    public func put(file path: String, at key: String) async throws {
        try await backing.put(file: path, at: key)
        try await forget(key)
    }

    public func bytes(at key: String) async throws -> [UInt8]? {
        if await index.use(key), let bytes = try await cache.bytes(at: key) { return bytes }
        guard let bytes = try await backing.bytes(at: key) else { return nil }
        try await cache.put(bytes, at: key)
        try await remember(key, size: bytes.count)
        return bytes
    }

    public func download(_ key: String, to path: String) async throws -> Bool {
        if await index.use(key), try await cache.download(key, to: path) { return true }
        guard try await backing.download(key, to: path) else { return false }
        try await cache.put(file: path, at: key)
        if let size = try await cache.size(of: key) { try await remember(key, size: size) }
        return true
    }

    public func size(of key: String) async throws -> Int? {
        if let size = await index.size(of: key) { return size }
        return try await backing.size(of: key)
    }

    public func delete(_ key: String) async throws {
        try await backing.delete(key)
        try await forget(key)
    }

    public func keys(under prefix: String) -> AsyncThrowingStream<String, any Error> {
        backing.keys(under: prefix)
    }

    /// The cached file when the key is cached (it may go at the next eviction: read it at once), else the backing
    /// store's answer.
    public func localFile(of key: String, copy: String) async throws -> (path: String, fetched: Int)? {
        if await index.use(key), let cached = try await cache.localFile(of: key, copy: copy) { return cached }
        return try await backing.localFile(of: key, copy: copy)
    }

    /// Shared through the backing store; this node's copy is dropped, as for any write.
    public func share(_ bytes: [UInt8], at key: String) async throws {
        try await backing.share(bytes, at: key)
        try await forget(key)
    }

    /// What the backing store has shared.
    public func shared(at key: String) async throws -> [UInt8]? {
        try await backing.shared(at: key)
    }

    private func remember(_ key: String, size: Int) async throws {
        for evicted in await index.add(key, size: size, limit: limit) { try await cache.delete(evicted) }
    }

    private func forget(_ key: String) async throws {
        await index.remove(key)
        try await cache.delete(key)
    }
}

/// The cached keys with their sizes and when each was last used, by a counter rather than the clock: only the order
/// matters.
private actor CacheIndex {
    private var entries: [String: (size: Int, used: UInt64)] = [:]
    private var total = 0
    private var tick: UInt64 = 0

    /// Marks `key` used; false when it is not cached.
    func use(_ key: String) -> Bool {
        guard entries[key] != nil else { return false }
        tick += 1
        entries[key]?.used = tick
        return true
    }

    func size(of key: String) -> Int? { entries[key]?.size }

    /// Records `key` and returns the keys to delete, least recently used first, to get back under `limit`.
    func add(_ key: String, size: Int, limit: Int) -> [String] {
        remove(key)
        tick += 1
        entries[key] = (size, tick)
        total += size
        var evicted: [String] = []
        if total > limit {
            for (candidate, entry) in entries.sorted(by: { $0.value.used < $1.value.used }) where total > limit {
                entries[candidate] = nil
                total -= entry.size
                evicted.append(candidate)
            }
        }
        return evicted
    }

    func remove(_ key: String) {
        if let entry = entries.removeValue(forKey: key) { total -= entry.size }
    }
}
