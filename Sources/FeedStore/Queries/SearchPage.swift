import FeedModels
import Foundation
import SQLKit

/// A page of search results with the most frequent tags of the whole result set.
public struct SearchPage: Sendable, Hashable {
    public var page: Page<PhotoRecord>
    public var tagFacets: [TagFacet]

    /// A tag and how many results carry it.
    public struct TagFacet: Sendable, Hashable {
        public var tag: String
        public var count: Int

        public init(tag: String, count: Int) {
            self.tag = tag
            self.count = count
        }
    }
}
