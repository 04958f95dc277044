import FeedModels
import Foundation
import SQLKit

extension LibraryStore {
    /// Photos matching `conditions` within `geo`, nearest first: the index narrows to a box, the exact distance is
    /// computed here. Returns one page and the number of matches.
    func nearby(
        _ conditions: [SQLQueryString], geo: GeoQuery, page: PageRequest, viewerID: String?, on db: any SQLDatabase
    ) async throws -> Page<PhotoRecord> {
        try await nearbyMatches(conditions, geo: geo, page: page, viewerID: viewerID, on: db).page
    }

    /// ``nearby(_:geo:page:viewerID:on:)`` with the ids of every match, nearest first.
    func nearbyMatches(
        _ conditions: [SQLQueryString], geo: GeoQuery, page: PageRequest, viewerID: String?, on db: any SQLDatabase
    ) async throws -> (page: Page<PhotoRecord>, ids: [String]) {
        let whereClause = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        let rows = try await db.raw("SELECT p.id, p.latitude, p.longitude FROM photos p\(whereClause)").all()
        var matches: [(id: String, distance: Double)] = []
        for row in rows {
            let distance = geo.distance(
                latitude: try row.decode(column: "latitude", as: Double.self),
                longitude: try row.decode(column: "longitude", as: Double.self)
            )
            if distance <= geo.radiusKilometers {
                matches.append((try row.decode(column: "id", as: String.self), distance))
            }
        }
        matches.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.id < $1.id }
        let slice = matches.dropFirst(page.offset).prefix(page.size).map(\.id)
        let ids = matches.map(\.id)
        guard !slice.isEmpty else { return (Page(items: [], total: matches.count), ids) }
        let records = try await photos(
            "SELECT \(unsafeRaw: PhotoColumns.select) FROM \(unsafeRaw: PhotoColumns.from) WHERE p.id IN (\(binds: Array(slice)))",
            viewerID: viewerID, on: db
        )
        let byID = Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return (Page(items: slice.compactMap { byID[$0] }, total: matches.count), ids)
    }
}
