import FeedModels
import Foundation
import SQLKit

/// Changes an owner may make to a photo; nil leaves a field as it is.
public struct PhotoChanges: Sendable, Hashable {
    public var description: String?
    public var altDescription: String?
    public var tags: [String]?
    public var place: Place?
    /// A ``PhotoLicense`` id; `""` takes the licence away.
    public var license: String?

    public init(
        description: String? = nil, altDescription: String? = nil, tags: [String]? = nil, place: Place? = nil,
        license: String? = nil
    ) {
        self.description = description
        self.altDescription = altDescription
        self.tags = tags
        self.place = place
        self.license = license
    }
}
