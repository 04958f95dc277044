import FeedModels
import FeedStore
import Foundation

/// What a Storage request asks to do, in the terms of the Storage rules (`read` is `get` and `list`; `write` is
/// `create`, `update` and `delete`).
public enum StorageAction: String, Sendable, Hashable {
    case get, list, create, update, delete
}

/// An object as a write would leave it: the rules' `request.resource`.
public struct ProposedObject: Sendable, Hashable {
    public var name: String
    public var bucket: String
    public var size: Int64
    public var contentType: String?
    public var metadata: [String: String]
    public var md5Hash: String?
}

/// A request as the Storage rules see it.
public struct StorageAccessRequest: Sendable {
    public var action: StorageAction
    public var bucket: String
    /// The object's name; for a listing, its prefix without a trailing slash.
    public var path: String
    /// The person asking, or nil for a caller without a token. (The admin is never asked about: the rules do not
    /// apply to it.)
    public var auth: IDTokenClaims?
    /// The object as it is: the rules' `resource`.
    public var resource: StorageObjectRecord?
    /// The object as the write would leave it: the rules' `request.resource`.
    public var proposed: ProposedObject?
    public var time: Date
}

/// Decides what the Storage rules allow.
public protocol StorageAccessPolicy: Sendable {
    func allows(_ request: StorageAccessRequest) -> Bool
}
