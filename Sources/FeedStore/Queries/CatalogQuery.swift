import FeedModels
import Foundation
import SQLKit

/// A photo query of the other dialects (Flickr's search, Pixabay's, JSONPlaceholder's photo lists): any combination
/// of conditions, all of which must hold, in one order, paged by offset as those APIs page.
public struct CatalogQuery: Sendable, Hashable {
    public enum Order: Sendable, Hashable {
        case posted(ascending: Bool)
        case taken(ascending: Bool)
        /// Most liked, then most viewed.
        case interesting(ascending: Bool)
        /// By numeric id, oldest first.
        case number
        /// Nearest first; only with `near` (otherwise newest first).
        case distance
    }

    /// Words that must all match (title, description, tags, place), each as a prefix.
    public var text = ""
    /// Words none of which may match.
    public var excludedWords: [String] = []
    /// At least one of these tags.
    public var anyTags: [String] = []
    /// Every one of these tags.
    public var allTags: [String] = []
    /// None of these tags.
    public var excludedTags: [String] = []
    public var ownerID: String?
    public var near: GeoQuery?
    public var box: GeoBox?
    /// Only photos with (true) or without (false) coordinates.
    public var hasGeo: Bool?
    public var uploadedAfter: Date?
    public var uploadedBefore: Date?
    public var takenAfter: Date?
    public var takenBefore: Date?
    /// The original is at least this wide and this high.
    public var minWidth: Int?
    public var minHeight: Int?
    public var orientation: PhotoOrientation?
    /// Any of these of Unsplash's colour names.
    public var colorNames: [String] = []
    /// Only photos in a featured topic.
    public var inFeaturedTopic = false
    /// Only photos in this album (an id).
    public var collectionID: String?
    /// Only these photos (numeric ids).
    public var numbers: [Int64]?
    /// Only photos under one of these licences (``PhotoLicense`` ids; a photo without one is all rights reserved).
    public var licenses: [String]?
    public var order: Order = .posted(ascending: false)

    public init() {}

    /// Whether the query limits the photos at all (Flickr refuses searches that do not).
    public var isLimiting: Bool {
        !SearchText(text).words.isEmpty || !anyTags.isEmpty || !allTags.isEmpty || ownerID != nil || near != nil
            || box != nil || hasGeo != nil || uploadedAfter != nil || uploadedBefore != nil || takenAfter != nil
            || takenBefore != nil || collectionID != nil || numbers != nil
    }

    func conditions(kind: DatabaseKind) -> [SQLQueryString] {
        var conditions: [SQLQueryString] = []
        if let match = SearchText(text).condition(kind: kind) { conditions.append(match) }
        for word in excludedWords {
            if let match = SearchText(word).condition(kind: kind) { conditions.append("NOT (" + match + ")") }
        }
        let tagged = { (tags: [String]) -> SQLQueryString in
            "p.id IN (SELECT photo_id FROM photo_tags WHERE tag IN (\(binds: tags.map { $0.lowercased() })))"
        }
        if !anyTags.isEmpty { conditions.append(tagged(anyTags)) }
        for tag in allTags { conditions.append(tagged([tag])) }
        if !excludedTags.isEmpty { conditions.append("NOT (" + tagged(excludedTags) + ")") }
        if let ownerID { conditions.append("p.user_id = \(bind: ownerID)") }
        if let near {
            // As the feed's place filter: the box around the circle for the index, the distance checked after.
            conditions += PhotoFilter(near: near).conditions
        }
        if let box {
            conditions.append(
                """
                p.latitude BETWEEN \(bind: box.minLatitude) AND \(bind: box.maxLatitude) \
                AND p.longitude BETWEEN \(bind: box.minLongitude) AND \(bind: box.maxLongitude)
                """
            )
        }
        if let hasGeo {
            conditions.append(hasGeo ? "p.latitude IS NOT NULL" : "p.latitude IS NULL")
        }
        if let uploadedAfter { conditions.append("p.created_at >= \(bind: uploadedAfter.storedSeconds)") }
        if let uploadedBefore { conditions.append("p.created_at <= \(bind: uploadedBefore.storedSeconds)") }
        if let takenAfter { conditions.append("p.taken_at >= \(bind: takenAfter.storedSeconds)") }
        if let takenBefore { conditions.append("p.taken_at <= \(bind: takenBefore.storedSeconds)") }
        if let minWidth { conditions.append("p.width >= \(bind: minWidth)") }
        if let minHeight { conditions.append("p.height >= \(bind: minHeight)") }
        if let orientation { conditions.append("p.orientation = \(bind: orientation.rawValue)") }
        if !colorNames.isEmpty { conditions.append("p.color_name IN (\(binds: colorNames))") }
        if inFeaturedTopic {
            conditions.append(LibraryStore.inTopic(where: "IN (SELECT id FROM topics WHERE featured = \(true))"))
        }
        if let collectionID {
            conditions.append(
                "p.id IN (SELECT photo_id FROM collection_photos WHERE collection_id = \(bind: collectionID))")
        }
        if let numbers { conditions.append(numbers.isEmpty ? "1 = 0" : "p.number IN (\(binds: numbers))") }
        if let licenses {
            let unlicensed: SQLQueryString = licenses.contains("all-rights-reserved") ? " OR p.license IS NULL" : ""
            conditions.append(licenses.isEmpty ? "1 = 0" : "(p.license IN (\(binds: licenses))" + unlicensed + ")")
        }
        return conditions
    }

    var orderSQL: String {
        switch order {
        case .posted(let ascending):
            ascending ? "p.created_at ASC, p.number ASC" : "p.created_at DESC, p.number DESC"
        case .taken(let ascending):
            ascending
                ? "COALESCE(p.taken_at, p.created_at) ASC, p.number ASC"
                : "COALESCE(p.taken_at, p.created_at) DESC, p.number DESC"
        case .interesting(let ascending):
            ascending
                ? "p.likes ASC, p.views ASC, p.created_at ASC, p.number ASC"
                : "p.likes DESC, p.views DESC, p.created_at DESC, p.number DESC"
        case .number: "p.number ASC"
        case .distance: "p.created_at DESC, p.number DESC"
        }
    }
}
