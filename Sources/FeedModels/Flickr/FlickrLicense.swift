/// One of Flickr's licences as flickr.photos.licenses.getInfo lists it: its number (the `license` of a photo), its
/// name and its URL, as Flickr names them today (recorded answer of 2025, licences 0 to 16; the 4.0 licences
/// are 11 to 16).
public struct FlickrLicense: Codable, Sendable, Hashable {
    /// Flickr's number, written as text.
    public var id: String
    public var name: String
    public var url: String

    public init(id: Int, name: String, url: String) {
        self.id = String(id)
        self.name = name
        self.url = url
    }

    /// The number.
    public var number: Int { Int(id) ?? 0 }

    /// Flickr's licences by number: the id of the same licence in ``PhotoLicense/known``, which names and links
    /// them as Flickr does (said once, there), and Flickr's own name or URL where it differs: its page on all rights
    /// reserved and the longer names of the two public domain marks.
    private static let byNumber: [(libraryID: String, name: String?, url: String?)] = [
        (
            "all-rights-reserved", nil,
            "https://www.flickrhelp.com/hc/en-us/articles/10710266545556-Using-Flickr-images-shared-by-other-members"
        ),
        ("cc-by-nc-sa-2.0", nil, nil), ("cc-by-nc-2.0", nil, nil), ("cc-by-nc-nd-2.0", nil, nil),
        ("cc-by-2.0", nil, nil), ("cc-by-sa-2.0", nil, nil), ("cc-by-nd-2.0", nil, nil),
        ("no-known-restrictions", nil, nil), ("us-government-work", nil, nil),
        ("cc0-1.0", "Public Domain Dedication (CC0)", nil), ("pdm-1.0", "Public Domain Mark", nil),
        ("cc-by-4.0", nil, nil), ("cc-by-sa-4.0", nil, nil), ("cc-by-nd-4.0", nil, nil), ("cc-by-nc-4.0", nil, nil),
        ("cc-by-nc-sa-4.0", nil, nil), ("cc-by-nc-nd-4.0", nil, nil),
    ]

    /// Every licence Flickr has, by number, with the id of the same licence in ``PhotoLicense/known``.
    public static let all: [(license: FlickrLicense, libraryID: String)] = byNumber.enumerated().map { number, entry in
        let known = PhotoLicense.known.first { $0.id == entry.libraryID }
        let license = FlickrLicense(
            id: number, name: entry.name ?? known?.name ?? "", url: entry.url ?? known?.url ?? "")
        return (license, entry.libraryID)
    }

    /// Flickr's licence of a library licence id; nil for licences Flickr has no number for.
    public static func number(ofLibraryLicense id: String) -> Int? {
        all.first { $0.libraryID == id }?.license.number
    }
}
