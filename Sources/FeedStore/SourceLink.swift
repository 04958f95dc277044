import FeedModels
import Foundation

/// What ties a photo row to the remote photo it was made from.
public struct SourceLink: Sendable, Hashable {
    public var sourceID: String
    /// The photo's id at the source.
    public var remoteID: String
    /// A digest of everything the source said about the photo: a different one on a later sync means it changed.
    public var fingerprint: String
    /// Where its images are, for a hotlinked photo; nil for a downloaded one (its files are here).
    public var hotlink: RemoteImage?
    /// The URL the source asks to be called when the photo is downloaded (Unsplash's `download_location`).
    public var downloadLocation: String?

    public init(
        sourceID: String, remoteID: String, fingerprint: String, hotlink: RemoteImage?, downloadLocation: String?
    ) {
        self.sourceID = sourceID
        self.remoteID = remoteID
        self.fingerprint = fingerprint
        self.hotlink = hotlink
        self.downloadLocation = downloadLocation
    }
}
