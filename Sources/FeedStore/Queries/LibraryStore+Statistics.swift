import Foundation
import SQLKit

extension LibraryStore {
    /// Adds `amount` to one counter of a photo's day (a download, a like or an unlike), in the caller's transaction.
    func countStatistic(
        _ metric: StatisticsMetric, photoID: String, amount: Int = 1, at date: Date, on db: any SQLDatabase
    )
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
            try await statistics(
                of: "p.id", where: "p.id = \(bind: idOrSlug) OR p.slug = \(bind: idOrSlug)", days: days, today: today,
                on: db
            ).first.map { ($0.key, $0.value) }
        }
    }

    /// The statistics of all of a person's photos (by username) over the `days` days ending with `today`; nil for an
    /// unknown username.
    public func statistics(ofUsername username: String, days: Int, today: StatisticsDay = StatisticsDay(Date()))
        async throws -> (user: UserRecord, statistics: Statistics)?
    {
        try await database.read { db in
            guard let user = try await user(username: username, on: db) else { return nil }
            let statistics = try await statistics(
                of: "p.user_id", where: "p.user_id = \(bind: user.id)", days: days, today: today, on: db
            )[user.id]
            return (
                user,
                statistics
                    ?? Self.statistics(
                        totals: [:], days: [:], from: today.number - Int64(days) + 1, through: today.number)
            )
        }
    }

    /// The statistics of several photos at once (a page of `stats=true`), by photo id.
    public func statistics(photoIDs: [String], days: Int, today: StatisticsDay = StatisticsDay(Date()))
        async throws -> [String: Statistics]
    {
        guard !photoIDs.isEmpty else { return [:] }
        return try await database.read { db in
            try await statistics(of: "p.id", where: "p.id IN (\(binds: photoIDs))", days: days, today: today, on: db)
        }
    }

    /// The statistics of the photos `p` matching `condition`, summed per `group` (`p.id` or `p.user_id`): totals, and
    /// each day of the `days` days ending with `today`. Groups without photos are absent.
    private func statistics(
        of group: String, where condition: SQLQueryString, days: Int, today: StatisticsDay, on db: any SQLDatabase
    ) async throws -> [String: Statistics] {
        let first = today.number - Int64(days) + 1
        var totals: [String: [StatisticsMetric: Int]] = [:]
        for row in try await db.raw(
            """
            SELECT \(unsafeRaw: group) AS grouped, CAST(SUM(p.downloads) AS BIGINT) AS downloads, \
            CAST(SUM(p.likes) AS BIGINT) AS likes FROM photos p WHERE \(condition) GROUP BY \(unsafeRaw: group)
            """
        ).all() {
            totals[try row.decode(column: "grouped", as: String.self)] = [
                .downloads: try row.decode(column: "downloads", as: Int.self),
                .likes: try row.decode(column: "likes", as: Int.self),
            ]
        }
        for row in try await db.raw(
            """
            SELECT \(unsafeRaw: group) AS grouped, CAST(SUM(s.views) AS BIGINT) AS views FROM photo_statistics s \
            JOIN photos p ON p.id = s.photo_id WHERE \(condition) GROUP BY \(unsafeRaw: group)
            """
        ).all() {
            totals[try row.decode(column: "grouped", as: String.self)]?[.views] = try row.decode(
                column: "views", as: Int.self)
        }
        var values: [String: [StatisticsMetric: [Int64: Int]]] = [:]
        for row in try await db.raw(
            """
            SELECT \(unsafeRaw: group) AS grouped, s.day, CAST(SUM(s.downloads) AS BIGINT) AS downloads, \
            CAST(SUM(s.views) AS BIGINT) AS views, CAST(SUM(s.likes) AS BIGINT) AS likes \
            FROM photo_statistics s JOIN photos p ON p.id = s.photo_id WHERE (\(condition)) \
            AND s.day BETWEEN \(bind: first) AND \(bind: today.number) GROUP BY \(unsafeRaw: group), s.day
            """
        ).all() {
            let key = try row.decode(column: "grouped", as: String.self)
            let day = try row.decode(column: "day", as: Int64.self)
            for metric in StatisticsMetric.allCases {
                values[key, default: [:]][metric, default: [:]][day] = try row.decode(
                    column: metric.rawValue, as: Int.self)
            }
        }
        return totals.reduce(into: [:]) { result, entry in
            result[entry.key] = Self.statistics(
                totals: entry.value, days: values[entry.key] ?? [:], from: first, through: today.number
            )
        }
    }

    /// Totals and a series for every day of the window, zero where `days` has no count.
    private static func statistics(
        totals: [StatisticsMetric: Int], days: [StatisticsMetric: [Int64: Int]], from first: Int64, through last: Int64
    ) -> Statistics {
        func series(_ metric: StatisticsMetric) -> StatisticsSeries {
            StatisticsSeries(
                total: totals[metric] ?? 0,
                days: (first...last).map {
                    StatisticsPoint(day: StatisticsDay(number: $0), value: days[metric]?[$0] ?? 0)
                }
            )
        }
        return Statistics(downloads: series(.downloads), views: series(.views), likes: series(.likes))
    }

    /// The whole library's counters.
    public func libraryTotals(now: Date = Date()) async throws -> LibraryTotals {
        try await database.read { db in
            let since = StatisticsDay(now).number - 29
            guard
                let row = try await db.raw(
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
                ).first()
            else { throw StoreError.unavailable("The library's counters could not be read.") }
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
            guard
                let row = try await db.raw(
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
                ).first()
            else { throw StoreError.unavailable("The library's counters could not be read.") }
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
