import Foundation

/// Blobs as objects in an S3 bucket, below the location's prefix: the store of a deployment with several nodes.
/// S3 makes each PUT visible whole, so writes are atomic for readers without more work here.
public struct S3BlobStore: BlobStore {
    /// The client requests go through.
    public let client: S3Client
    /// The bucket and prefix.
    public let location: S3Location

    /// A store in `location`, reached with `client` (whose endpoint should be the location's).
    public init(client: S3Client, location: S3Location) {
        self.client = client
        self.location = location
    }

    /// The location, as the user wrote it.
    public var description: String { location.description }

    /// The object key of `key`: the prefix, then the key, once the key passed the same checks the local store
    /// makes.
    func objectKey(_ key: String) throws -> String {
        try BlobKey.validate(key)
        return location.prefix + key
    }

    public func put(_ bytes: [UInt8], at key: String) async throws {
        try await client.putObject(bucket: location.bucket, key: objectKey(key), bytes: bytes)
    }

    public func put(file path: String, at key: String) async throws {
        try await client.putObject(bucket: location.bucket, key: objectKey(key), file: path)
    }

    public func bytes(at key: String) async throws -> [UInt8]? {
        try await client.getObject(bucket: location.bucket, key: objectKey(key))
    }

    public func download(_ key: String, to path: String) async throws -> Bool {
        try await client.downloadObject(bucket: location.bucket, key: objectKey(key), to: path)
    }

    public func size(of key: String) async throws -> Int? {
        try await client.headObject(bucket: location.bucket, key: objectKey(key))?.size
    }

    public func delete(_ key: String) async throws {
        try await client.deleteObject(bucket: location.bucket, key: objectKey(key))
    }

    /// `copy`, downloaded from the bucket unless it is there already.
    public func localFile(of key: String, copy: String) async throws -> (path: String, fetched: Int)? {
        try await fetchedCopy(of: key, copy: copy)
    }

    /// Puts the bytes in the bucket, where every node finds them.
    public func share(_ bytes: [UInt8], at key: String) async throws {
        try await put(bytes, at: key)
    }

    /// The bytes in the bucket, when a node shared them.
    public func shared(at key: String) async throws -> [UInt8]? {
        try await bytes(at: key)
    }

    public func keys(under prefix: String) -> AsyncThrowingStream<String, any Error> {
        let (client, bucket, storePrefix) = (client, location.bucket, location.prefix)
        return .paged { (token: String?) in
            let page = try await client.listObjectsPage(
                bucket: bucket, prefix: storePrefix + prefix, continuationToken: token)
            return (page.objects.map { String($0.key.dropFirst(storePrefix.count)) }, page.nextContinuationToken)
        }
    }
}
