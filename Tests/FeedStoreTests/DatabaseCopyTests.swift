import Foundation
import SQLKit
import TestSupport
import Testing

@testable import FeedStore

/// `imagefeed database copy`: a library that began on SQLite, moved whole into PostgreSQL.
@Suite("Database copy", .enabled(if: Backend.available.contains(.postgres)))
struct DatabaseCopyTests {
    /// A small SQLite library with something in every kind of row: photos with tags, places and search text, a
    /// deleted photo (so the last number given is above every number left), people, a like, an album, a session.
    static func fillSource(_ store: LibraryStore) async throws
        -> (ids: [String], ann: UserRecord, album: String, deletedNumber: Int64)
    {
        let ids = try await TestLibrary.seed(store, count: 7) { index in
            ("Harbour at dusk \(index)", ["sea", "boat\(index % 2)"], 1200 + index, 800, "blue")
        }
        let ann = try await store.ensureUser(username: "ann", firstName: "Ann", lastName: "Lee")
        _ = try await store.like(photo: ids[2], by: ann.id)
        let album = try await store.createCollection(
            ownerID: ann.id, title: "Boats", description: "Old", isPrivate: true)
        _ = try await store.addPhoto(ids[1], toCollection: album.id, by: ann.id)
        try await store.createSession(
            idHash: "session-hash", userID: ann.id, expiresAt: Date().addingTimeInterval(3600))
        let deleted = try #require(try await store.photo(idOrSlug: ids[6]))
        _ = try await store.deletePhoto(ids[6], by: deleted.owner.id)
        return (Array(ids.prefix(6)), ann, album.id, deleted.number)
    }

    @Test func a_sqlite_library_arrives_whole_in_postgres() async throws {
        try await TestDatabase.withStore(.sqlite) { source, _ in
            try await TestDatabase.withStore(.postgres) { target, _ in
                // setup
                let (ids, ann, album, deletedNumber) = try await Self.fillSource(source)

                // act
                let tables = try await DatabaseCopy(from: source.database, to: target.database).run()

                // assert: every row of every table, the same answers from the store on both
                for table in tables where table.name != "library_stats" {
                    let sourceRows = try await source.database.read { db in
                        try await db.raw("SELECT COUNT(*) AS n FROM \(ident: table.name)").first()!
                            .decode(column: "n", as: Int.self)
                    }
                    #expect(table.rows == sourceRows, "\(table.name)")
                }
                #expect(tables.first { $0.name == "photos" }?.rows == 6)
                #expect(tables.map(\.name).firstIndex(of: "users")! < tables.map(\.name).firstIndex(of: "photos")!)
                let page = PageRequest(number: 1, size: 30)
                let before = try await source.feed(order: .latest, page: page, viewerID: ann.id)
                let after = try await target.feed(order: .latest, page: page, viewerID: ann.id)
                #expect(after.total == 6)
                #expect(after.items.map(\.id) == before.items.map(\.id))
                for (old, new) in zip(before.items, after.items) {
                    #expect(new.number == old.number && new.tags == old.tags && new.place == old.place)
                    #expect(new.likes == old.likes && new.likedByViewer == old.likedByViewer)
                    #expect(new.description == old.description && new.owner.username == old.owner.username)
                }
                let found = try await target.searchPhotos(PhotoSearch(text: "harbour"), page: page)
                #expect(Set(found.page.items.map(\.id)) == Set(ids))
                let latest = try await target.searchPhotos(PhotoSearch(text: "boat1", order: .latest), page: page)
                #expect(Set(latest.page.items.map(\.id)) == [ids[1], ids[3], ids[5]])
                let undated = try await target.database.read { db in
                    try await db.raw("SELECT COUNT(*) AS n FROM photo_search WHERE created_at = 0").first()!
                        .decode(column: "n", as: Int.self)
                }
                #expect(undated == 0, "full-text rows without their photo's date")
                #expect(try await target.session(idHash: "session-hash")?.user.id == ann.id)
                let boats = try await target.photos(inCollection: album, page: page, ownerID: ann.id, viewerID: ann.id)
                #expect(boats.items.map(\.id) == [ids[1]])

                // assert: a new photo's number continues after the deleted photo's, never reusing it
                guard
                    case .inserted(let next) = try await target.recordPhoto(
                        NumericIDTests.newPhoto(owner: ann.id, title: "After the move"))
                else {
                    Issue.record("not inserted")
                    return
                }
                #expect(deletedNumber > before.items.map(\.number).max()!)
                #expect(try #require(try await target.photo(idOrSlug: next.id)).number == deletedNumber + 1)
            }
        }
    }

    @Test func a_target_that_holds_anything_is_refused_and_left_as_it_was() async throws {
        try await TestDatabase.withStore(.sqlite) { source, _ in
            try await TestDatabase.withStore(.postgres) { target, _ in
                // setup
                _ = try await Self.fillSource(source)
                let kept = try await target.ensureUser(username: "already_here", firstName: "Kim")

                // act
                let copy = try DatabaseCopy(from: source.database, to: target.database)
                let error = await #expect(throws: DatabaseCopyError.self) { try await copy.run() }

                // assert
                #expect(error == .targetNotEmpty(["users"]))
                let users = try await target.database.read { db in
                    try await db.raw("SELECT id FROM users").all().map { try $0.decode(column: "id", as: String.self) }
                }
                #expect(users == [kept.id])
            }
        }
    }

    @Test func only_sqlite_is_copied_and_only_into_postgres() async throws {
        try await TestDatabase.withStore(.sqlite) { sqlite, _ in
            try await TestDatabase.withStore(.postgres) { postgres, _ in
                #expect(throws: DatabaseCopyError.sourceNotSQLite) {
                    try DatabaseCopy(from: postgres.database, to: postgres.database)
                }
                #expect(throws: DatabaseCopyError.targetNotPostgres) {
                    try DatabaseCopy(from: sqlite.database, to: sqlite.database)
                }
            }
        }
    }

    @Test func tables_are_ordered_after_the_tables_they_reference() throws {
        let order = try DatabaseCopy.parentsFirst(
            ["likes", "photos", "tags", "users"], parents: ["likes": ["photos", "users"], "photos": ["users"]])
        #expect(order == ["tags", "users", "photos", "likes"])
        #expect(throws: DatabaseCopyError.cyclicReferences(["a", "b"])) {
            try DatabaseCopy.parentsFirst(["a", "b"], parents: ["a": ["b"], "b": ["a"]])
        }
    }
}
