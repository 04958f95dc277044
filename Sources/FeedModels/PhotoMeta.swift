import Foundation

/// A full photo's `meta`: it may be indexed by search engines.
struct PhotoMeta: Codable {
    var index = true
}
