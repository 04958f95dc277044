import Foundation
import SQLKit

extension LibraryStore {
    /// Adds `amount` to one counter of a photo's day (a download, a like or an unlike), in the caller's transaction.
    func countStatistic(_ metric: StatisticsMetric, photoID: String, amount: Int = 1, at date: Date, on db: any SQLDatabase)
        async throws
    {
        let column = metric.rawValue
        try await db.raw(
            """
            INSERT INTO photo_statistics (photo_id, day, \(unsafeRaw: column)) \
            VALUES (\(bind: photoID), \(bind: StatisticsDay(date).number), \(literal: amount)) \
            ON CONFLICT (photo_id, day) DO UPDATE SET \
            \(unsafeRaw: column) = photo_statistics.\(unsafeRaw: column) + excluded.\(unsafeRaw: column)
            """
        ).run()
    }

    /// Counts a batch of views in one transaction: each photo (by id or slug) once per viewer per day — a view
    /// already counted that day, or of an unknown photo, counts nothing. Returns how many views were new. Rows that
    /// only de-duplicated days before yesterday are dropped on the way.
    @discardableResult
    public func recordViews(_ views: [PhotoView]) async throws -> Int {
        guard !views.isEmpty else { return 0 }
        return try await database.transaction { db in
            var counted: [String: [Int64: Int]] = [:]
            for view in Set(views) {
                let inserted = try await db.raw(
                    """
                    INSERT INTO photo_viewers (photo_id, viewer, day) \
                    SELECT id, \(bind: view.viewer), \(bind: view.day.number) FROM photos \
                    WHERE id = \(bind: view.photo) OR slug = \(bind: view.photo) \
                    ON CONFLICT DO NOTHING RETURNING photo_id
                    """
                ).first()
                if let photoID = try inserted?.decode(column: "photo_id", as: String.self) {
                    counted[photoID, default: [:]][view.day.number, default: 0] += 1
                }
            }
            var total = 0
            for (photoID, days) in counted {
                for (day, amount) in days {
                    total += amount
                    try await db.raw(
                        """
                        INSERT INTO photo_statistics (photo_id, day, views) \
                        VALUES (\(bind: photoID), \(bind: day), \(literal: amount)) \
                        ON CONFLICT (photo_id, day) DO UPDATE SET views = photo_statistics.views + excluded.views
                        """
                    ).run()
                }
            }
            if let newest = views.map(\.day.number).max() {
                try await db.raw("DELETE FROM photo_viewers WHERE day < \(bind: newest - 1)").run()
            }
            return total
        }
    }

    /// A photo's statistics (by id or slug) over the `days` days ending with `today`; nil for an unknown photo.
    public func statistics(photo idOrSlug: String, days: Int, today: StatisticsDay = StatisticsDay(Date()))
        async throws -> (photoID: String, statistics: Statistics)?
    {
        try await database.read { db in
            guard let row = try await db.raw(
                """
                SELECT id, downloads, likes, (SELECT COALESCE(CAST(SUM(views) AS BIGINT), 0) FROM photo_statistics s \
                WHERE s.photo_id = photos.id) AS views FROM photos WHERE id = \(bind: idOrSlug) OR slug = \(bind: idOrSlug)
                """
            ).first() else { return nil }
            let id = try row.decode(column: "id", as: String.self)
            let first = today.number - Int64(days) + 1
            let rows = try await db.raw(
                """
                SELECT day, downloads, views, likes FROM photo_statistics WHERE photo_id = \(bind: id) \
                AND day BETWEEN \(bind: first) AND \(bind: today.number)
                """
            ).all()
            return (id, try Self.statistics(totals: row, days: rows, from: first, through: today.number))
        }
    }

    /// The statistics of all of a person's photos (by username) over the `days` days ending with `today`; nil for an
    /// unknown username.
    public func statistics(ofUsername username: String, days: Int, today: StatisticsDay = StatisticsDay(Date()))
        async throws -> (user: UserRecord, statistics: Statistics)?
    {
        try await database.read { db in
            guard let user = try await user(username: username, on: db) else { return nil }
            let totals = try await db.raw(
                """
                SELECT COALESCE(CAST(SUM(downloads) AS BIGINT), 0) AS downloads, COALESCE(CAST(SUM(likes) AS BIGINT), 0) AS likes, \
                (SELECT COALESCE(CAST(SUM(s.views) AS BIGINT), 0) FROM photo_statistics s JOIN photos p ON p.id = s.photo_id \
                WHERE p.user_id = \(bind: user.id)) AS views FROM photos WHERE user_id = \(bind: user.id)
                """
            ).first()
            let first = today.number - Int64(days) + 1
            let rows = try await db.raw(
                """
                SELECT s.day, CAST(SUM(s.downloads) AS BIGINT) AS downloads, CAST(SUM(s.views) AS BIGINT) AS views, CAST(SUM(s.likes) AS BIGINT) AS likes \
                FROM photo_statistics s JOIN photos p ON p.id = s.photo_id WHERE p.user_id = \(bind: user.id) \
                AND s.day BETWEEN \(bind: first) AND \(bind: today.number) GROUP BY s.day
                """
            ).all()
            guard let totals else { return nil }
            return (user, try Self.statistics(totals: totals, days: rows, from: first, through: today.number))
        }
    }

    /// The statistics of several photos at once (a page of `stats=true`), by photo id.
    public func statistics(photoIDs: [String], days: Int, today: StatisticsDay = StatisticsDay(Date()))
        async throws -> [String: Statistics]
    {
        guard !photoIDs.isEmpty else { return [:] }
        return try await database.read { db in
            let totals = try await db.raw(
                """
                SELECT id, downloads, likes, (SELECT COALESCE(CAST(SUM(views) AS BIGINT), 0) FROM photo_statistics s \
                WHERE s.photo_id = photos.id) AS views FROM photos WHERE id IN (\(binds: photoIDs))
                """
            ).all()
            let first = today.number - Int64(days) + 1
            let rows = try await db.raw(
                """
                SELECT photo_id, day, downloads, views, likes FROM photo_statistics \
                WHERE photo_id IN (\(binds: photoIDs)) AND day BETWEEN \(bind: first) AND \(bind: today.number)
                """
            ).all()
            var byPhoto: [String: [any SQLRow]] = [:]
            for row in rows { byPhoto[try row.decode(column: "photo_id", as: String.self), default: []].append(row) }
            var result: [String: Statistics] = [:]
            for row in totals {
                let id = try row.decode(column: "id", as: String.self)
                result[id] = try Self.statistics(totals: row, days: byPhoto[id] ?? [], from: first, through: today.number)
            }
            return result
        }
    }

    /// Totals from `totals` (columns `downloads`, `views`, `likes`) and a series for every day of the window, zero
    /// where `days` has no row.
    private static func statistics(totals: any SQLRow, days: [any SQLRow], from first: Int64, through last: Int64)
        throws -> Statistics
    {
        var values: [StatisticsMetric: [Int64: Int]] = [:]
        for row in days {
            let day = try row.decode(column: "day", as: Int64.self)
            for metric in StatisticsMetric.allCases {
                values[metric, default: [:]][day] = try row.decode(column: metric.rawValue, as: Int.self)
            }
        }
        func series(_ metric: StatisticsMetric) throws -> StatisticsSeries {
            StatisticsSeries(
                total: try totals.decode(column: metric.rawValue, as: Int.self),
                days: (first...last).map { (StatisticsDay(number: $0), values[metric]?[$0] ?? 0) }
            )
        }
        return Statistics(downloads: try series(.downloads), views: try series(.views), likes: try series(.likes))
    }

    /// The whole library's counters.
    public func libraryTotals(now: Date = Date()) async throws -> LibraryTotals {
        try await database.read { db in
            let since = StatisticsDay(now).number - 29
            guard let row = try await db.raw(
                """
                SELECT (SELECT COUNT(*) FROM photos) AS photos, \
                (SELECT COALESCE(CAST(SUM(downloads) AS BIGINT), 0) FROM photos) AS downloads, \
                (SELECT COALESCE(CAST(SUM(views) AS BIGINT), 0) FROM photo_statistics) AS views, \
                (SELECT COALESCE(CAST(SUM(likes) AS BIGINT), 0) FROM photos) AS likes, \
                (SELECT COUNT(DISTINCT user_id) FROM photos) AS photographers, \
                (SELECT COALESCE(CAST(SUM(width * height) AS BIGINT), 0) FROM photos) AS pixels, \
                (SELECT COUNT(DISTINCT owner_id) FROM oauth_apps) AS developers, \
                (SELECT COUNT(*) FROM oauth_apps) AS applications, \
                (SELECT COALESCE(CAST(SUM(hits) AS BIGINT), 0) FROM rate_limits) AS requests, \
                (SELECT COALESCE(CAST(SUM(downloads) AS BIGINT), 0) FROM photo_statistics WHERE day >= \(bind: since)) AS recent_downloads, \
                (SELECT COALESCE(CAST(SUM(views) AS BIGINT), 0) FROM photo_statistics WHERE day >= \(bind: since)) AS recent_views
                """
            ).first() else { throw StoreError.unavailable("The library's counters could not be read.") }
            func value(_ column: String) throws -> Int { try row.decode(column: column, as: Int.self) }
            return LibraryTotals(
                photos: try value("photos"), downloads: try value("downloads"), views: try value("views"),
                likes: try value("likes"), photographers: try value("photographers"), pixels: try value("pixels"),
                developers: try value("developers"), applications: try value("applications"),
                requests: try value("requests"), recentDownloads: try value("recent_downloads"),
                recentViews: try value("recent_views")
            )
        }
    }

    /// The library's last 30 days, today included.
    public func libraryMonth(now: Date = Date()) async throws -> LibraryMonth {
        try await database.read { db in
            let firstDay = StatisticsDay(now).number - 29
            let since = StatisticsDay(number: firstDay).start.storedSeconds
            guard let row = try await db.raw(
                """
                SELECT (SELECT COALESCE(CAST(SUM(downloads) AS BIGINT), 0) FROM photo_statistics WHERE day >= \(bind: firstDay)) AS downloads, \
                (SELECT COALESCE(CAST(SUM(views) AS BIGINT), 0) FROM photo_statistics WHERE day >= \(bind: firstDay)) AS views, \
                (SELECT COALESCE(CAST(SUM(likes) AS BIGINT), 0) FROM photo_statistics WHERE day >= \(bind: firstDay)) AS likes, \
                (SELECT COUNT(*) FROM photos WHERE created_at >= \(bind: since)) AS new_photos, \
                (SELECT COUNT(*) FROM users u WHERE u.created_at >= \(bind: since) \
                AND EXISTS (SELECT 1 FROM photos p WHERE p.user_id = u.id)) AS new_photographers, \
                (SELECT COALESCE(CAST(SUM(width * height) AS BIGINT), 0) FROM photos WHERE created_at >= \(bind: since)) AS new_pixels, \
                (SELECT COUNT(DISTINCT owner_id) FROM oauth_apps WHERE created_at >= \(bind: since)) AS new_developers, \
                (SELECT COUNT(*) FROM oauth_apps WHERE created_at >= \(bind: since)) AS new_applications, \
                (SELECT COALESCE(CAST(SUM(hits) AS BIGINT), 0) FROM rate_limits) AS new_requests
                """
            ).first() else { throw StoreError.unavailable("The library's counters could not be read.") }
            func value(_ column: String) throws -> Int { try row.decode(column: column, as: Int.self) }
            return LibraryMonth(
                downloads: try value("downloads"), views: try value("views"), likes: try value("likes"),
                newPhotos: try value("new_photos"), newPhotographers: try value("new_photographers"),
                newPixels: try value("new_pixels"), newDevelopers: try value("new_developers"),
                newApplications: try value("new_applications"), newRequests: try value("new_requests")
            )
        }
    }
}
