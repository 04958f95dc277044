import FeedModels
import Foundation
import SQLKit

extension LibraryStore {
    static let topicSelect = "t.id, t.slug, t.title, t.description, t.featured, t.position, t.created_at, t.updated_at"

    /// The condition on photos `p` that selects these topics' photos: one of a topic's tags, or in one of its public
    /// albums.
    static func inTopics(_ topicIDs: [String]) -> SQLQueryString {
        inTopic(where: "IN (\(binds: topicIDs))")
    }

    /// ``inTopics(_:)`` for the topics whose id satisfies `topicID` (`IN (…)`, or `= t.id` to join topics `t`).
    static func inTopic(where topicID: SQLQueryString) -> SQLQueryString {
        """
        (p.id IN (SELECT pt.photo_id FROM photo_tags pt JOIN topic_tags tt ON tt.tag = pt.tag \
        WHERE tt.topic_id \(topicID)) \
        OR p.id IN (SELECT cp.photo_id FROM collection_photos cp \
        JOIN topic_collections tc ON tc.collection_id = cp.collection_id \
        JOIN collections c ON c.id = cp.collection_id WHERE tc.topic_id \(topicID) AND c.private = \(false)))
        """
    }

    /// Topics, `ids` (ids or slugs) only when given, in `order`, with their photo counts, previews and covers (as
    /// `viewerID` sees them).
    public func topics(ids: [String] = [], order: TopicOrder, page: PageRequest, viewerID: String? = nil)
        async throws -> Page<TopicRecord>
    {
        try await database.read { db in
            let filter: SQLQueryString =
                ids.isEmpty ? "" : " WHERE t.id IN (\(binds: ids)) OR t.slug IN (\(binds: ids))"
            let orderSQL =
                switch order {
                case .featured: "t.featured DESC, t.position ASC, t.created_at ASC, t.id ASC"
                case .latest: "t.created_at DESC, t.id DESC"
                case .oldest: "t.created_at ASC, t.id ASC"
                case .position: "t.position ASC, t.created_at ASC, t.id ASC"
                }
            let rows = try await db.raw(
                """
                SELECT \(unsafeRaw: Self.topicSelect) FROM topics t\(filter) ORDER BY \(unsafeRaw: orderSQL) \
                LIMIT \(literal: page.size) OFFSET \(literal: page.offset)
                """
            ).all()
            let total = try await count("SELECT COUNT(*) AS n FROM topics t\(filter)", on: db)
            return Page(items: try await completeTopics(rows, viewerID: viewerID, on: db), total: total)
        }
    }

    /// A topic by id or slug in full: with its cover (as `viewerID` sees it) and its top contributors.
    /// `.notFound("Topic")` when there is none.
    public func topic(idOrSlug: String, viewerID: String? = nil) async throws -> TopicRecord {
        try await database.read { db in
            var topic = try await topic(idOrSlug: idOrSlug, viewerID: viewerID, on: db)
            topic.topContributors = try await db.raw(
                """
                SELECT \(unsafeRaw: UserColumns.select(table: "u")), COUNT(*) AS n FROM photos p \
                JOIN users u ON u.id = p.user_id WHERE \(Self.inTopics([topic.id])) \
                GROUP BY \(unsafeRaw: UserColumns.select(table: "u")) ORDER BY n DESC, u.username ASC LIMIT 5
                """
            ).all().map { try UserColumns.decode($0) }
            return topic
        }
    }

    /// A page of a topic's photos (by id or slug) in `order`. `.notFound("Topic")` when there is no such topic.
    public func topicPhotos(
        _ idOrSlug: String, order: PhotoOrder, page: PageRequest, orientation: PhotoOrientation? = nil,
        viewerID: String? = nil
    ) async throws -> Page<PhotoRecord> {
        let id = try await database.read { db in
            try await db.raw("SELECT id FROM topics WHERE id = \(bind: idOrSlug) OR slug = \(bind: idOrSlug)").first()?
                .decode(column: "id", as: String.self)
        }
        guard let id else { throw StoreError.notFound("Topic") }
        return try await feed(
            order: order, page: page, filter: PhotoFilter(orientation: orientation, topicIDs: [id]), viewerID: viewerID
        )
    }

    func topic(idOrSlug: String, viewerID: String? = nil, on db: any SQLDatabase) async throws -> TopicRecord {
        let rows = try await db.raw(
            "SELECT \(unsafeRaw: Self.topicSelect) FROM topics t WHERE t.id = \(bind: idOrSlug) OR t.slug = \(bind: idOrSlug)"
        ).all()
        guard let topic = try await completeTopics(rows, viewerID: viewerID, on: db).first else {
            throw StoreError.notFound("Topic")
        }
        return topic
    }

    /// Topic rows made records: their tags, albums and curators (one statement each for all), photo counts and
    /// previews (one each per topic: each is its own condition), and covers (one statement for all).
    private func completeTopics(_ rows: [any SQLRow], viewerID: String?, on db: any SQLDatabase) async throws
        -> [TopicRecord]
    {
        guard !rows.isEmpty else { return [] }
        let ids = try rows.map { try $0.decode(column: "id", as: String.self) }
        var tags: [String: [String]] = [:]
        for row in try await db.raw(
            "SELECT topic_id, tag FROM topic_tags WHERE topic_id IN (\(binds: ids)) ORDER BY tag"
        ).all() {
            tags[try row.decode(column: "topic_id", as: String.self), default: []].append(
                try row.decode(column: "tag", as: String.self))
        }
        var albums: [String: [String]] = [:]
        for row in try await db.raw(
            "SELECT topic_id, collection_id FROM topic_collections WHERE topic_id IN (\(binds: ids)) ORDER BY collection_id"
        ).all() {
            albums[try row.decode(column: "topic_id", as: String.self), default: []]
                .append(try row.decode(column: "collection_id", as: String.self))
        }
        var owners: [String: [UserRecord]] = [:]
        for row in try await db.raw(
            """
            SELECT DISTINCT tc.topic_id, \(unsafeRaw: UserColumns.select(table: "u")) FROM topic_collections tc \
            JOIN collections c ON c.id = tc.collection_id JOIN users u ON u.id = c.user_id \
            WHERE tc.topic_id IN (\(binds: ids)) AND c.private = \(false) ORDER BY u.username
            """
        ).all() {
            owners[try row.decode(column: "topic_id", as: String.self), default: []].append(try UserColumns.decode(row))
        }
        var topics: [TopicRecord] = []
        for (id, row) in zip(ids, rows) {
            let condition = Self.inTopics([id])
            topics.append(
                TopicRecord(
                    id: id,
                    slug: try row.decode(column: "slug", as: String.self),
                    title: try row.decode(column: "title", as: String.self),
                    description: try row.decode(column: "description", as: String?.self),
                    featured: try row.decode(column: "featured", as: Bool.self),
                    position: try row.decode(column: "position", as: Int.self),
                    createdAt: Date(storedSeconds: try row.decode(column: "created_at", as: Int64.self)),
                    updatedAt: Date(storedSeconds: try row.decode(column: "updated_at", as: Int64.self)),
                    tags: tags[id] ?? [], collectionIDs: albums[id] ?? [],
                    totalPhotos: try await count("SELECT COUNT(*) AS n FROM photos p WHERE \(condition)", on: db),
                    previewPhotos: try await db.raw(
                        """
                        SELECT p.id, p.created_at, p.updated_at, p.blur_hash FROM photos p WHERE \(condition) \
                        ORDER BY p.created_at DESC, p.id DESC LIMIT 4
                        """
                    ).all().map(PhotoPreview.init),
                    owners: owners[id] ?? []
                ))
        }
        // each topic's cover is its newest photo
        let byID = try await photosByID(
            topics.compactMap { $0.previewPhotos.first?.id }, viewerID: viewerID, on: db)
        return topics.map { topic in
            var topic = topic
            topic.coverPhoto = topic.previewPhotos.first.flatMap { byID[$0.id] }
            return topic
        }
    }

    /// Makes a topic. The slug is the given one or made from the title; `.conflict("slug")` when it is taken,
    /// `.notFound("Collection")` when an album does not exist.
    public func createTopic(_ topic: TopicChanges, at date: Date = Date()) async throws -> TopicRecord {
        guard let title = topic.title, !title.isEmpty else {
            throw StoreError.badConfiguration("A topic needs a title.")
        }
        let slug = topic.slug ?? Identifier.slug(from: title)
        guard !slug.isEmpty else {
            throw StoreError.badConfiguration("A topic needs a slug made of letters or digits.")
        }
        return try await database.transaction { db in
            guard try await db.raw("SELECT id FROM topics WHERE slug = \(bind: slug)").first() == nil else {
                throw StoreError.conflict("slug")
            }
            let id = Identifier.make()
            let now = date.storedSeconds
            try await db.raw(
                """
                INSERT INTO topics (id, slug, title, description, featured, position, created_at, updated_at) \
                VALUES (\(bind: id), \(bind: slug), \(bind: title), \(bind: topic.description), \
                \(bind: topic.featured ?? false), \(bind: topic.position ?? 0), \(bind: now), \(bind: now))
                """
            ).run()
            try await setTopicMembers(id, tags: topic.tags ?? [], collectionIDs: topic.collectionIDs ?? [], on: db)
            return try await self.topic(idOrSlug: id, on: db)
        }
    }

    /// Changes a topic (by id or slug); fields left nil stay as they are.
    public func updateTopic(_ idOrSlug: String, _ changes: TopicChanges, at date: Date = Date()) async throws
        -> TopicRecord
    {
        try await database.transaction { db in
            let topic = try await self.topic(idOrSlug: idOrSlug, on: db)
            if let slug = changes.slug, slug != topic.slug,
                try await db.raw("SELECT id FROM topics WHERE slug = \(bind: slug)").first() != nil
            {
                throw StoreError.conflict("slug")
            }
            try await db.raw(
                """
                UPDATE topics SET title = \(bind: changes.title ?? topic.title), slug = \(bind: changes.slug ?? topic.slug), \
                description = \(bind: changes.description ?? topic.description), \
                featured = \(bind: changes.featured ?? topic.featured), position = \(bind: changes.position ?? topic.position), \
                updated_at = \(bind: date.storedSeconds) WHERE id = \(bind: topic.id)
                """
            ).run()
            if changes.tags != nil || changes.collectionIDs != nil {
                try await setTopicMembers(
                    topic.id, tags: changes.tags ?? topic.tags,
                    collectionIDs: changes.collectionIDs ?? topic.collectionIDs,
                    on: db
                )
            }
            return try await self.topic(idOrSlug: topic.id, on: db)
        }
    }

    /// Deletes a topic (by id or slug); its photos stay. `.notFound("Topic")` when there is none.
    public func deleteTopic(_ idOrSlug: String) async throws {
        try await database.transaction { db in
            guard
                try await db.raw(
                    "DELETE FROM topics WHERE id = \(bind: idOrSlug) OR slug = \(bind: idOrSlug) RETURNING id"
                ).first() != nil
            else { throw StoreError.notFound("Topic") }
        }
    }

    private func setTopicMembers(_ id: String, tags: [String], collectionIDs: [String], on db: any SQLDatabase)
        async throws
    {
        try await db.raw("DELETE FROM topic_tags WHERE topic_id = \(bind: id)").run()
        try await db.raw("DELETE FROM topic_collections WHERE topic_id = \(bind: id)").run()
        for tag in Set(tags.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !tag.isEmpty {
            try await db.raw("INSERT INTO topic_tags (topic_id, tag) VALUES (\(bind: id), \(bind: tag))").run()
        }
        for collectionID in Set(collectionIDs) {
            guard try await db.raw("SELECT id FROM collections WHERE id = \(bind: collectionID)").first() != nil else {
                throw StoreError.notFound("Collection")
            }
            try await db.raw(
                "INSERT INTO topic_collections (topic_id, collection_id) VALUES (\(bind: id), \(bind: collectionID))"
            ).run()
        }
    }
}
