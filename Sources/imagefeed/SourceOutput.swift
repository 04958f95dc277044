import ArgumentParser
import FeedStore
import Foundation

/// One element of `sources list --json`.
struct SourceOutput: Encodable {
    var name: String
    var kind: String
    var apiUrl: String
    /// The key's last four characters, or nil without a key: the key itself is never printed.
    var keySuffix: String?
    var options: [String: String]
    var photoCount: Int
    var lastSyncAt: Date?
    var lastSyncSummary: String?

    init(_ source: SourceRecord) {
        name = source.name
        kind = source.kind
        apiUrl = source.apiURL
        keySuffix = source.credential.isEmpty ? nil : String(source.credential.suffix(4))
        options = source.options
        photoCount = source.photoCount
        lastSyncAt = source.lastSyncAt
        lastSyncSummary = source.lastSyncSummary
    }
}
