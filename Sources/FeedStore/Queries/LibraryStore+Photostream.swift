import Foundation
import SQLKit

/// A photo's neighbours in its owner's photostream (newest first), and how long the stream is.
public struct PhotostreamContext: Sendable, Hashable {
    /// The photo posted just after it, shown before it in the stream.
    public var newer: PhotoRecord?
    /// The photo posted just before it.
    public var older: PhotoRecord?
    /// How many photos the owner has.
    public var count: Int
}

/// When a person's photos start: the first posted and the first taken (nil when none says).
public struct PhotostreamDates: Sendable, Hashable {
    public var firstPosted: Date?
    public var firstTaken: Date?
}

extension LibraryStore {
    /// The photos on either side of `photo` in its owner's photostream, in the feed's order (posted, newest first;
    /// ties by number), as `viewerID` sees them.
    public func photostreamContext(of photo: PhotoRecord, viewerID: String?) async throws -> PhotostreamContext {
        try await database.read { db in
            let owner = photo.owner.id
            let posted = photo.createdAt.storedSeconds
            let newer = try await photos(
                """
                SELECT \(unsafeRaw: PhotoColumns.select) FROM \(unsafeRaw: PhotoColumns.from) \
                WHERE p.user_id = \(bind: owner) AND (p.created_at > \(bind: posted) \
                OR (p.created_at = \(bind: posted) AND p.number > \(bind: photo.number))) \
                ORDER BY p.created_at ASC, p.number ASC LIMIT 1
                """,
                viewerID: viewerID, on: db
            ).first
            let older = try await photos(
                """
                SELECT \(unsafeRaw: PhotoColumns.select) FROM \(unsafeRaw: PhotoColumns.from) \
                WHERE p.user_id = \(bind: owner) AND (p.created_at < \(bind: posted) \
                OR (p.created_at = \(bind: posted) AND p.number < \(bind: photo.number))) \
                ORDER BY p.created_at DESC, p.number DESC LIMIT 1
                """,
                viewerID: viewerID, on: db
            ).first
            let count = try await count("SELECT COUNT(*) AS n FROM photos WHERE user_id = \(bind: owner)", on: db)
            return PhotostreamContext(newer: newer, older: older, count: count)
        }
    }

    /// When `userID`'s photos start.
    public func photostreamDates(ofUserID userID: String) async throws -> PhotostreamDates {
        try await database.read { db in
            guard
                let row = try await db.raw(
                    "SELECT MIN(created_at) AS posted, MIN(taken_at) AS taken FROM photos WHERE user_id = \(bind: userID)"
                ).first()
            else { return PhotostreamDates() }
            return PhotostreamDates(
                firstPosted: try row.decode(column: "posted", as: Int64?.self).map(Date.init(storedSeconds:)),
                firstTaken: try row.decode(column: "taken", as: Int64?.self).map(Date.init(storedSeconds:))
            )
        }
    }

    /// A user by email, ignoring case (Flickr's people.findByEmail).
    public func user(email: String) async throws -> UserRecord? {
        try await database.read { db in
            try await db.raw(
                "SELECT \(unsafeRaw: UserColumns.select(table: "u")) FROM users u WHERE lower(u.email) = lower(\(bind: email))"
            ).first().map { try UserColumns.decode($0) }
        }
    }
}
