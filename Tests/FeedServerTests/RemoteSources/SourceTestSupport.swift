import FeedKit
import FeedModels
import FeedStore
import Foundation
import Imaging
import Locking
import Logging
import TestSupport
import Testing

@testable import FeedLibrary
@testable import FeedServer

/// A second ImageFeed server standing in for a remote service, reached over HTTP on a free port, and this library
/// (another server, in-process) syncing from it.
struct SourcePair: Sendable {
    /// The stand-in for Unsplash, Flickr or Pixabay: a whole ImageFeed server.
    let upstream: TestServer
    /// `http://127.0.0.1:<port>`.
    let upstreamURL: String
    /// The app key the library uses at the upstream server.
    let key: String
    /// The library that syncs.
    let library: TestServer

    /// A syncer over the library, with backoffs short enough for a test.
    func syncer(answerLifetime: Duration = .seconds(24 * 3600)) -> SourceSyncer {
        library.syncer(answerLifetime: answerLifetime)
    }

    /// Records a source at the upstream server.
    func addSource(_ kind: SourceKind, name: String? = nil, options: [String: String] = [:]) async throws
        -> SourceRecord
    {
        try await library.store.addSource(
            SourceRecord(
                name: name ?? kind.rawValue, kind: kind.rawValue, apiURL: upstreamURL, credential: key, options: options
            ))
    }
}

/// Runs `body` with an upstream ImageFeed server on a free port and an empty library on `backend` beside it.
func withSourcePair(
    _ backend: Backend = .sqlite, configureUpstream: (inout Configuration) -> Void = { _ in },
    _ body: @Sendable (SourcePair) async throws -> Void
) async throws {
    try await withTestServer(.sqlite, transport: .live, configure: configureUpstream) { upstream in
        let port = try #require(upstream.client.port)
        let app = try await upstream.registerApp(name: "Library")
        try await withTestServer(backend) { library in
            try await body(
                SourcePair(
                    upstream: upstream, upstreamURL: "http://127.0.0.1:\(port)", key: app.key, library: library))
        }
    }
}

/// Collects a sync's events.
final class SyncLog: Sendable {
    private let events = Locked<[String]>([])

    func record(_ event: SyncEvent) {
        let text: String =
            switch event {
            case .started(let source, _): "started \(source)"
            case .photo(let id, let outcome): "\(id): \(outcome)"
            case .waiting(let wait, let reason): "waiting \(wait): \(reason)"
            case .removed(let id, let deleted): "removed \(id) \(deleted)"
            }
        events.withLock { $0.append(text) }
    }

    var all: [String] { events.withLock { $0 } }
    var waits: [String] { all.filter { $0.hasPrefix("waiting") } }
}

extension TestServer {
    /// A syncer over this server's library, with backoffs short enough for a test.
    func syncer(answerLifetime: Duration = .seconds(24 * 3600)) -> SourceSyncer {
        var syncer = SourceSyncer(
            store: store, files: files, imaging: Imaging(limits: ImagingLimits()), logger: testLogger,
            backoff: SourceBackoff(initial: .milliseconds(10), longest: .seconds(5), attempts: 6)
        )
        syncer.answerLifetime = answerLifetime
        return syncer
    }

    /// The feed as the public sees it, up to 30 photos.
    func feed() async throws -> [Photo] {
        let response = try await client.get("/photos?per_page=30")
        try #require(response.status == .ok, "GET /photos: \(response.status) \(response.text)")
        return try response.decode([Photo].self)
    }
}
