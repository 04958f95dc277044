import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Loads image bytes with a bounded memory cache and an optional disk cache.
///
/// Concurrent loads of one URL share one request. A caller whose task is cancelled gets `CancellationError` at once;
/// the request itself is cancelled when no caller is left waiting for it. Share one loader across the app.
///
/// ```swift
/// let loader = ImageLoader(diskCache: ImageDiskCache(directory: cachesURL.appendingPathComponent("images")))
/// let data = try await loader.data(for: photo.url(ImageRendition(width: 400, dpr: 3))!)
/// ```
public actor ImageLoader {
    /// How the loads so far were answered.
    public struct Statistics: Sendable, Hashable {
        /// Answered from memory.
        public var memoryHits = 0
        /// Answered from the disk cache.
        public var diskHits = 0
        /// Requests sent (one per URL however many callers shared it).
        public var networkLoads = 0
        /// Loads cancelled because every caller had gone.
        public var cancelledLoads = 0
    }

    private let transport: any HTTPTransport
    private let diskCache: ImageDiskCache?
    private var memory: ImageMemoryCache
    private var loads: [URL: Load] = [:]
    private var nextID = 0
    /// What answered the loads so far.
    public private(set) var statistics = Statistics()

    /// One request in flight and the callers waiting for it.
    private struct Load {
        let id: Int
        let task: Task<Void, Never>
        var waiters: [Int: CheckedContinuation<Data, any Error>] = [:]
    }

    /// - Parameters:
    ///   - transport: how images are fetched; credentials are never sent (image URLs do not need them).
    ///   - memoryLimit: the most bytes kept in memory (64 MiB by default).
    ///   - diskCache: where to keep images across launches; `nil` keeps them in memory only.
    public init(
        transport: any HTTPTransport = URLSessionTransport(), memoryLimit: Int = 64 * 1024 * 1024,
        diskCache: ImageDiskCache? = nil
    ) {
        self.transport = transport
        self.memory = ImageMemoryCache(byteLimit: memoryLimit)
        self.diskCache = diskCache
    }

    /// The bytes of the image at `url`, from memory, disk or the network.
    /// - Throws: ``FeedError`` when the request fails or the answer is not an image, `CancellationError` when the
    ///   calling task is cancelled.
    public func data(for url: URL) async throws -> Data {
        if let data = memory.data(for: url) {
            statistics.memoryHits += 1
            return data
        }
        try Task.checkCancellation()
        nextID += 1
        let waiter = nextID
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                wait(for: url, waiter: waiter, continuation)
            }
        } onCancel: {
            Task { await self.abandon(url, waiter: waiter) }
        }
    }

    /// Whether the image at `url` is in memory now (no request needed).
    public func isCached(_ url: URL) -> Bool {
        memory.data(for: url) != nil
    }

    /// Forgets every image kept in memory (the disk cache stays).
    public func removeAllFromMemory() {
        memory.removeAll()
    }

    /// How many bytes the memory cache holds.
    public var memoryByteCount: Int { memory.byteCount }

    private func wait(for url: URL, waiter: Int, _ continuation: CheckedContinuation<Data, any Error>) {
        if var load = loads[url] {
            load.waiters[waiter] = continuation
            loads[url] = load
            return
        }
        nextID += 1
        let id = nextID
        let task = Task { [transport, diskCache] in
            let result: Result<(Data, fromDisk: Bool), any Error>
            do {
                result = .success(try await Self.fetch(url, transport: transport, diskCache: diskCache))
            } catch {
                result = .failure(error)
            }
            self.finish(url, load: id, result)
        }
        loads[url] = Load(id: id, task: task, waiters: [waiter: continuation])
    }

    /// A caller's task was cancelled: it stops waiting now; the request stops when nobody waits for it.
    private func abandon(_ url: URL, waiter: Int) {
        guard var load = loads[url], let continuation = load.waiters.removeValue(forKey: waiter) else { return }
        continuation.resume(throwing: CancellationError())
        if load.waiters.isEmpty {
            load.task.cancel()
            loads[url] = nil
            statistics.cancelledLoads += 1
        } else {
            loads[url] = load
        }
    }

    private func finish(_ url: URL, load id: Int, _ result: Result<(Data, fromDisk: Bool), any Error>) {
        guard let load = loads[url], load.id == id else { return }
        loads[url] = nil
        if case .success(let (data, fromDisk)) = result {
            memory.insert(data, for: url)
            if fromDisk { statistics.diskHits += 1 } else { statistics.networkLoads += 1 }
        }
        for continuation in load.waiters.values {
            continuation.resume(with: result.map(\.0))
        }
    }

    /// Reads the disk cache, else requests the image and keeps it there. Runs off the actor.
    private static func fetch(_ url: URL, transport: any HTTPTransport, diskCache: ImageDiskCache?) async throws
        -> (Data, fromDisk: Bool)
    {
        if let data = diskCache?.data(for: url) { return (data, true) }
        var request = URLRequest(url: url)
        request.setValue("image/avif,image/webp,image/jpeg,image/png,image/*;q=0.8", forHTTPHeaderField: "Accept")
        let (data, response) = try await transport.send(request)
        if let error = FeedError.from(response, body: data) { throw error }
        let type = response.value(forHTTPHeaderField: "Content-Type")?.lowercased() ?? ""
        guard type.hasPrefix("image/") || type == "application/octet-stream" else {
            throw FeedError.invalidResponse(
                "\(url.absoluteString) is not an image (\(type.isEmpty ? "no type" : type)).")
        }
        try Task.checkCancellation()
        try? diskCache?.store(data, for: url)
        return (data, false)
    }
}
