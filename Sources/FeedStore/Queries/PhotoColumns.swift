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

/// A value kept as JSON text in a column: `photos.attribution` (a source's credit, read with the row so that lists
/// need no join) and `source_photos.hotlink`.
enum JSONColumn {
    static func encode(_ value: (some Encodable)?) -> String? {
        guard let value, let data = try? JSONEncoder().encode(value) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    static func decode<Value: Decodable>(_ text: String) -> Value? {
        try? JSONDecoder().decode(Value.self, from: Data(text.utf8))
    }
}

/// The columns of a user, optionally under a prefix when joined to another table.
///
/// A user joined under a prefix (the owner of each photo or album in a list) is read without the address, contact
/// details and language: no answer that embeds an owner shows them, and a feed page would decode a dozen more
/// columns per photo for nothing. Their ``UserRecord/contact`` is empty, their ``UserRecord/language`` nil.
enum UserColumns {
    /// The columns only the account's own answers need.
    static let ownOnly = Migration.contactFields + ["language"]

    static let names = [
        "id", "username", "first_name", "last_name", "email", "bio", "location", "portfolio_url",
        "instagram_username", "total_photos", "total_likes", "total_collections", "created_at", "updated_at",
        "avatar_sha256", "avatar_format", "device_id", "exact_location_public", "number",
    ] + ownOnly

    static func select(table: String, prefix: String = "") -> String {
        guard !prefix.isEmpty else { return names.map { "\(table).\($0)" }.joined(separator: ", ") }
        return names.filter { !ownOnly.contains($0) }.map { "\(table).\($0) AS \(prefix)\($0)" }
            .joined(separator: ", ")
    }

    static func decode(_ row: any SQLRow, prefix: String = "") throws -> UserRecord {
        func column(_ name: String) -> String { prefix + name }
        return UserRecord(
            id: try row.decode(column: column("id"), as: String.self),
            username: try row.decode(column: column("username"), as: String.self),
            firstName: try row.decode(column: column("first_name"), as: String.self),
            lastName: try row.decode(column: column("last_name"), as: String?.self),
            email: try row.decode(column: column("email"), as: String?.self),
            bio: try row.decode(column: column("bio"), as: String?.self),
            location: try row.decode(column: column("location"), as: String?.self),
            portfolioURL: try row.decode(column: column("portfolio_url"), as: String?.self),
            instagramUsername: try row.decode(column: column("instagram_username"), as: String?.self),
            totalPhotos: try row.decode(column: column("total_photos"), as: Int.self),
            totalLikes: try row.decode(column: column("total_likes"), as: Int.self),
            totalCollections: try row.decode(column: column("total_collections"), as: Int.self),
            createdAt: Date(storedSeconds: try row.decode(column: column("created_at"), as: Int64.self)),
            updatedAt: Date(storedSeconds: try row.decode(column: column("updated_at"), as: Int64.self)),
            avatarSHA256: try row.decode(column: column("avatar_sha256"), as: String?.self),
            avatarFormat: try row.decode(column: column("avatar_format"), as: String?.self),
            deviceID: try row.decode(column: column("device_id"), as: String?.self),
            language: prefix.isEmpty ? try row.decode(column: "language", as: String?.self) : nil,
            exactLocationPublic: try row.decode(column: column("exact_location_public"), as: Bool.self),
            number: try row.decode(column: column("number"), as: Int64.self),
            contact: prefix.isEmpty
                ? ContactDetails(
                    columns: try Migration.contactFields.map { try row.decode(column: column($0), as: String?.self) })
                : ContactDetails()
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
