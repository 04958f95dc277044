#if canImport(UIKit)
    import UIKit

    extension ImageLoader {
        /// The image at `url`, decoded, from memory, disk or the network.
        public func image(for url: URL) async throws -> UIImage {
            let data = try await data(for: url)
            guard let image = UIImage(data: data) else {
                throw FeedError.invalidResponse("\(url.absoluteString) could not be decoded as an image.")
            }
            return image
        }
    }
#endif
