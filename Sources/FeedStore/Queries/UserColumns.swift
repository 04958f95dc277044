import FeedModels
import Foundation
import SQLKit

/// The columns of a user, optionally under a prefix when joined to another table.
///
/// A user joined under a prefix (the owner of each photo or album in a list) is read without the address, contact
/// details and language: no answer that embeds an owner shows them, and a feed page would decode a dozen more
/// columns per photo for nothing. Their ``UserRecord/contact`` is empty, their ``UserRecord/language`` nil.
enum UserColumns {
    /// The columns only the account's own answers need.
    static let ownOnly = Migration.contactFields + ["language"]

    static let names =
        [
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
