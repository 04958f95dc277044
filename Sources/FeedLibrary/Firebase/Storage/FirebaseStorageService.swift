import FeedModels
import FeedStore
import Foundation
import Logging
import Storage

/// Firebase Storage over the library's blob store: each object's bytes are a blob of their own (written first, under
/// a key no other write uses), its metadata a row in the database (committed after, in one transaction), so a reader
/// on any node sees the old object or the new one, never a part, and a write that fails or is cut off leaves
/// neither a row nor, once swept, a blob.
///
/// Every operation is checked against the Storage rules unless the admin asks. Nothing here knows HTTP.
public struct FirebaseStorageService: Sendable {
    public let store: LibraryStore
    public let blobs: any BlobStore
    public let access: any StorageAccessPolicy
    public let settings: FirebaseSettings
    /// A folder on this machine for files being received or assembled.
    public let scratch: String
    public let logger: Logger
    public let now: @Sendable () -> Date

    public init(
        store: LibraryStore, blobs: any BlobStore, access: any StorageAccessPolicy, settings: FirebaseSettings,
        scratch: String, logger: Logger, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.store = store
        self.blobs = blobs
        self.access = access
        self.settings = settings
        self.scratch = scratch
        self.logger = logger
        self.now = now
    }

    /// Refuses a bucket other than the one served.
    public func checkBucket(_ bucket: String) throws(FirebaseStorageError) {
        guard bucket == settings.bucket else { throw .bucketNotFound(bucket) }
    }

    /// Refuses `action` unless the caller is the admin or the rules allow it.
    public func authorize(
        _ action: StorageAction, bucket: String, path: String, caller: FirebaseCaller,
        resource: StorageObjectRecord? = nil, proposed: ProposedObject? = nil
    ) throws(FirebaseStorageError) {
        let auth: IDTokenClaims?
        switch caller {
        case .admin: return
        case .user(let claims): auth = claims
        case .anonymous: auth = nil
        }
        let request = StorageAccessRequest(
            action: action, bucket: bucket, path: path, auth: auth, resource: resource, proposed: proposed, time: now())
        guard access.allows(request) else {
            let operation =
                switch action {
                case .get: "read"
                case .list: "list"
                case .create, .update: "write"
                case .delete: "delete"
                }
            throw .permissionDenied(operation: operation)
        }
    }

    /// The object, if the caller may read it.
    public func object(bucket: String, name: String, caller: FirebaseCaller) async throws -> StorageObjectRecord {
        try checkBucket(bucket)
        let object = try await store.storageObject(bucket: bucket, name: name)
        try authorize(.get, bucket: bucket, path: name, caller: caller, resource: object)
        guard let object else { throw FirebaseStorageError.objectNotFound(bucket: bucket, name: name) }
        return object
    }

    /// The object's metadata for `/v0`, with a download token made when it has none (an object uploaded through
    /// GCS's API), so that `getDownloadURL()` always has one.
    public func metadata(bucket: String, name: String, caller: FirebaseCaller) async throws -> StorageObjectRecord {
        let object = try await object(bucket: bucket, name: name, caller: caller)
        guard object.downloadTokens.isEmpty else { return object }
        let token = UUID().uuidString.lowercased()
        return try await store.changeStorageObject(bucket: bucket, name: name, at: now().millisecondsSince1970) {
            object in
            guard object.downloadTokens.isEmpty else { return false }
            object.downloadTokens = [token]
            return true
        } ?? object
    }

    /// An object's bytes: to whoever holds one of its download tokens, or to a caller the rules let read it.
    public func download(bucket: String, name: String, caller: FirebaseCaller, token: String?) async throws
        -> (object: StorageObjectRecord, bytes: [UInt8])
    {
        try checkBucket(bucket)
        let object: StorageObjectRecord
        if let token, !token.isEmpty {
            guard let found = try await store.storageObject(bucket: bucket, name: name),
                found.downloadTokens.contains(where: { Secrets.constantTimeEqual($0, token) })
            else {
                // A wrong or revoked token is no permission, whether or not the object exists.
                throw FirebaseStorageError.permissionDenied(operation: "read")
            }
            object = found
        } else {
            object = try await self.object(bucket: bucket, name: name, caller: caller)
        }
        guard let bytes = try await blobs.bytes(at: object.blobKey) else {
            // Deleted between the row and the read.
            throw FirebaseStorageError.objectNotFound(bucket: bucket, name: name)
        }
        return (object, bytes)
    }

    /// A page of the names under `prefix`, grouped by `delimiter`, if the caller may list there.
    public func list(
        bucket: String, prefix: String, delimiter: String?, pageToken: String?, maxResults: Int?, caller: FirebaseCaller
    ) async throws -> StorageObjectPage {
        try checkBucket(bucket)
        let limit = maxResults ?? 1000
        guard (1...1000).contains(limit) else {
            throw FirebaseStorageError.invalidArgument("maxResults must be between 1 and 1000; got \(limit).")
        }
        let path = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
        try authorize(.list, bucket: bucket, path: path, caller: caller)
        let cursor = try pageToken.map { token throws(FirebaseStorageError) in try PageToken.decode(token) }
        return try await store.listStorageObjects(
            bucket: bucket, prefix: prefix, delimiter: delimiter, after: cursor, limit: limit)
    }

    /// Changes an object's metadata (never its bytes): the given fields; custom metadata key by key, `null`
    /// removing one.
    public func updateMetadata(bucket: String, name: String, changes: StorageMetadataInput, caller: FirebaseCaller)
        async throws -> StorageObjectRecord
    {
        try checkBucket(bucket)
        let existing = try await store.storageObject(bucket: bucket, name: name)
        if let existing {
            var proposed = existing
            Self.apply(changes, to: &proposed)
            try authorize(
                .update, bucket: bucket, path: name, caller: caller, resource: existing,
                proposed: Self.proposed(proposed))
        } else {
            try authorize(.update, bucket: bucket, path: name, caller: caller)
        }
        guard
            let updated = try await store.changeStorageObject(
                bucket: bucket, name: name, at: now().millisecondsSince1970,
                {
                    object in
                    Self.apply(changes, to: &object)
                    return true
                })
        else { throw FirebaseStorageError.objectNotFound(bucket: bucket, name: name) }
        return updated
    }

    public static func apply(_ changes: StorageMetadataInput, to object: inout StorageObjectRecord) {
        func set(_ value: String?, _ field: inout String?) {
            guard let value else { return }
            field = value.isEmpty ? nil : value
        }
        set(changes.contentType, &object.contentType)
        set(changes.cacheControl, &object.cacheControl)
        set(changes.contentDisposition, &object.contentDisposition)
        set(changes.contentEncoding, &object.contentEncoding)
        set(changes.contentLanguage, &object.contentLanguage)
        for (key, value) in changes.metadata ?? [:] {
            if key == DownloadTokens.metadataKey {
                object.downloadTokens = DownloadTokens.parse(value ?? "")
            } else {
                object.customMetadata[key] = value ?? nil
            }
        }
    }

    /// Deletes an object, if the caller may.
    public func delete(bucket: String, name: String, caller: FirebaseCaller) async throws {
        try checkBucket(bucket)
        let existing = try await store.storageObject(bucket: bucket, name: name)
        try authorize(.delete, bucket: bucket, path: name, caller: caller, resource: existing)
        guard let deleted = try await store.deleteStorageObject(bucket: bucket, name: name) else {
            throw FirebaseStorageError.objectNotFound(bucket: bucket, name: name)
        }
        await removeBlobs([deleted.blobKey])
    }

    /// Adds a download token (admin), or removes one; the last one removed is replaced by a new one, as Firebase
    /// does, so that an object always has a download URL.
    public func changeToken(bucket: String, name: String, create: Bool, remove token: String?, caller: FirebaseCaller)
        async throws -> StorageObjectRecord
    {
        try checkBucket(bucket)
        guard caller.isAdmin else { throw FirebaseStorageError.adminRequired }
        let fresh = UUID().uuidString.lowercased()
        guard
            let updated = try await store.changeStorageObject(
                bucket: bucket, name: name, at: now().millisecondsSince1970,
                {
                    object in
                    if create { object.downloadTokens.append(fresh) }
                    if let token {
                        object.downloadTokens.removeAll { $0 == token }
                        if object.downloadTokens.isEmpty { object.downloadTokens = [fresh] }
                    }
                    return true
                })
        else { throw FirebaseStorageError.objectNotFound(bucket: bucket, name: name) }
        return updated
    }

    /// The rules' `request.resource` of an object.
    public static func proposed(_ object: StorageObjectRecord) -> ProposedObject {
        ProposedObject(
            name: object.name, bucket: object.bucket, size: object.size, contentType: object.contentType,
            metadata: object.customMetadata, md5Hash: object.md5Hash)
    }

    /// Removes blobs no row uses any more (noted as pending by the transaction that stopped using them); one that
    /// cannot be removed now stays noted, for the sweeper.
    public func removeBlobs(_ keys: [String]) async {
        for key in keys {
            do {
                try await blobs.delete(key)
                try await store.removePendingBlob(key)
            } catch {
                logger.warning(
                    "Could not remove a Storage blob; the sweeper will",
                    metadata: ["key": "\(key)", "error": "\(error)"])
            }
        }
    }
}
