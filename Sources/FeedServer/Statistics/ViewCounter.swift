import FeedStore
import Foundation
import HTTPTypes
import Locking
import Logging
import ServiceLifecycle

/// Counts photo views — a photo opened in full, once per viewer per UTC day — without touching the database on the
/// request: views are gathered in memory (repeats collapse there already) and written in one transaction per batch
/// by ``ViewCounterService``. Reading a photo, cached or not, costs one lock and a set insert.
final class ViewCounter: Sendable {
    private let pending = Locked<Set<PhotoView>>([])
    private let now: @Sendable () -> Date
    /// The most views held; past it new views are dropped (a batch is written long before, unless the database is
    /// down for a while).
    static let capacity = 100_000

    init(now: @escaping @Sendable () -> Date = Date.init) {
        self.now = now
    }

    /// Counts a view of `photo` (an id or slug, as requested) by `viewer` (a user id or an address).
    func record(photo: String, viewer: String) {
        let view = PhotoView(photo: photo, viewer: viewer, day: StatisticsDay(now()))
        pending.withLock { pending in
            guard pending.count < Self.capacity else { return }
            pending.insert(view)
        }
    }

    /// Counts the view an answer gave: a successful GET of the photo `photo` names, seen by the signed-in person
    /// (`userID`), else by the address. The router's middleware and the fast path both count through here.
    func record(
        answer status: HTTPResponse.Status, to method: HTTPRequest.Method, photo: String?, userID: String?,
        address: String?
    ) {
        guard method == .get, status == .ok, let photo else { return }
        record(photo: photo, viewer: userID.map { "user:" + $0 } ?? RateLimitMiddleware.Style.addressKey(address))
    }

    /// Takes the views gathered so far.
    func take() -> [PhotoView] {
        pending.withLock { pending in
            defer { pending.removeAll(keepingCapacity: true) }
            return Array(pending)
        }
    }

    /// Puts views back after a failed write, so the next batch retries them.
    func restore(_ views: [PhotoView]) {
        pending.withLock { pending in
            for view in views where pending.count < Self.capacity { pending.insert(view) }
        }
    }

    /// Writes what has been gathered; on failure keeps it for the next time.
    func flush(to store: LibraryStore, logger: Logger) async {
        let views = take()
        guard !views.isEmpty else { return }
        do {
            try await store.recordViews(views)
        } catch {
            restore(views)
            logger.warning("Could not write photo views; will retry", metadata: ["error": "\(error)"])
        }
    }
}
