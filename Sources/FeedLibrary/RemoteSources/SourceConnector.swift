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

/// Makes the connector of a source.
struct SourceConnectors {
    let store: LibraryStore
    let transport: any HTTPTransport
    /// How long answers are kept for services that ask for caching (Pixabay: 24 h).
    var answerLifetime: Duration = .seconds(24 * 3600)

    func connector(for source: SourceRecord) throws -> any SourceConnector {
        guard let kind = SourceKind(rawValue: source.kind) else {
            throw SourceError("The source \(source.name) is of an unknown kind, \(source.kind).")
        }
        guard let root = URL(string: source.apiURL) else { throw SourceError("The source's API address is not a URL.") }
        switch kind {
        case .unsplash, .imagefeed:
            return UnsplashConnector(source: source, kind: kind, root: root, transport: transport)
        case .pixabay:
            return PixabayConnector(source: source, root: root, transport: transport, store: store,
                                    answerLifetime: answerLifetime)
        case .flickr:
            return FlickrConnector(source: source, root: root, transport: transport)
        }
    }
}
