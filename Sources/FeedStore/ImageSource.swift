import FeedModels
import Foundation

/// The few facts serving a photo's image needs, without its owner, tags or counts.
public struct ImageSource: Sendable, Hashable {
    public var photoID: String
    public var slug: String
    public var width: Int
    public var height: Int
    public var original: StoredOriginal
    /// Where the images of a hotlinked photo are; nil for a photo whose files are here.
    public var hotlink: RemoteImage?
}
