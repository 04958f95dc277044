import Foundation

/// The rules every store applies to keys, so a key that works on one backend works on the other.
public enum BlobKey {
    /// Throws ``BlobStoreError/invalidKey(_:reason:)`` unless `key` is a relative path of non-empty segments that
    /// do not start with a dot.
    public static func validate(_ key: String) throws(BlobStoreError) {
        func refuse(_ reason: String) -> BlobStoreError { .invalidKey(key, reason: reason) }
        if key.isEmpty { throw refuse("it is empty") }
        if key.hasPrefix("/") { throw refuse("it is absolute; keys are relative paths like originals/ab/x.jpg") }
        if key.utf8.contains(0) { throw refuse("it contains a NUL byte") }
        if key.utf8.count > 1024 { throw refuse("it is longer than 1024 bytes") }
        for segment in key.split(separator: "/", omittingEmptySubsequences: false) {
            if segment.isEmpty { throw refuse("it has an empty segment (//, or a trailing /)") }
            if segment == ".." || segment == "." { throw refuse("it would leave the store's root (\(segment))") }
            if segment.hasPrefix(".") { throw refuse("a segment starts with a dot (\(segment))") }
        }
    }
}
