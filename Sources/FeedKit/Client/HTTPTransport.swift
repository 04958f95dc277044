import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one HTTP request and returns the response, whatever its status.
///
/// ``URLSessionTransport`` is the one apps use. Tests and apps can wrap it to observe or change traffic (count
/// requests, inject a failure); a transport throws ``FeedError/offline`` or ``FeedError/timedOut`` when the network
/// fails, and `CancellationError` when the calling task is cancelled.
public protocol HTTPTransport: Sendable {
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
}
