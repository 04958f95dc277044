import FeedModels
import Foundation

/// One fixed size of a remote image.
public struct SizedImage: Codable, Sendable, Hashable {
    public var width: Int
    public var height: Int
    public var url: String

    public init(width: Int, height: Int, url: String) {
        self.width = width
        self.height = height
        self.url = url
    }
}
