import FeedModels
import Foundation

/// A remote source the library fills itself from.
public struct SourceRecord: Sendable, Hashable, Identifiable {
    public var id: String
    /// The name the owner calls it by (`imagefeed sources sync NAME`).
    public var name: String
    /// Which connector reads it: `unsplash`, `imagefeed`, `pixabay` or `flickr`.
    public var kind: String
    /// The API's root.
    public var apiURL: String
    /// The key the service gave the owner. Stored here, never written to a log.
    public var credential: String
    /// What to bring in, as the connector's options (`query`, `topic`, `tags`, `licenses`, …).
    public var options: [String: String]
    public var createdAt: Date
    public var lastSyncAt: Date?
    /// One line on how the last sync ended.
    public var lastSyncSummary: String?
    /// How many photos it has brought in (and still has).
    public var photoCount: Int = 0

    public init(
        id: String = Identifier.make(), name: String, kind: String, apiURL: String, credential: String,
        options: [String: String], createdAt: Date = Date(), lastSyncAt: Date? = nil, lastSyncSummary: String? = nil
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.apiURL = apiURL
        self.credential = credential
        self.options = options
        self.createdAt = createdAt
        self.lastSyncAt = lastSyncAt
        self.lastSyncSummary = lastSyncSummary
    }
}
