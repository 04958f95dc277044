import FeedKit
import FeedStore
import Foundation

/// Reads one remote service: a listing, page by page, and whether a photo is still there.
protocol SourceConnector: Sendable {
    /// The photos of the listing's page at `cursor` (nil: the first page), and where the next page is (nil: this
    /// was the last).
    func page(at cursor: String?) async throws -> (photos: [RemotePhoto], next: String?)
    /// Whether the service still has the photo; false only when it says so (a 404, "Photo not found").
    func stillExists(_ remoteID: String) async throws -> Bool
}
