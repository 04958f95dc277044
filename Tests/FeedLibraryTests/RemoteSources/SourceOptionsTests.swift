import FeedModels
import FeedStore
import Foundation
import Imaging
import LibraryTestSupport
import Testing

@testable import FeedLibrary

/// What `imagefeed sources add` refuses (the sync's answers to a source that refuses it are `SourceSyncTests`, in
/// FeedServerTests: their source is another server).
@Suite("Source options")
struct SourceOptionsTests {
    @Test func eachKindSaysWhatIsMissingOrWrong() {
        #expect(
            SourceKind.unsplash.problems(options: [:], credential: "", apiURL: nil)
                == ["An Unsplash source needs --access-key."])
        #expect(
            SourceKind.imagefeed.problems(options: [:], credential: "", apiURL: nil)
                == ["An ImageFeed source needs --api-url, the other server's address."])
        #expect(
            SourceKind.unsplash.problems(options: ["topic": "a", "query": "b"], credential: "k", apiURL: nil)
                == ["Give one of --topic, --collection, --user or --query (or none, for the editorial feed)."])
        #expect(
            SourceKind.pixabay.problems(options: ["tags": "x"], credential: "k", apiURL: nil)
                == ["A pixabay source takes no tags."])
        #expect(
            SourceKind.pixabay.problems(options: ["min_width": "wide"], credential: "k", apiURL: nil)
                == ["--min-width must be a whole number; got \"wide\"."])
        #expect(
            SourceKind.flickr.problems(options: [:], credential: "k", apiURL: nil)
                == ["A Flickr source needs --tags, --text, --lat/--lon, --user or --album."])
        #expect(
            SourceKind.flickr.problems(options: ["lat": "51.5"], credential: "k", apiURL: nil)
                .contains("--lat and --lon go together."))
        #expect(
            SourceKind.flickr.problems(options: ["tags": "x", "licenses": "4,cc-by-9"], credential: "k", apiURL: nil)
                == ["\"cc-by-9\" is not a licence; use Flickr's numbers (0 to 10) or ids such as cc-by-2.0."])
        #expect(
            SourceKind.unsplash.problems(options: ["limit": "0"], credential: "k", apiURL: "ftp://x")
                == [
                    "--api-url must be an http(s) address; got \"ftp://x\".",
                    "--limit must be a whole number of at least 1; got \"0\".",
                ])
        #expect(
            SourceKind.flickr.problems(options: ["tags": "x", "licenses": "9,cc-by-2.0"], credential: "k", apiURL: nil)
                .isEmpty)
    }

    @Test func flickrLicencesAreItsNumbersInOrder() {
        #expect(PhotoLicense(flickrNumber: 4)?.id == "cc-by-2.0")
        #expect(PhotoLicense(flickrNumber: 9)?.id == "cc0-1.0")
        #expect(PhotoLicense(id: "unsplash")?.flickrNumber == 0)
        #expect(PhotoLicense.shareable.map(\.flickrNumber) == Array(1...16))
    }
}
