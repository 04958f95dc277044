import Foundation
import SQLKit

/// A word search's page of photos, total and facet scope.
struct TextSearchResult {
    var page: Page<PhotoRecord>
    /// A subquery selecting the photo ids the tag facets count.
    var facetScope: SQLQueryString
}
