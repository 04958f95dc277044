import FeedModels
import Foundation
import SQLKit

extension LibraryStore {
    /// Photos matching a search, one page of them, with tag counts over all matches.
    public func searchPhotos(
        _ search: PhotoSearch, page: PageRequest, viewerID: String? = nil
    ) async throws -> SearchPage {
        let text = SearchText(search.text)
        var conditions = search.filter.conditions
        if let match = text.condition(kind: database.kind) {
            conditions.insert(match, at: 0)
        } else if search.filter.near == nil {
            return SearchPage(page: Page(items: [], total: 0), tagFacets: [])
        }
        let filterConditions = search.filter.conditions
        let allConditions = conditions
        return try await database.read { db in
            let pageOfResults: Page<PhotoRecord>
            let facetScope: SQLQueryString
            if let near = search.filter.near {
                // The facet counts the photos that matched: inside the circle (the box the index uses also holds
                // photos outside it).
                let found = try await nearbyMatches(allConditions, geo: near, page: page, viewerID: viewerID, on: db)
                pageOfResults = found.page
                let ids = Array(found.ids.prefix(10_000))
                facetScope = ids.isEmpty ? "SELECT NULL" : "\(binds: ids)"
            } else {
                let found = try await textSearch(
                    text, filters: filterConditions, order: search.order, page: page, viewerID: viewerID, on: db
                )
                pageOfResults = found.page
                facetScope = found.facetScope
            }
            let facetRows = try await db.raw(
                """
                SELECT t.tag AS tag, COUNT(*) AS n FROM photo_tags t \
                WHERE t.photo_id IN (\(facetScope)) \
                GROUP BY t.tag ORDER BY n DESC, t.tag ASC LIMIT 20
                """
            ).all()
            let facets = try facetRows.map {
                SearchPage.TagFacet(
                    tag: try $0.decode(column: "tag", as: String.self),
                    count: try $0.decode(column: "n", as: Int.self))
            }
            return SearchPage(page: pageOfResults, tagFacets: facets)
        }
    }
}
