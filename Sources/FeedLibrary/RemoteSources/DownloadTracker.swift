import FeedKit
import FeedStore
import Foundation
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Tells a photo's source that it was downloaded here, as Unsplash's API guidelines require of every app that
/// shows its photos: a GET of the photo's `download_location` with the source's access key. It runs beside the
/// answer (a slow or failing source never delays a download here) and logs failures without the key or the URL's
/// query.
public struct DownloadTracker: Sendable {
    public let store: LibraryStore
    public let network: any HTTPTransport

    public init(store: LibraryStore, network: any HTTPTransport) {
        self.store = store
        self.network = network
    }

    /// Tracks a download of `photo` when it is hotlinked: only those can have a `download_location`.
    public func track(_ photo: ImageSource, logger: Logger) {
        guard photo.hotlink != nil else { return }
        let photoID = photo.photoID
        Task { [store, network] in
            do {
                guard let (source, location) = try await store.downloadLocation(ofPhoto: photoID),
                    let url = URL(string: location)
                else { return }
                var request = URLRequest(url: url)
                request.setValue("v1", forHTTPHeaderField: "Accept-Version")
                if !source.credential.isEmpty {
                    request.setValue("Client-ID \(source.credential)", forHTTPHeaderField: "Authorization")
                }
                let (_, response) = try await network.send(request)
                if response.statusCode >= 400 {
                    logger.warning(
                        "The source refused a download's tracking call",
                        metadata: [
                            "source": "\(source.name)", "photo": "\(photoID)", "status": "\(response.statusCode)",
                        ])
                }
            } catch {
                logger.warning(
                    "A download's tracking call failed",
                    metadata: [
                        "photo": "\(photoID)", "error": "\(error)",
                    ])
            }
        }
    }
}
