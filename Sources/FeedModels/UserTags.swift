import Foundation

/// Unsplash's `tags` of a full user (`{custom: [], aggregated: []}`): the library keeps none.
struct UserTags: Codable {
    var custom: [Tag] = []
    var aggregated: [Tag] = []
}
