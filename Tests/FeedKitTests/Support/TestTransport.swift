import FeedKit
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real transport (`URLSession`), with every request shown to a ``TrafficLog`` first, which may fail it
/// (an injected failure) or hold it until released.
struct TestTransport: HTTPTransport {
    let log: TrafficLog
    var base: any HTTPTransport = URLSessionTransport()

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try await log.admit(request)
        return try await base.send(request)
    }
}

/// What a ``TestTransport`` saw, and what it should do to the next requests.
actor TrafficLog {
    /// Every request, in order.
    private(set) var requests: [URLRequest] = []
    private var failures: [(matches: @Sendable (URLRequest) -> Bool, error: any Error)] = []
    private var holding: (@Sendable (URLRequest) -> Bool)?
    private var held: [CheckedContinuation<Void, Never>] = []
    private var heldWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// The paths (with query) of the requests so far.
    var paths: [String] { requests.map { Self.pathAndQuery($0.url!) } }

    /// How many requests went to `path` (without the query).
    func count(path: String) -> Int {
        requests.filter { $0.url!.path == path }.count
    }

    /// Fails the next request that `matches` with `error`, before it reaches the server.
    func failNext(with error: any Error, where matches: @escaping @Sendable (URLRequest) -> Bool) {
        failures.append((matches, error))
    }

    /// Holds every request that `matches` until ``release()``.
    func hold(where matches: @escaping @Sendable (URLRequest) -> Bool) {
        holding = matches
    }

    /// Lets held requests go on, and stops holding.
    func release() {
        holding = nil
        for continuation in held { continuation.resume() }
        held = []
    }

    /// Returns once `count` requests are being held.
    func waitUntilHolding(_ count: Int) async {
        if held.count >= count { return }
        await withCheckedContinuation { heldWaiters.append((count, $0)) }
    }

    func admit(_ request: URLRequest) async throws {
        requests.append(request)
        if let index = failures.firstIndex(where: { $0.matches(request) }) {
            throw failures.remove(at: index).error
        }
        if let holding, holding(request) {
            await withCheckedContinuation { continuation in
                held.append(continuation)
                let ready = heldWaiters.filter { $0.count <= held.count }
                heldWaiters.removeAll { $0.count <= held.count }
                for waiter in ready { waiter.continuation.resume() }
            }
        }
    }

    static func pathAndQuery(_ url: URL) -> String {
        url.path + (url.query.map { "?" + $0 } ?? "")
    }
}
