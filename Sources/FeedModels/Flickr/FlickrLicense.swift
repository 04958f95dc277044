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

    /// Every licence Flickr has, by number, with the id of the same licence in ``PhotoLicense/known``.
    public static let all: [(license: FlickrLicense, libraryID: String)] = [
        (
            FlickrLicense(
                id: 0, name: "All Rights Reserved",
                url:
                    "https://www.flickrhelp.com/hc/en-us/articles/10710266545556-Using-Flickr-images-shared-by-other-members"
            ),
            "all-rights-reserved"
        ),
        (
            FlickrLicense(id: 1, name: "CC BY-NC-SA 2.0", url: "https://creativecommons.org/licenses/by-nc-sa/2.0/"),
            "cc-by-nc-sa-2.0"
        ),
        (
            FlickrLicense(id: 2, name: "CC BY-NC 2.0", url: "https://creativecommons.org/licenses/by-nc/2.0/"),
            "cc-by-nc-2.0"
        ),
        (
            FlickrLicense(id: 3, name: "CC BY-NC-ND 2.0", url: "https://creativecommons.org/licenses/by-nc-nd/2.0/"),
            "cc-by-nc-nd-2.0"
        ),
        (FlickrLicense(id: 4, name: "CC BY 2.0", url: "https://creativecommons.org/licenses/by/2.0/"), "cc-by-2.0"),
        (
            FlickrLicense(id: 5, name: "CC BY-SA 2.0", url: "https://creativecommons.org/licenses/by-sa/2.0/"),
            "cc-by-sa-2.0"
        ),
        (
            FlickrLicense(id: 6, name: "CC BY-ND 2.0", url: "https://creativecommons.org/licenses/by-nd/2.0/"),
            "cc-by-nd-2.0"
        ),
        (
            FlickrLicense(id: 7, name: "No known copyright restrictions", url: "https://www.flickr.com/commons/usage/"),
            "no-known-restrictions"
        ),
        (
            FlickrLicense(
                id: 8, name: "United States Government Work", url: "https://www.usa.gov/government-copyright"),
            "us-government-work"
        ),
        (
            FlickrLicense(
                id: 9, name: "Public Domain Dedication (CC0)", url: "https://creativecommons.org/publicdomain/zero/1.0/"
            ),
            "cc0-1.0"
        ),
        (
            FlickrLicense(
                id: 10, name: "Public Domain Mark", url: "https://creativecommons.org/publicdomain/mark/1.0/"),
            "pdm-1.0"
        ),
        (FlickrLicense(id: 11, name: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/"), "cc-by-4.0"),
        (
            FlickrLicense(id: 12, name: "CC BY-SA 4.0", url: "https://creativecommons.org/licenses/by-sa/4.0/"),
            "cc-by-sa-4.0"
        ),
        (
            FlickrLicense(id: 13, name: "CC BY-ND 4.0", url: "https://creativecommons.org/licenses/by-nd/4.0/"),
            "cc-by-nd-4.0"
        ),
        (
            FlickrLicense(id: 14, name: "CC BY-NC 4.0", url: "https://creativecommons.org/licenses/by-nc/4.0/"),
            "cc-by-nc-4.0"
        ),
        (
            FlickrLicense(id: 15, name: "CC BY-NC-SA 4.0", url: "https://creativecommons.org/licenses/by-nc-sa/4.0/"),
            "cc-by-nc-sa-4.0"
        ),
        (
            FlickrLicense(id: 16, name: "CC BY-NC-ND 4.0", url: "https://creativecommons.org/licenses/by-nc-nd/4.0/"),
            "cc-by-nc-nd-4.0"
        ),
    ]

    /// Flickr's licence of a library licence id; nil for licences Flickr has no number for.
    public static func number(ofLibraryLicense id: String) -> Int? {
        all.first { $0.libraryID == id }?.license.number
    }
}
