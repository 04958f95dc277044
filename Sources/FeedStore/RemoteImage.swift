import FeedModels
import Foundation

/// How the images of a hotlinked photo are reached at its source.
public enum RemoteImage: Codable, Sendable, Hashable {
    /// An imgix-style base URL that takes `w, h, fit, crop, q, fm, dpr` (Unsplash, another ImageFeed server).
    case imgix(String)
    /// Fixed sizes, each with its URL (Flickr's size ladder), smallest first.
    case sized([SizedImage])
}
