import Foundation

/// Square avatar renditions at 32, 64 and 128 pixels.
public struct ProfileImage: Codable, Sendable, Hashable {
    public var small: String
    public var medium: String
    public var large: String

    public init(small: String, medium: String, large: String) {
        self.small = small
        self.medium = medium
        self.large = large
    }
}
