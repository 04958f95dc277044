import Foundation
import SQLKit

extension LibraryStore {
    /// Photos matching the words of `text` and `filters`, in `order`, one page: see ``SearchLimits``.
    func textSearch(
        _ text: SearchText, filters: [SQLQueryString], order: PhotoSearch.Order, page: PageRequest,
        viewerID: String?, on db: any SQLDatabase
    ) async throws -> TextSearchResult {
        switch database.kind {
        case .sqlite: try await sqliteTextSearch(text, filters, order, page, viewerID, db)
        case .postgres: try await postgresTextSearch(text, filters, order, page, viewerID, db)
        }
    }

    private func capped(_ total: Int, _ page: PageRequest) -> Bool {
        page.offset >= min(total, SearchLimits.maxResults)
    }

    /// SQLite: the FTS5 table is keyed by the photo's rowid (migration 010), so "newest matches" is a walk of the
    /// full-text index backwards and every join is an integer lookup.
    private func sqliteTextSearch(
        _ text: SearchText, _ filters: [SQLQueryString], _ order: PhotoSearch.Order, _ page: PageRequest,
        _ viewerID: String?, _ db: any SQLDatabase
    ) async throws -> TextSearchResult {
        let match = text.sqliteMatch
        let filterClause: SQLQueryString = filters.isEmpty ? "" : " AND " + filters.joined(separator: " AND ")
        let joined: SQLQueryString = "photo_search s JOIN photos p ON p.rowid = s.rowid"
        let windowRows = try await db.raw(
            """
            SELECT rowid AS r FROM photo_search WHERE photo_search MATCH \(bind: match) \
            ORDER BY rowid DESC LIMIT \(literal: SearchLimits.rankWindow)
            """
        ).all().map { try $0.decode(column: "r", as: Int64.self) }
        // Fewer matches than the window holds: the window is all of them.
        let total =
            filters.isEmpty && windowRows.count < SearchLimits.rankWindow
            ? windowRows.count
            : try await count(
                filters.isEmpty
                    ? "SELECT COUNT(*) AS n FROM (SELECT rowid FROM photo_search WHERE photo_search MATCH \(bind: match) LIMIT \(literal: SearchLimits.maxResults))"
                    : "SELECT COUNT(*) AS n FROM (SELECT s.rowid FROM \(joined) WHERE s.photo_search MATCH \(bind: match)\(filterClause) LIMIT \(literal: SearchLimits.maxResults))",
                on: db
            )
        let windowStart = windowRows.last ?? 0
        // The facets count the window's photos by rowid: no second full-text pass.
        let facetScope: SQLQueryString =
            windowRows.isEmpty
            ? "SELECT NULL"
            : "SELECT p.id FROM photos p WHERE p.rowid IN (\(binds: windowRows))\(filterClause)"
        guard total > 0, !capped(total, page) else {
            return TextSearchResult(page: Page(items: [], total: total), facetScope: facetScope)
        }
        let size = min(page.size, SearchLimits.maxResults - page.offset)
        func newest(_ range: Range<Int>, below start: Int64?) async throws -> [PhotoRecord] {
            let bound: SQLQueryString = start.map { " AND s.rowid < \(bind: $0)" } ?? ""
            return try await photos(
                """
                SELECT \(unsafeRaw: PhotoColumns.select) FROM \(joined) JOIN users u ON u.id = p.user_id \
                WHERE s.photo_search MATCH \(bind: match)\(bound)\(filterClause) ORDER BY s.rowid DESC \
                LIMIT \(literal: range.count) OFFSET \(literal: range.lowerBound)
                """,
                viewerID: viewerID, on: db
            )
        }
        if order == .latest {
            return TextSearchResult(
                page: Page(items: try await newest(page.offset..<(page.offset + size), below: nil), total: total),
                facetScope: facetScope
            )
        }
        let windowCount =
            filters.isEmpty
            ? min(total, SearchLimits.rankWindow)
            : try await count(
                "SELECT COUNT(*) AS n FROM \(joined) WHERE s.photo_search MATCH \(bind: match) AND s.rowid >= \(bind: windowStart)\(filterClause)",
                on: db
            )
        let parts = WindowedPage(offset: page.offset, size: size, windowCount: windowCount)
        var items: [PhotoRecord] = []
        if let range = parts.window {
            items += try await photos(
                """
                SELECT \(unsafeRaw: PhotoColumns.select) FROM (SELECT rowid AS r, bm25(photo_search) AS score \
                FROM photo_search WHERE photo_search MATCH \(bind: match) AND rowid >= \(bind: windowStart)) s \
                JOIN photos p ON p.rowid = s.r JOIN users u ON u.id = p.user_id WHERE TRUE\(filterClause) \
                ORDER BY s.score ASC, s.r DESC LIMIT \(literal: range.count) OFFSET \(literal: range.lowerBound)
                """,
                viewerID: viewerID, on: db
            )
        }
        if let range = parts.rest { items += try await newest(range, below: windowStart) }
        return TextSearchResult(page: Page(items: items, total: total), facetScope: facetScope)
    }

    /// PostgreSQL: `photo_search` carries each photo's date with an index on it (migration 011), so the newest
    /// matches come from a backwards walk of that index, whose rows sit together at the end of the table; ranks
    /// are computed in the same pass. A count far past the cap is read from the planner's estimate instead of
    /// visiting every match.
    private func postgresTextSearch(
        _ text: SearchText, _ filters: [SQLQueryString], _ order: PhotoSearch.Order, _ page: PageRequest,
        _ viewerID: String?, _ db: any SQLDatabase
    ) async throws -> TextSearchResult {
        let query: SQLQueryString = "to_tsquery('simple', \(bind: text.postgresQuery))"
        let from: SQLQueryString =
            filters.isEmpty ? "photo_search s" : "photo_search s JOIN photos p ON p.id = s.photo_id"
        let whereClause = (["s.document @@ \(query)"] + filters).joined(separator: " AND ")
        let total = try await postgresMatchCount(from: from, where: whereClause, on: db)
        let window = try await db.raw(
            """
            SELECT s.photo_id AS id, s.created_at AS created_at, ts_rank(s.document, \(query)) AS score \
            FROM \(from) WHERE \(whereClause) ORDER BY s.created_at DESC, s.photo_id DESC \
            LIMIT \(literal: SearchLimits.rankWindow)
            """
        ).all().map {
            (
                id: try $0.decode(column: "id", as: String.self),
                created: try $0.decode(column: "created_at", as: Int64.self),
                score: try $0.decode(column: "score", as: Double.self)
            )
        }
        let facetScope: SQLQueryString = window.isEmpty ? "SELECT NULL" : "\(binds: window.map(\.id))"
        guard total > 0, !capped(total, page), let last = window.last else {
            return TextSearchResult(page: Page(items: [], total: total), facetScope: facetScope)
        }
        let size = min(page.size, SearchLimits.maxResults - page.offset)
        func newest(_ range: Range<Int>, afterWindow: Bool) async throws -> [PhotoRecord] {
            let bound: SQLQueryString =
                afterWindow
                ? " AND (s.created_at, s.photo_id) < (\(bind: last.created), \(bind: last.id))" : ""
            return try await photos(
                """
                SELECT \(unsafeRaw: PhotoColumns.select) FROM photo_search s JOIN photos p ON p.id = s.photo_id \
                JOIN users u ON u.id = p.user_id WHERE \(whereClause)\(bound) \
                ORDER BY s.created_at DESC, s.photo_id DESC LIMIT \(literal: range.count) OFFSET \(literal: range.lowerBound)
                """,
                viewerID: viewerID, on: db
            )
        }
        if order == .latest {
            return TextSearchResult(
                page: Page(
                    items: try await newest(page.offset..<(page.offset + size), afterWindow: false), total: total),
                facetScope: facetScope
            )
        }
        let parts = WindowedPage(offset: page.offset, size: size, windowCount: window.count)
        var items: [PhotoRecord] = []
        if let range = parts.window {
            // Best score first; the window is already newest first, and a stable sort keeps that among equals.
            let ranked = window.enumerated().sorted { ($0.element.score, -$0.offset) > ($1.element.score, -$1.offset) }
            let ids = ranked[range].map(\.element.id)
            let found = try await photos(
                "SELECT \(unsafeRaw: PhotoColumns.select) FROM \(unsafeRaw: PhotoColumns.from) WHERE p.id IN (\(binds: ids))",
                viewerID: viewerID, on: db
            )
            let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            items += ids.compactMap { byID[$0] }
        }
        if let range = parts.rest { items += try await newest(range, afterWindow: true) }
        return TextSearchResult(page: Page(items: items, total: total), facetScope: facetScope)
    }

    /// Matches counted up to the cap — unless the planner's estimate is far beyond it (twice or more; its
    /// full-text estimates were within 5 % here), in which case the answer is the cap without visiting tens of
    /// thousands of rows.
    private func postgresMatchCount(
        from: SQLQueryString, where whereClause: SQLQueryString, on db: any SQLDatabase
    ) async throws -> Int {
        let row = try await db.raw("EXPLAIN (FORMAT JSON) SELECT 1 FROM \(from) WHERE \(whereClause)").first()
        let plan = try? row?.decode(column: "QUERY PLAN", as: [ExplainedPlan].self)
        if let estimate = plan?.first?.plan.rows, estimate >= 2 * Double(SearchLimits.maxResults) {
            return SearchLimits.maxResults
        }
        return try await count(
            "SELECT COUNT(*) AS n FROM (SELECT 1 FROM \(from) WHERE \(whereClause) LIMIT \(literal: SearchLimits.maxResults)) c",
            on: db
        )
    }
}
