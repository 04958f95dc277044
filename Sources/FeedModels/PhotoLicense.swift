import Foundation

/// Extension: the licence a photo is shared under, when its owner or its source said (`license` on a photo).
public struct PhotoLicense: Codable, Sendable, Hashable {
    /// One of ``PhotoLicense/known``'s ids (`cc-by-2.0`, `unsplash`, …).
    public var id: String
    /// The name to show, e.g. "CC BY 2.0".
    public var name: String
    /// Where the licence's text is.
    public var url: String?

    public init(id: String, name: String, url: String?) {
        self.id = id
        self.name = name
        self.url = url
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(url, forKey: .url)
    }

    enum CodingKeys: String, CodingKey {
        case id, name, url
    }

    /// The licence with this id, if it is one of the known ones.
    public init?(id: String) {
        guard let known = Self.known.first(where: { $0.id == id }) else { return nil }
        self = known
    }

    /// The licences a photo may be shared under: Flickr's (`flickr.photos.licenses.getInfo`, numbers 0 to 16, see
    /// ``FlickrLicense/all``), then the services' own.
    public static let known: [PhotoLicense] = [
        PhotoLicense(id: "all-rights-reserved", name: "All Rights Reserved", url: nil),
        PhotoLicense(
            id: "cc-by-nc-sa-2.0", name: "CC BY-NC-SA 2.0", url: "https://creativecommons.org/licenses/by-nc-sa/2.0/"),
        PhotoLicense(id: "cc-by-nc-2.0", name: "CC BY-NC 2.0", url: "https://creativecommons.org/licenses/by-nc/2.0/"),
        PhotoLicense(
            id: "cc-by-nc-nd-2.0", name: "CC BY-NC-ND 2.0", url: "https://creativecommons.org/licenses/by-nc-nd/2.0/"),
        PhotoLicense(id: "cc-by-2.0", name: "CC BY 2.0", url: "https://creativecommons.org/licenses/by/2.0/"),
        PhotoLicense(id: "cc-by-sa-2.0", name: "CC BY-SA 2.0", url: "https://creativecommons.org/licenses/by-sa/2.0/"),
        PhotoLicense(id: "cc-by-nd-2.0", name: "CC BY-ND 2.0", url: "https://creativecommons.org/licenses/by-nd/2.0/"),
        PhotoLicense(
            id: "no-known-restrictions", name: "No known copyright restrictions",
            url: "https://www.flickr.com/commons/usage/"),
        PhotoLicense(
            id: "us-government-work", name: "United States Government Work",
            url: "https://www.usa.gov/government-copyright"),
        PhotoLicense(id: "cc0-1.0", name: "CC0 1.0", url: "https://creativecommons.org/publicdomain/zero/1.0/"),
        PhotoLicense(
            id: "pdm-1.0", name: "Public Domain Mark 1.0", url: "https://creativecommons.org/publicdomain/mark/1.0/"),
        PhotoLicense(id: "cc-by-4.0", name: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/"),
        PhotoLicense(id: "cc-by-sa-4.0", name: "CC BY-SA 4.0", url: "https://creativecommons.org/licenses/by-sa/4.0/"),
        PhotoLicense(id: "cc-by-nd-4.0", name: "CC BY-ND 4.0", url: "https://creativecommons.org/licenses/by-nd/4.0/"),
        PhotoLicense(id: "cc-by-nc-4.0", name: "CC BY-NC 4.0", url: "https://creativecommons.org/licenses/by-nc/4.0/"),
        PhotoLicense(
            id: "cc-by-nc-sa-4.0", name: "CC BY-NC-SA 4.0", url: "https://creativecommons.org/licenses/by-nc-sa/4.0/"),
        PhotoLicense(
            id: "cc-by-nc-nd-4.0", name: "CC BY-NC-ND 4.0", url: "https://creativecommons.org/licenses/by-nc-nd/4.0/"),
        PhotoLicense(id: "unsplash", name: "Unsplash License", url: "https://unsplash.com/license"),
        PhotoLicense(
            id: "pixabay", name: "Pixabay Content License", url: "https://pixabay.com/service/license-summary/"),
    ]

    /// Flickr's number for this licence; licences Flickr has no number for are reported as 0 (all rights
    /// reserved), which promises nothing the photo's licence does not.
    public var flickrNumber: Int {
        FlickrLicense.number(ofLibraryLicense: id) ?? 0
    }

    /// The licence of a Flickr licence number.
    public init?(flickrNumber: Int) {
        guard let entry = FlickrLicense.all.first(where: { $0.license.number == flickrNumber }),
            let known = PhotoLicense(id: entry.libraryID)
        else { return nil }
        self = known
    }

    /// Creative Commons and public domain: the licences that allow showing a photo elsewhere with credit
    /// (Flickr's 1 to 16), what a Flickr source brings in unless told otherwise.
    public static let shareable: [PhotoLicense] = (1...16).compactMap(PhotoLicense.init(flickrNumber:))
}

extension PhotoLicense: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("id", id)
            json.key("name", name)
            json.key("url", url)
        }
    }
}
