import FeedModels
import Foundation
import SQLKit

/// The columns every photo query selects (photo `p` joined to its owner `u`), and how a row becomes a record.
enum PhotoColumns {
    static let select = """
        p.id, p.slug, p.created_at, p.updated_at, p.taken_at, p.width, p.height, p.color, p.blur_hash, \
        p.description, p.alt_description, p.exif_make, p.exif_model, p.exif_exposure_time, p.exif_aperture, \
        p.exif_focal_length, p.exif_iso, p.location_name, p.location_city, p.location_country, p.latitude, \
        p.longitude, p.likes, p.downloads, p.views, p.sha256, p.bytes, p.format, p.number, p.license, p.attribution, \(UserColumns.select(table: "u", prefix: "owner_"))
        """

    static let from = "photos p JOIN users u ON u.id = p.user_id"

    static func decode(_ row: any SQLRow) throws -> PhotoRecord {
        PhotoRecord(
            id: try row.decode(column: "id", as: String.self),
            slug: try row.decode(column: "slug", as: String.self),
            owner: try UserColumns.decode(row, prefix: "owner_"),
            createdAt: Date(storedSeconds: try row.decode(column: "created_at", as: Int64.self)),
            updatedAt: Date(storedSeconds: try row.decode(column: "updated_at", as: Int64.self)),
            takenAt: try row.decode(column: "taken_at", as: Int64?.self).map(Date.init(storedSeconds:)),
            width: try row.decode(column: "width", as: Int.self),
            height: try row.decode(column: "height", as: Int.self),
            color: try row.decode(column: "color", as: String.self),
            blurHash: try row.decode(column: "blur_hash", as: String?.self),
            description: try row.decode(column: "description", as: String?.self),
            altDescription: try row.decode(column: "alt_description", as: String?.self),
            camera: CameraSettings(
                make: try row.decode(column: "exif_make", as: String?.self),
                model: try row.decode(column: "exif_model", as: String?.self),
                exposureTime: try row.decode(column: "exif_exposure_time", as: String?.self),
                aperture: try row.decode(column: "exif_aperture", as: String?.self),
                focalLength: try row.decode(column: "exif_focal_length", as: String?.self),
                iso: try row.decode(column: "exif_iso", as: Int?.self)
            ),
            place: Place(
                name: try row.decode(column: "location_name", as: String?.self),
                city: try row.decode(column: "location_city", as: String?.self),
                country: try row.decode(column: "location_country", as: String?.self),
                latitude: try row.decode(column: "latitude", as: Double?.self),
                longitude: try row.decode(column: "longitude", as: Double?.self)
            ),
            likes: try row.decode(column: "likes", as: Int.self),
            downloads: try row.decode(column: "downloads", as: Int.self),
            views: try row.decode(column: "views", as: Int.self),
            sha256: try row.decode(column: "sha256", as: String.self),
            bytes: try row.decode(column: "bytes", as: Int.self),
            format: try row.decode(column: "format", as: String.self),
            tags: [],
            likedByViewer: false,
            number: try row.decode(column: "number", as: Int64.self),
            license: try row.decode(column: "license", as: String?.self),
            source: try row.decode(column: "attribution", as: String?.self).flatMap(JSONColumn.decode)
        )
    }
}

extension LibraryStore {
    /// Runs a photo query and fills in each record's tags and the viewer's likes.
    func photos(_ query: SQLQueryString, viewerID: String?, on db: any SQLDatabase) async throws -> [PhotoRecord] {
        var records = try await db.raw(query).all().map(PhotoColumns.decode)
        guard !records.isEmpty else { return records }
        let ids = records.map(\.id)
        let tagRows = try await db.raw(
            "SELECT photo_id, tag FROM photo_tags WHERE photo_id IN (\(binds: ids)) ORDER BY tag"
        ).all()
        var tags: [String: [String]] = [:]
        for row in tagRows {
            tags[try row.decode(column: "photo_id", as: String.self), default: []]
                .append(try row.decode(column: "tag", as: String.self))
        }
        var liked: Set<String> = []
        if let viewerID {
            let likeRows = try await db.raw(
                "SELECT photo_id FROM likes WHERE user_id = \(bind: viewerID) AND photo_id IN (\(binds: ids))"
            ).all()
            liked = Set(try likeRows.map { try $0.decode(column: "photo_id", as: String.self) })
        }
        for index in records.indices {
            records[index].tags = tags[records[index].id] ?? []
            records[index].likedByViewer = liked.contains(records[index].id)
        }
        return records
    }
}
