import Foundation
import Observation

/// A scrolling list of photos: loads pages as the user nears the end, and likes photos.
///
/// Tell it which photo became visible (``photoBecameVisible(_:)``); when that is the fifth from the end (by default)
/// it loads the next page. A page is never loaded twice: not while one is loading, not after the end, and not after
/// ``refresh()`` started over. Photos already in the list are not added again. Likes are tracked per photo
/// (``likeState(of:)``) so a cell can show a spinner, and a failed like can be retried.
///
/// ```swift
/// let feed = PhotoFeed(client: client) { $0.photos() }
/// await feed.refresh()
/// // in a cell's onAppear:
/// await feed.photoBecameVisible(photo.id)
/// ```
@MainActor
@Observable
public final class PhotoFeed {
    /// The photos loaded so far, in order.
    public private(set) var photos: [Photo] = []
    /// Whether a page is loading.
    public private(set) var isLoading = false
    /// Whether the last page has been loaded.
    public private(set) var reachedEnd = false
    /// Why the last page load failed, until the next load succeeds.
    public private(set) var loadError: FeedError?
    /// The total the server reported (`X-Total`), once known.
    public private(set) var total: Int?
    /// How many photos from the end a visible photo has to be to load the next page.
    public let prefetchDistance: Int

    private let client: FeedClient
    private let makePages: @Sendable (FeedClient) -> Pages<Photo>
    private var pages: Pages<Photo>
    private var next: URL?
    private var requested: Set<URL> = []
    private var generation = 0
    private var likeStates: [Photo.ID: LikeState] = [:]

    /// - Parameters:
    ///   - client: the client to load with (with a user token, to like).
    ///   - prefetchDistance: load the next page when the photo this many from the end becomes visible (5).
    ///   - list: which list: `{ $0.photos() }`, `{ $0.searchPhotos("sea") }`, `{ $0.likes(of: "ana") }`, …
    public init(
        client: FeedClient, prefetchDistance: Int = 5, list: @escaping @Sendable (FeedClient) -> Pages<Photo>
    ) {
        self.client = client
        self.prefetchDistance = max(1, prefetchDistance)
        self.makePages = list
        self.pages = list(client)
        self.next = pages.firstURL
    }

    // MARK: - Paging

    /// Loads the next page, unless one is loading or the end was reached.
    public func loadNextPage() async {
        guard !isLoading, let url = next, !requested.contains(url) else { return }
        requested.insert(url)
        isLoading = true
        let started = generation
        do {
            let page = try await pages.page(at: url)
            guard started == generation else { return }
            append(page)
            loadError = nil
        } catch {
            guard started == generation else { return }
            // A failed page may be asked for again (the user scrolls, or taps retry); a cancelled one is no error.
            requested.remove(url)
            if !(error is CancellationError) { loadError = Self.feedError(error) }
        }
        isLoading = false
    }

    /// Tells the feed that a photo is on screen; loads the next page when it is near the end.
    public func photoBecameVisible(_ id: Photo.ID) async {
        guard let index = photos.firstIndex(where: { $0.id == id }), index >= photos.count - prefetchDistance else {
            return
        }
        await loadNextPage()
    }

    /// Starts over from the first page (pull to refresh); the photos are replaced when it arrives. A page load in
    /// flight is discarded.
    public func refresh() async {
        generation += 1
        let started = generation
        pages = makePages(client)
        isLoading = true
        do {
            let page = try await pages.first()
            guard started == generation else { return }
            photos = []
            requested = [pages.firstURL]
            reachedEnd = false
            append(page)
            likeStates = likeStates.filter { id, _ in photos.contains { $0.id == id } }
            loadError = nil
        } catch {
            guard started == generation else { return }
            if !(error is CancellationError) { loadError = Self.feedError(error) }
        }
        isLoading = false
    }

    private func append(_ page: Page<Photo>) {
        let known = Set(photos.map(\.id))
        photos += page.items.filter { !known.contains($0.id) }
        total = page.total ?? total
        next = page.next
        reachedEnd = page.next == nil
    }

    // MARK: - Likes

    /// Where the like of a photo stands.
    public func likeState(of id: Photo.ID) -> LikeState {
        likeStates[id] ?? .idle
    }

    /// Likes (`true`) or unlikes a photo of the feed. The photo is replaced by the server's answer; on failure it stays
    /// as it was and its state is ``LikeState/failed(liked:_:)``. Ignored while a like of the same photo is in flight,
    /// and for a photo the feed does not hold.
    public func setLiked(_ liked: Bool, photo id: Photo.ID) async {
        if case .inFlight = likeState(of: id) { return }
        guard let current = photos.first(where: { $0.id == id }) else { return }
        likeStates[id] = .inFlight(liked: liked)
        do {
            let photo = liked ? try await client.like(current) : try await client.unlike(current)
            replace(photo)
            likeStates[id] = nil
        } catch is CancellationError {
            likeStates[id] = nil
        } catch {
            likeStates[id] = .failed(liked: liked, Self.feedError(error))
        }
    }

    /// Likes a photo that is not liked, and unlikes one that is.
    public func toggleLike(_ id: Photo.ID) async {
        guard let photo = photos.first(where: { $0.id == id }) else { return }
        await setLiked(!photo.likedByUser, photo: id)
    }

    /// Sends a failed like or unlike again.
    public func retryLike(_ id: Photo.ID) async {
        guard case .failed(let liked, _) = likeState(of: id) else { return }
        await setLiked(liked, photo: id)
    }

    private func replace(_ photo: Photo) {
        guard let index = photos.firstIndex(where: { $0.id == photo.id }) else { return }
        photos[index] = photo
    }

    static func feedError(_ error: any Error) -> FeedError {
        if let error = error as? FeedError { return error }
        return .invalidResponse(String(describing: error))
    }
}
