/// One photo of a Pixabay answer, every number an integer, in Pixabay's own key order.
public struct PixabayHit: Codable, Sendable, Hashable {
    public var id: Int
    /// The photo's page on the site.
    public var pageURL: String
    /// `photo` (apps such as iWall require it), or on Pixabay also `illustration`, `vector/ai`, ….
    public var type: String
    /// Comma-and-space separated: `apples, fruits, red`.
    public var tags: String
    /// 150 px on the long side.
    public var previewURL: String
    public var previewWidth: Int
    public var previewHeight: Int
    /// 640 px on the long side.
    public var webformatURL: String
    public var webformatWidth: Int
    public var webformatHeight: Int
    /// 1280 px on the long side.
    public var largeImageURL: String
    /// The original's size, in pixels and in bytes.
    public var imageWidth: Int
    public var imageHeight: Int
    public var imageSize: Int
    public var views: Int
    public var downloads: Int
    /// In current answers; older ones carry ``favorites`` instead, and a compatible server sends both (§ notes, 5).
    public var collections: Int?
    public var favorites: Int?
    public var likes: Int
    public var comments: Int
    /// The photographer's numeric id (`user_id`) and name.
    public var userID: Int
    public var user: String
    /// The photographer's picture, 250 × 250; `""` for one without.
    public var userImageURL: String

    enum CodingKeys: String, CodingKey {
        case id, pageURL, type, tags, previewURL, previewWidth, previewHeight, webformatURL, webformatWidth
        case webformatHeight, largeImageURL, imageWidth, imageHeight, imageSize, views, downloads, collections
        case favorites, likes, comments
        case userID = "user_id"
        case user, userImageURL
    }

    public init(
        id: Int, pageURL: String, type: String = "photo", tags: String, previewURL: String, previewWidth: Int,
        previewHeight: Int, webformatURL: String, webformatWidth: Int, webformatHeight: Int, largeImageURL: String,
        imageWidth: Int, imageHeight: Int, imageSize: Int, views: Int, downloads: Int, collections: Int?,
        favorites: Int?, likes: Int, comments: Int, userID: Int, user: String, userImageURL: String
    ) {
        self.id = id
        self.pageURL = pageURL
        self.type = type
        self.tags = tags
        self.previewURL = previewURL
        self.previewWidth = previewWidth
        self.previewHeight = previewHeight
        self.webformatURL = webformatURL
        self.webformatWidth = webformatWidth
        self.webformatHeight = webformatHeight
        self.largeImageURL = largeImageURL
        self.imageWidth = imageWidth
        self.imageHeight = imageHeight
        self.imageSize = imageSize
        self.views = views
        self.downloads = downloads
        self.collections = collections
        self.favorites = favorites
        self.likes = likes
        self.comments = comments
        self.userID = userID
        self.user = user
        self.userImageURL = userImageURL
    }
}

extension PixabayHit: JSONWritable {
    /// In Pixabay's key order; a test decodes what this writes, so a key misspelt here fails it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("id", id)
            json.key("pageURL", pageURL)
            json.key("type", type)
            json.key("tags", tags)
            json.key("previewURL", previewURL)
            json.key("previewWidth", previewWidth)
            json.key("previewHeight", previewHeight)
            json.key("webformatURL", webformatURL)
            json.key("webformatWidth", webformatWidth)
            json.key("webformatHeight", webformatHeight)
            json.key("largeImageURL", largeImageURL)
            json.key("imageWidth", imageWidth)
            json.key("imageHeight", imageHeight)
            json.key("imageSize", imageSize)
            json.key("views", views)
            json.key("downloads", downloads)
            if let collections { json.key("collections", collections) }
            if let favorites { json.key("favorites", favorites) }
            json.key("likes", likes)
            json.key("comments", comments)
            json.key("user_id", userID)
            json.key("user", user)
            json.key("userImageURL", userImageURL)
        }
    }
}
