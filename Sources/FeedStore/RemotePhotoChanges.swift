import FeedModels
import Foundation

/// What a source says a photo is now: everything a sync writes to its row when it changed.
public struct RemotePhotoChanges: Sendable, Hashable {
    public var description: String?
    public var altDescription: String?
    /// The new size of a hotlinked photo; nil keeps it (a downloaded photo's size is its file's).
    public var width: Int?
    public var height: Int?
    public var tags: [String]
    public var place: Place
    public var license: String?
    public var source: PhotoSource
    public var link: SourceLink

    public init(
        description: String?, altDescription: String?, width: Int?, height: Int?, tags: [String], place: Place,
        license: String?, source: PhotoSource, link: SourceLink
    ) {
        self.description = description
        self.altDescription = altDescription
        self.width = width
        self.height = height
        self.tags = tags
        self.place = place
        self.license = license
        self.source = source
        self.link = link
    }
}
