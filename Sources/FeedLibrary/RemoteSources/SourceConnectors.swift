import FeedKit
import FeedStore
import Foundation

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
            return PixabayConnector(
                source: source, root: root, transport: transport, store: store,
                answerLifetime: answerLifetime)
        case .flickr:
            return FlickrConnector(source: source, root: root, transport: transport)
        }
    }
}
