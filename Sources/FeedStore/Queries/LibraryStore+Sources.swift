import FeedModels
import Foundation
import SQLKit

extension LibraryStore {
    // MARK: Sources

    /// Records a new source. A name already in use (in any case) is `.conflict("name")`.
    public func addSource(_ source: SourceRecord) async throws -> SourceRecord {
        try await database.transaction { db in
            if try await db.raw("SELECT id FROM sources WHERE lower(name) = lower(\(bind: source.name))").first() != nil
            {
                throw StoreError.conflict("name")
            }
            try await db.raw(
                """
                INSERT INTO sources (id, name, kind, api_url, credential, options, created_at) VALUES \
                (\(bind: source.id), \(bind: source.name), \(bind: source.kind), \(bind: source.apiURL), \
                \(bind: source.credential), \(bind: Self.encodeOptions(source.options)), \
                \(bind: source.createdAt.storedSeconds))
                """
            ).run()
        }
        return source
    }

    /// Every source, oldest first, with how many photos each has brought in.
    public func sources() async throws -> [SourceRecord] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT s.*, (SELECT COUNT(*) FROM source_photos sp WHERE sp.source_id = s.id) AS photo_count \
                FROM sources s ORDER BY s.created_at, s.name
                """
            ).all().map(Self.decodeSource)
        }
    }

    /// The source with this name (in any case) or id.
    public func source(named name: String) async throws -> SourceRecord? {
        try await sources().first { $0.name.lowercased() == name.lowercased() || $0.id == name }
    }

    /// Writes how a sync of `sourceID` ended.
    public func recordSync(of sourceID: String, at date: Date, summary: String) async throws {
        try await database.transaction { db in
            try await db.raw(
                """
                UPDATE sources SET last_sync_at = \(bind: date.storedSeconds), last_sync_summary = \(bind: summary) \
                WHERE id = \(bind: sourceID)
                """
            ).run()
        }
    }

    /// Deletes a source with every photo it brought in (and the people standing for its photographers who are
    /// left without photos). A photo of the library's own that a source also had (the same bytes) stays. Returns
    /// the files no photo uses any more.
    public func deleteSource(id: String) async throws -> OrphanedFiles {
        var orphans = OrphanedFiles()
        let owned = try await database.read { db in
            try await db.raw(
                """
                SELECT DISTINCT p.id, p.user_id FROM source_photos sp JOIN photos p ON p.id = sp.photo_id \
                JOIN source_authors sa ON sa.user_id = p.user_id AND sa.source_id = sp.source_id \
                WHERE sp.source_id = \(bind: id)
                """
            ).all().map {
                (try $0.decode(column: "id", as: String.self), try $0.decode(column: "user_id", as: String.self))
            }
        }
        for (photoID, owner) in owned {
            let left = try await deletePhoto(photoID, by: owner)
            orphans.photoIDs += left.photoIDs
            orphans.originals += left.originals
        }
        try await database.transaction { db in
            try await db.raw(
                """
                DELETE FROM users WHERE password_hash IS NULL AND total_photos = 0 \
                AND id IN (SELECT user_id FROM source_authors WHERE source_id = \(bind: id))
                """
            ).run()
            try await db.raw("DELETE FROM sources WHERE id = \(bind: id)").run()
        }
        return orphans
    }

    /// Takes the right to sync `sourceID` until `until`, unless someone else holds it: one sync of a source at a
    /// time, whichever process or machine starts it. True when taken.
    /// `replacing` takes it over from a holder known to be gone (a killed process on this machine).
    public func takeSyncLease(
        of sourceID: String, holder: String, until: Date, replacing gone: String? = nil, now: Date = Date()
    ) async throws -> Bool {
        try await database.transaction { db in
            try await db.raw(
                """
                UPDATE sources SET lease_holder = \(bind: holder), lease_until = \(bind: until.storedSeconds) \
                WHERE id = \(bind: sourceID) AND (lease_until IS NULL OR lease_until < \(bind: now.storedSeconds) \
                OR lease_holder = \(bind: holder) OR lease_holder = \(bind: gone ?? holder)) RETURNING id
                """
            ).first() != nil
        }
    }

    /// Gives the right to sync back.
    public func releaseSyncLease(of sourceID: String, holder: String) async throws {
        try await database.transaction { db in
            try await db.raw(
                """
                UPDATE sources SET lease_holder = NULL, lease_until = NULL \
                WHERE id = \(bind: sourceID) AND lease_holder = \(bind: holder)
                """
            ).run()
        }
    }

    // MARK: Photos from sources

    /// What `sourceID` has brought in, by remote id.
    public func knownRemotePhotos(ofSource sourceID: String) async throws -> [String: KnownRemotePhoto] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT photo_id, remote_id, fingerprint, hotlink, removed_at, synced_at FROM source_photos \
                WHERE source_id = \(bind: sourceID)
                """
            ).all().reduce(into: [:]) { known, row in
                known[try row.decode(column: "remote_id", as: String.self)] = KnownRemotePhoto(
                    photoID: try row.decode(column: "photo_id", as: String.self),
                    fingerprint: try row.decode(column: "fingerprint", as: String.self),
                    isHotlinked: try row.decode(column: "hotlink", as: String?.self) != nil,
                    isRemoved: try row.decode(column: "removed_at", as: Int64?.self) != nil,
                    syncedAt: Date(storedSeconds: try row.decode(column: "synced_at", as: Int64.self))
                )
            }
        }
    }

    /// The local person standing for a photographer at a source, made (without a password) the first time. The
    /// username is theirs at the source when it is free and valid here, otherwise made unique with a number. Their
    /// photos' coordinates are shown as the source publishes them.
    public func ensureAuthor(_ author: RemoteAuthor, sourceID: String) async throws -> String {
        try await database.transaction { db in
            if let row = try await db.raw(
                """
                SELECT user_id FROM source_authors WHERE source_id = \(bind: sourceID) \
                AND remote_id = \(bind: author.remoteID)
                """
            ).first() {
                return try row.decode(column: "user_id", as: String.self)
            }
            let base = Self.localUsername(author.username)
            var username = base
            var suffix = 2
            while try await db.raw("SELECT id FROM users WHERE lower(username) = lower(\(bind: username))").first()
                != nil
            {
                let tail = "_\(suffix)"
                username = String(base.prefix(30 - tail.count)) + tail
                suffix += 1
            }
            let id = Identifier.make()
            let now = Date().storedSeconds
            try await db.raw(
                """
                INSERT INTO users (id, username, first_name, last_name, bio, portfolio_url, exact_location_public, \
                created_at, updated_at) \
                VALUES (\(bind: id), \(bind: username), \(bind: author.firstName), \(bind: author.lastName), \
                \(bind: author.bio), \(bind: author.profileURL), \(bind: true), \(bind: now), \(bind: now))
                """
            ).run()
            try await db.raw(
                """
                INSERT INTO source_authors (source_id, remote_id, user_id) \
                VALUES (\(bind: sourceID), \(bind: author.remoteID), \(bind: id))
                """
            ).run()
            return id
        }
    }

    /// A username valid here (3 to 30 letters, digits or underscores) made from one at a source.
    static func localUsername(_ remote: String) -> String {
        let kept = String(
            remote.unicodeScalars.map { scalar -> Character in
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_")
                    ? Character(scalar) : "_"
            }
        ).prefix(30)
        return kept.count >= 3 ? String(kept) : "photographer_" + kept
    }

    /// Brings a photo up to what its source says now, and remembers the new fingerprint; clears a removal mark.
    public func updateRemotePhoto(_ photoID: String, _ changes: RemotePhotoChanges) async throws {
        try await database.transaction { db in
            let now = Date().storedSeconds
            var size: SQLQueryString = ""
            if let width = changes.width, let height = changes.height {
                let orientation = PhotoOrientation(width: width, height: height).rawValue
                size = "width = \(bind: width), height = \(bind: height), orientation = \(bind: orientation), "
            }
            try await db.raw(
                """
                UPDATE photos SET updated_at = \(bind: now), description = \(bind: changes.description), \
                alt_description = \(bind: changes.altDescription), \(size)\
                location_name = \(bind: changes.place.name), location_city = \(bind: changes.place.city), \
                location_country = \(bind: changes.place.country), latitude = \(bind: changes.place.latitude), \
                longitude = \(bind: changes.place.longitude), license = \(bind: changes.license), \
                attribution = \(bind: JSONColumn.encode(changes.source)) WHERE id = \(bind: photoID)
                """
            ).run()
            try await db.raw("DELETE FROM photo_tags WHERE photo_id = \(bind: photoID)").run()
            for tag in Self.normalisedTags(changes.tags) {
                try await db.raw("INSERT INTO photo_tags (photo_id, tag) VALUES (\(bind: photoID), \(bind: tag))").run()
            }
            try await refreshSearchText(photoID: photoID, on: db)
            let link = changes.link
            try await db.raw(
                """
                UPDATE source_photos SET fingerprint = \(bind: link.fingerprint), \
                hotlink = \(bind: JSONColumn.encode(link.hotlink)), \
                download_location = \(bind: link.downloadLocation), removed_at = NULL, synced_at = \(bind: now) \
                WHERE source_id = \(bind: link.sourceID) AND remote_id = \(bind: link.remoteID)
                """
            ).run()
        }
    }

    /// Marks a downloaded photo as gone from its source: it stays in the library, and its credit says so.
    public func markRemoteRemoved(_ photoID: String, at date: Date = Date()) async throws {
        try await database.transaction { db in
            guard let row = try await db.raw("SELECT attribution FROM photos WHERE id = \(bind: photoID)").first()
            else { return }
            var source = try row.decode(column: "attribution", as: String?.self).flatMap {
                JSONColumn.decode($0) as PhotoSource?
            }
            source?.removedAt = date
            try await db.raw(
                """
                UPDATE photos SET attribution = \(bind: JSONColumn.encode(source)), \
                updated_at = \(bind: date.storedSeconds) WHERE id = \(bind: photoID)
                """
            ).run()
            try await db.raw(
                "UPDATE source_photos SET removed_at = \(bind: date.storedSeconds) WHERE photo_id = \(bind: photoID)"
            ).run()
        }
    }

    /// Deletes a hotlinked photo whose source no longer has it, keeping every counter exact.
    public func deleteRemotePhoto(_ photoID: String) async throws -> OrphanedFiles {
        let owner = try await database.read { db in
            try await db.raw("SELECT user_id FROM photos WHERE id = \(bind: photoID)").first()?
                .decode(column: "user_id", as: String.self)
        }
        guard let owner else { return OrphanedFiles() }
        return try await deletePhoto(photoID, by: owner)
    }

    /// Where a photo came from, for a download to tell its source: the source and its `download_location`.
    public func downloadLocation(ofPhoto photoID: String) async throws -> (source: SourceRecord, url: String)? {
        try await database.read { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT s.*, 0 AS photo_count, sp.download_location FROM source_photos sp \
                    JOIN sources s ON s.id = sp.source_id \
                    WHERE sp.photo_id = \(bind: photoID) AND sp.download_location IS NOT NULL LIMIT 1
                    """
                ).first()
            else { return nil }
            return (try Self.decodeSource(row), try row.decode(column: "download_location", as: String.self))
        }
    }

    /// Remembers that a source's photo is one the library already had (the same bytes), so that the next sync
    /// does not bring it in again.
    public func linkSourcePhoto(_ photoID: String, _ link: SourceLink) async throws {
        try await database.transaction { db in
            try await insertSourceLink(link, photoID: photoID, at: Date().storedSeconds, on: db)
        }
    }

    /// Notes that a source still has these photos: the removal checks of later syncs ask about the photos
    /// confirmed longest ago first.
    public func markSynced(_ photoIDs: [String], at date: Date = Date()) async throws {
        guard !photoIDs.isEmpty else { return }
        try await database.transaction { db in
            for batch in photoIDs.chunked(500) {
                try await db.raw(
                    """
                    UPDATE source_photos SET synced_at = \(bind: date.storedSeconds) \
                    WHERE photo_id IN (\(binds: Array(batch)))
                    """
                ).run()
            }
        }
    }

    /// Who holds the right to sync `sourceID`, and until when; nil when nobody does.
    public func syncLease(of sourceID: String) async throws -> (holder: String, until: Date)? {
        try await database.read { db in
            guard
                let row = try await db.raw(
                    "SELECT lease_holder, lease_until FROM sources WHERE id = \(bind: sourceID)"
                ).first(), let holder = try row.decode(column: "lease_holder", as: String?.self),
                let until = try row.decode(column: "lease_until", as: Int64?.self)
            else { return nil }
            return (holder, Date(storedSeconds: until))
        }
    }

    func insertSourceLink(_ link: SourceLink, photoID: String, at seconds: Int64, on db: any SQLDatabase) async throws {
        try await db.raw(
            """
            INSERT INTO source_photos (photo_id, source_id, remote_id, hotlink, download_location, fingerprint, \
            synced_at) VALUES (\(bind: photoID), \(bind: link.sourceID), \(bind: link.remoteID), \
            \(bind: JSONColumn.encode(link.hotlink)), \(bind: link.downloadLocation), \
            \(bind: link.fingerprint), \(bind: seconds)) ON CONFLICT DO NOTHING
            """
        ).run()
    }

    // MARK: Cached answers

    /// The answer to `request` kept for `sourceID`, when younger than `maxAge` (Pixabay asks for 24 hours).
    public func cachedSourceAnswer(_ request: String, sourceID: String, maxAge: Duration, now: Date = Date())
        async throws -> String?
    {
        guard maxAge > .zero else { return nil }
        let oldest = now.storedSeconds - maxAge.components.seconds
        return try await database.read { db in
            try await db.raw(
                """
                SELECT body FROM source_responses WHERE source_id = \(bind: sourceID) \
                AND request = \(bind: request) AND fetched_at >= \(bind: oldest)
                """
            ).first()?.decode(column: "body", as: String.self)
        }
    }

    /// Keeps the answer to `request`, and lets go of the source's answers older than `lifetime` (removal checks
    /// ask for one photo each: kept for ever, they would pile up).
    public func keepSourceAnswer(
        _ body: String, request: String, sourceID: String, lifetime: Duration, at date: Date = Date()
    ) async throws {
        try await database.transaction { db in
            try await db.raw(
                """
                DELETE FROM source_responses WHERE source_id = \(bind: sourceID) \
                AND fetched_at < \(bind: date.storedSeconds - lifetime.components.seconds)
                """
            ).run()
            try await db.raw(
                """
                INSERT INTO source_responses (source_id, request, body, fetched_at) VALUES \
                (\(bind: sourceID), \(bind: request), \(bind: body), \(bind: date.storedSeconds)) \
                ON CONFLICT (source_id, request) DO UPDATE SET body = excluded.body, fetched_at = excluded.fetched_at
                """
            ).run()
        }
    }

    // MARK: Rows

    static func decodeSource(_ row: any SQLRow) throws -> SourceRecord {
        var source = SourceRecord(
            id: try row.decode(column: "id", as: String.self),
            name: try row.decode(column: "name", as: String.self),
            kind: try row.decode(column: "kind", as: String.self),
            apiURL: try row.decode(column: "api_url", as: String.self),
            credential: try row.decode(column: "credential", as: String.self),
            options: decodeOptions(try row.decode(column: "options", as: String.self)),
            createdAt: Date(storedSeconds: try row.decode(column: "created_at", as: Int64.self)),
            lastSyncAt: try row.decode(column: "last_sync_at", as: Int64?.self).map(Date.init(storedSeconds:)),
            lastSyncSummary: try row.decode(column: "last_sync_summary", as: String?.self)
        )
        source.photoCount = try row.decode(column: "photo_count", as: Int.self)
        return source
    }

    static func encodeOptions(_ options: [String: String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(options)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func decodeOptions(_ text: String) -> [String: String] {
        (try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))) ?? [:]
    }
}
