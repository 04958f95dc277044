/// What a failed database call says about the database itself rather than about the query.
enum DatabaseFault: Sendable, Equatable {
    /// The database cannot be reached: the connection was refused, lost or timed out, or the server is shutting
    /// down or starting. Nothing the query did is to blame, and the same call may work in a moment.
    case unreachable(String)
    /// The disk under the database is full (SQLite): writes fail, reads still work.
    case full
}
