import Foundation

/// The imgix-style image URLs of a photo. All are absolute.
public struct PhotoURLs: Codable, Sendable, Hashable {
    public var raw: String
    public var full: String
    public var regular: String
    public var small: String
    public var thumb: String
    public var smallS3: String

    public init(raw: String, full: String, regular: String, small: String, thumb: String, smallS3: String) {
        self.raw = raw
        self.full = full
        self.regular = regular
        self.small = small
        self.thumb = thumb
        self.smallS3 = smallS3
    }

    enum CodingKeys: String, CodingKey {
        case raw, full, regular, small, thumb
        case smallS3 = "small_s3"
    }

    /// Unsplash added `small_s3` in 2021; older photos and preview photos lack it, and then it is `small`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        raw = try container.decode(String.self, forKey: .raw)
        full = try container.decode(String.self, forKey: .full)
        regular = try container.decode(String.self, forKey: .regular)
        small = try container.decode(String.self, forKey: .small)
        thumb = try container.decode(String.self, forKey: .thumb)
        smallS3 = try container.decodeIfPresent(String.self, forKey: .smallS3) ?? small
    }
}
