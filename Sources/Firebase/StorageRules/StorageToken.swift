/// A token of a Storage rules file.
struct StorageToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case identifier(String)
        case integer(Int64)
        case float(Double)
        case string(String)
        /// A match path, `/b/{bucket}/o` or `/users/{uid}/{rest=**}`, read whole after `match`.
        case path(String)
        case symbol(String)
        case end
    }

    var kind: Kind
    var line: Int
    var column: Int
}
