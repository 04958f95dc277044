import FeedStore

/// What `imagefeed bench seed` prints: the library's photos after the run, what the run added, and its wall time.
struct SeedReport: Encodable {
    var photos: Int
    var added: Int
    var membersAdded: Int
    var likesAdded: Int
    var albumsAdded: Int
    var seconds: Double

    init(photos: Int, added: BulkLoadCount, seconds: Double) {
        self.photos = photos
        self.added = added.photos
        membersAdded = added.members
        likesAdded = added.likes
        albumsAdded = added.albums
        self.seconds = (seconds * 10).rounded() / 10
    }
}
