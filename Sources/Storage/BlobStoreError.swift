import Foundation

/// A blob store operation refused or failed outside S3 (whose failures are ``S3Error``).
public enum BlobStoreError: Error, Equatable, CustomStringConvertible {
    /// The key breaks ``BlobKey``'s rules.
    case invalidKey(String, reason: String)
    /// A file operation failed: what was being done, the path, and the system's error number.
    case file(String, String, Int32)
    /// A file being uploaded or copied got shorter while it was read.
    case changedWhileReading(String)

    /// One readable sentence.
    public var description: String {
        switch self {
        case .invalidKey(let key, let reason): "The storage key \"\(key)\" is refused: \(reason)"
        case .file(let action, let path, let code): "Could not \(action) \(path): \(String(cString: strerror(code)))"
        case .changedWhileReading(let path): "The file \(path) got shorter while it was being read"
        }
    }
}
