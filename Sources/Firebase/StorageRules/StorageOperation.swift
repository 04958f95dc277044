/// The operations a Storage request can be, and the names `allow` may use for groups of them.
///
/// Mirrors the methods of `allow` in https://firebase.google.com/docs/storage/security/core-syntax#allow.
public enum StorageOperation: String, Sendable, Hashable, CaseIterable {
    /// Reading an object or its metadata (`read` includes it).
    case get
    /// Listing a folder (`read` includes it).
    case list
    /// Uploading an object that does not exist (`write` includes it).
    case create
    /// Replacing an object or changing its metadata (`write` includes it).
    case update
    /// Deleting an object (`write` includes it).
    case delete

    /// The operations an `allow` method name grants: `read` = get + list, `write` = create + update + delete.
    static func granted(by method: String) -> [StorageOperation]? {
        switch method {
        case "read": return [.get, .list]
        case "write": return [.create, .update, .delete]
        default: return StorageOperation(rawValue: method).map { [$0] }
        }
    }
}
