import Foundation

/// Extension: where a photo brought in from another service comes from, and whom to credit (`source` on a
/// photo; absent for the library's own photos). Links carry the service's referral parameters where it asks
/// for them (Unsplash's `utm_source`/`utm_medium=referral`).
public struct PhotoSource: Codable, Sendable, Hashable {
    /// The service, as the credit line names it: "Unsplash", "Flickr", "Pixabay" or another library's host.
    public var name: String
    /// The service's home page.
    public var url: String
    /// The photo's page at the service.
    public var photoURL: String
    /// The photographer, as the service names them.
    public var authorName: String
    /// The photographer's page at the service.
    public var authorURL: String?
    /// When the service stopped having the photo (a downloaded photo is kept, marked; a hotlinked one goes).
    public var removedAt: Date?

    public init(
        name: String, url: String, photoURL: String, authorName: String, authorURL: String?, removedAt: Date? = nil
    ) {
        self.name = name
        self.url = url
        self.photoURL = photoURL
        self.authorName = authorName
        self.authorURL = authorURL
        self.removedAt = removedAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(url, forKey: .url)
        try container.encode(photoURL, forKey: .photoURL)
        try container.encode(authorName, forKey: .authorName)
        try container.encode(authorURL, forKey: .authorURL)
        try container.encodeIfPresent(removedAt, forKey: .removedAt)
    }

    enum CodingKeys: String, CodingKey {
        case name, url
        case photoURL = "photo_url"
        case authorName = "author_name"
        case authorURL = "author_url"
        case removedAt = "removed_at"
    }
}

extension PhotoSource: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("name", name)
            json.key("url", url)
            json.key("photo_url", photoURL)
            json.key("author_name", authorName)
            json.key("author_url", authorURL)
            if let removedAt { json.key("removed_at", removedAt) }
        }
    }
}
