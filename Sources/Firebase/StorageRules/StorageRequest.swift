/// A request the rules judge.
///
/// Mirrors the `request` variable of https://firebase.google.com/docs/reference/security/storage#request.
public struct StorageRequest: Sendable, Hashable {
    /// What is asked.
    public var operation: StorageOperation
    /// The bucket.
    public var bucket: String
    /// The object name (`favs/u1/a.jpg`), or for `list` the prefix listed (`favs/u1/`).
    public var path: String
    /// Who asks.
    public var auth: StorageAuth?
    /// `request.time`, in milliseconds since 1970.
    public var time: Int64
    /// `request.resource`: the object as it would be after a create or update.
    public var resource: StorageObjectMetadata?

    /// Makes a request.
    public init(
        operation: StorageOperation, bucket: String, path: String, auth: StorageAuth?, time: Int64,
        resource: StorageObjectMetadata? = nil
    ) {
        self.operation = operation
        self.bucket = bucket
        self.path = path
        self.auth = auth
        self.time = time
        self.resource = resource
    }
}
