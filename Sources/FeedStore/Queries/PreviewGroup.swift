import Foundation
import SQLKit

/// What photos previews are grouped by.
enum PreviewGroup {
    /// An album's photos, most recently added first.
    case album
    /// A person's own photos, newest first.
    case owner

    /// The rows (`p` is the photo), the group's column and the order.
    var sql: (from: String, key: String, order: String) {
        switch self {
        case .album: ("collection_photos g JOIN photos p ON p.id = g.photo_id", "g.collection_id", "g.added_at")
        case .owner: ("photos p", "p.user_id", "p.created_at")
        }
    }
}
