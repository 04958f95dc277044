import FeedKit
import FeedModels
import FeedStore
import Foundation
import Imaging
import Locking
import Logging
import NIOPosix

/// Fills the library from a remote source: reads its listing up to a limit, adds what is new, updates what changed,
/// and asks about photos it no longer lists — removing hotlinked ones the source no longer has and marking
/// downloaded ones.
///
/// Idempotent and resumable: each photo is recorded with its link to the source in one transaction (a downloaded
/// one after its file is on disk), and a photo the library already has from the source is compared by
/// fingerprint, so a sync killed at any moment loses nothing and the next run neither doubles nor misses a photo.
/// One sync of a source runs at a time, on whichever process or machine holds its lease in the database.
public struct SourceSyncer: Sendable {
    let store: LibraryStore
    let files: LibraryFiles
    let imaging: Imaging
    let logger: Logger
    let network: any HTTPTransport
    public var backoff: SourceBackoff
    /// How long answers are cached for services that ask for it (Pixabay: 24 h).
    public var answerLifetime: Duration = .seconds(24 * 3600)
    /// At most this many photos no longer listed are asked about per sync (each is a request), those confirmed
    /// longest ago first.
    public var removalChecks = 50
    /// Photos looked at per sync when the source sets no limit.
    public static let defaultLimit = 100

    public init(
        store: LibraryStore, files: LibraryFiles, imaging: Imaging, logger: Logger,
        backoff: SourceBackoff = SourceBackoff(),
        network: any HTTPTransport = URLSessionTransport()
    ) {
        self.store = store
        self.files = files
        self.imaging = imaging
        self.logger = logger
        self.backoff = backoff
        self.network = network
    }

    /// Syncs `source`; `limit` overrides the source's own.
    public func sync(
        _ source: SourceRecord, limit: Int? = nil, progress: @escaping @Sendable (SyncEvent) -> Void = { _ in }
    ) async throws -> SyncSummary {
        let lease = SyncLease(store: store, sourceID: source.id)
        try await lease.take(name: source.name)
        do {
            let summary = try await run(source, limit: limit, lease: lease, progress: progress)
            try await store.recordSync(of: source.id, at: Date(), summary: summary.description)
            try await lease.release()
            return summary
        } catch {
            try? await store.recordSync(of: source.id, at: Date(), summary: "failed: \(error)")
            try? await lease.release()
            throw error
        }
    }

    private func run(
        _ source: SourceRecord, limit: Int?, lease: SyncLease, progress: @escaping @Sendable (SyncEvent) -> Void
    ) async throws -> SyncSummary {
        let limit = limit ?? source.options["limit"].flatMap(Int.init) ?? Self.defaultLimit
        let transport = SourceTransport(inner: network, backoff: backoff) { wait, reason in
            progress(.waiting(wait, reason: reason))
        }
        let connector = try SourceConnectors(store: store, transport: transport, answerLifetime: answerLifetime)
            .connector(for: source)
        try files.prepare()
        var known = try await store.knownRemotePhotos(ofSource: source.id)
        var summary = SyncSummary()
        var seen: Set<String> = []
        var confirmed: [String] = []
        var cursor: String?
        progress(.started(source: source.name, limit: limit))

        listing: while seen.count < limit {
            let page = try await connector.page(at: cursor)
            for photo in page.photos where !seen.contains(photo.remoteID) {
                guard seen.count < limit else { break listing }
                seen.insert(photo.remoteID)
                let outcome = try await bringIn(
                    photo, known: known[photo.remoteID], source: source, transport: transport)
                switch outcome {
                case .added: summary.added += 1
                case .updated: summary.updated += 1
                case .unchanged(let id):
                    summary.unchanged += 1
                    confirmed.append(id)
                case .failed(let reason): summary.failed.append("\(photo.remoteID): \(reason)")
                }
                progress(.photo(remoteID: photo.remoteID, outcome: outcome))
                try await lease.renewIfDue()
            }
            guard let next = page.next, !page.photos.isEmpty else { break }
            cursor = next
        }
        try await store.markSynced(confirmed)

        // Photos the listing no longer shows may still exist (a search ranks differently, a feed moves on): each is
        // asked about, a bounded number per sync, and only a "not found" removes or marks it.
        known = known.filter { !seen.contains($0.key) && !$0.value.isRemoved }
        let unseen = known.sorted { $0.value.syncedAt < $1.value.syncedAt }.prefix(removalChecks)
        var stillThere: [String] = []
        for (remoteID, photo) in unseen {
            if try await connector.stillExists(remoteID) {
                stillThere.append(photo.photoID)
                continue
            }
            if photo.isHotlinked {
                await files.remove(try await store.deleteRemotePhoto(photo.photoID), recordingIn: store)
                summary.removed += 1
            } else {
                try await store.markRemoteRemoved(photo.photoID)
                summary.marked += 1
            }
            progress(.removed(remoteID: remoteID, deleted: photo.isHotlinked))
            try await lease.renewIfDue()
        }
        try await store.markSynced(stillThere)
        return summary
    }

    /// Adds, updates or leaves one photo. Failures of one photo (a bad image, a download refused) are its outcome;
    /// a source that stays unavailable (rate limits that do not end) and cancellation end the sync, rather than
    /// waiting out the same refusal once per photo.
    private func bringIn(
        _ photo: RemotePhoto, known: KnownRemotePhoto?, source: SourceRecord, transport: SourceTransport
    ) async throws -> SyncOutcome {
        do {
            if let known {
                guard known.fingerprint != photo.fingerprint || known.isRemoved else {
                    return .unchanged(photoID: known.photoID)
                }
                try await store.updateRemotePhoto(known.photoID, photo.changes(sourceID: source.id))
                return .updated(photoID: known.photoID)
            }
            let ownerID = try await store.ensureAuthor(photo.author, sourceID: source.id)
            switch photo.image {
            case .hotlink:
                switch try await store.recordPhoto(
                    photo.hotlinkedRow(id: Identifier.make(), ownerID: ownerID, sourceID: source.id)
                ) {
                case .inserted(let record): return .added(photoID: record.id)
                case .duplicate(let id): return .unchanged(photoID: id)
                }
            case .download(let url):
                return try await download(photo, from: url, ownerID: ownerID, source: source, transport: transport)
            }
        } catch let error as SourceError where error.endsSync {
            throw error
        } catch let error where LibraryError.isFault(files.translated(error)) {
            // A full disk, a storage or a database that does not answer would fail every photo after this one too.
            throw files.translated(error)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return .failed(reason: String(describing: error))
        }
    }

    private func download(
        _ photo: RemotePhoto, from url: URL, ownerID: String, source: SourceRecord, transport: SourceTransport
    ) async throws -> SyncOutcome {
        let bytes = try await transport.get(url, what: "The image of \(photo.remoteID)")
        guard bytes.count <= imaging.limits.maxBytes else {
            throw ImagingError.tooLarge(bytes: bytes.count, limit: imaging.limits.maxBytes)
        }
        let path = files.scratch.path + "/download-" + Identifier.make()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try files.writeAtomically(bytes, to: path, durable: false)
        let ingester = PhotoIngester(store: store, files: files, imaging: imaging)
        let details = PhotoIngester.Details(
            description: photo.rowDescription, altDescription: photo.rowAltDescription, tags: photo.tags,
            place: photo.place, license: photo.license?.id, credit: photo.credit,
            sourceLink: photo.link(sourceID: source.id)
        )
        switch try await ingester.ingest(
            path: path, size: bytes.count, ownerID: ownerID, details: details, threadPool: .singleton
        ) {
        case .recorded(let record): return .added(photoID: record.id)
        case .duplicate(let id): return .unchanged(photoID: id)
        }
    }
}
