import FeedModels
import Foundation
import SQLKit

/// A photo search: words, an order and filters.
public struct PhotoSearch: Sendable, Hashable {
    /// `relevant` ranks by full-text score, `latest` by date.
    public enum Order: String, Sendable, CaseIterable {
        case relevant, latest
    }

    /// Words to find; may be empty when `filter.near` is set.
    public var text: String
    public var order: Order
    public var filter: PhotoFilter

    public init(text: String, order: Order = .relevant, orientation: PhotoOrientation? = nil, colorName: String? = nil,
                tags: [String] = [], near: GeoQuery? = nil) {
        self.text = text
        self.order = order
        self.filter = PhotoFilter(orientation: orientation, colorName: colorName, tags: tags, near: near)
    }
}

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

/// Free text turned into a safe full-text query: words of letters and digits only, each a prefix match, all
/// required. Nothing the user typed reaches the query syntax itself.
struct SearchText {
    let words: [String]

    init(_ text: String) {
        var words: [String] = []
        var current = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        self.words = Array(words.prefix(16))
    }

    /// An FTS5 query: every word, each as a prefix.
    var sqliteMatch: String { words.map { "\"\($0)\"*" }.joined(separator: " ") }

    /// A `to_tsquery('simple', …)` query: every word, each as a prefix.
    var postgresQuery: String { words.map { "\($0):*" }.joined(separator: " & ") }

    /// The WHERE condition selecting photos `p` that match, or nil when the text has no words.
    func condition(kind: DatabaseKind) -> SQLQueryString? {
        guard !words.isEmpty else { return nil }
        switch kind {
        case .sqlite:
            return "p.rowid IN (SELECT rowid FROM photo_search WHERE photo_search MATCH \(bind: sqliteMatch))"
        case .postgres:
            return """
                p.id IN (SELECT photo_id FROM photo_search WHERE document @@ to_tsquery('simple', \(bind: postgresQuery)))
                """
        }
    }
}

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
                SearchPage.TagFacet(tag: try $0.decode(column: "tag", as: String.self),
                                    count: try $0.decode(column: "n", as: Int.self))
            }
            return SearchPage(page: pageOfResults, tagFacets: facets)
        }
    }
}
