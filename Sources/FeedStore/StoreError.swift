/// What can go wrong in the store, in words a person can act on.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A setting is wrong (for example an unparsable database URL).
    case badConfiguration(String)
    /// The database could not be reached (refused, lost or timed out): the same call may work in a moment.
    case unavailable(String)
    /// The disk holding the database (SQLite) in `folder` is full: writes are refused until space is freed.
    case diskFull(folder: String)
    /// A row that must be unique already exists; carries the column (`email`, `username`, `title`).
    case conflict(String)
    /// A row the call needs does not exist; carries what it is, as the API names it (`Photo`, `User`).
    case notFound(String)
    /// The caller may change only their own; carries what, in the plural (`photos`, `albums`).
    case notOwner(String)

    public var description: String {
        switch self {
        case .badConfiguration(let message), .unavailable(let message), .conflict(let message),
            .notFound(let message):
            message
        case .notOwner(let things):
            "Only their owner can change these \(things)."
        case .diskFull(let folder):
            "The disk holding the database in \(folder) is full; free space there and the database takes writes again."
        }
    }
}
