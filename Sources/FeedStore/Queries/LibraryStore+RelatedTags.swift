import Foundation
import SQLKit

extension LibraryStore {
    /// The tags found most often on the photos that carry `tag` (Flickr's tags.getRelated), most frequent first,
    /// `tag` itself left out. Tags are stored in lower case, so `tag` is compared that way.
    public func relatedTags(to tag: String, limit: Int) async throws -> [String] {
        let wanted = tag.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return try await database.read { db in
            try await db.raw(
                """
                SELECT other.tag, COUNT(*) AS n FROM photo_tags t JOIN photo_tags other \
                ON other.photo_id = t.photo_id AND other.tag <> t.tag WHERE t.tag = \(bind: wanted) \
                GROUP BY other.tag ORDER BY n DESC, other.tag ASC LIMIT \(literal: limit)
                """
            ).all().map { try $0.decode(column: "tag", as: String.self) }
        }
    }
}
