import SQLKit

extension Database {
    /// How many tables the PostgreSQL database's `public` schema holds: zero for the empty database a restore
    /// needs, which must not be mistaken for a library that is already there.
    public func postgresTableCount() async throws -> Int {
        try await read { db in
            try await db.raw(
                "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = 'public'"
            ).first()?.decode(column: "n", as: Int.self) ?? 0
        }
    }
}
