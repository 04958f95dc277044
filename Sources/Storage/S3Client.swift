import AsyncHTTPClient
import Foundation
import Locking
import NIOCore
import NIOHTTP1

/// A small S3 client over AsyncHTTPClient: the object operations ImageFeed needs, signed with ``SigV4Signer``,
/// retried on 5xx answers and lost connections, with every failure an ``S3Error``.
public final class S3Client: Sendable {
    /// Sizes, time limits and retries.
    public struct Options: Sendable {
        /// Files larger than this go up in parts (multipart upload); smaller ones in one PUT.
        public var multipartThreshold: Int64 = 16 * 1024 * 1024
        /// The size of each part but the last; S3 refuses parts under 5 MiB, so smaller values are raised.
        public var partSize: Int64 = 16 * 1024 * 1024
        /// How long one request may take, body included.
        public var requestTimeout: TimeAmount = .seconds(300)
        /// How many times an idempotent request is tried in all before its error is thrown. A request that timed out
        /// is not tried again: the endpoint is taken to be down (see ``outageCooldown``).
        public var attempts = 4
        /// After a request got no usable answer, how long the next ones fail at once rather than wait out the same
        /// timeouts; then one is tried, and an answer ends the outage.
        public var outageCooldown: Duration = .seconds(2)
        /// The largest object ``S3Client/getObject(bucket:key:)`` reads into memory.
        public var maximumInMemorySize = 512 * 1024 * 1024
        /// Keys per ListObjectsV2 page; nil for S3's default (1000).
        public var maxKeysPerPage: Int?
        /// The smallest part S3 accepts; lowered only by tests that make a multipart upload fail on purpose.
        var minimumPartSize: Int64 = 5 * 1024 * 1024

        /// The defaults.
        public init() {}
    }

    /// The service answering.
    public let endpoint: S3Endpoint
    /// The options in force.
    public let options: Options
    let signer: SigV4Signer
    let httpClient: HTTPClient
    private let ownsHTTPClient: Bool
    /// Whether the endpoint answered lately.
    let health: Outage

    /// Why the endpoint is taken to be down now (its last failure), or nil while it answers.
    public var unavailability: String? { health.problem }

    /// A client over `httpClient`, which the caller keeps and shuts down (`HTTPClient.shared` needs neither); with
    /// nil, the client makes its own (connect timeout 10 s, read timeout 60 s): call ``shutdown()`` when done.
    public init(
        endpoint: S3Endpoint, credentials: AWSCredentials, httpClient: HTTPClient? = nil,
        options: Options = Options()
    ) {
        self.endpoint = endpoint
        self.options = options
        self.health = Outage.storage(endpoint: endpoint, cooldown: options.outageCooldown)
        self.signer = SigV4Signer(credentials: credentials, region: endpoint.region)
        if let httpClient {
            self.httpClient = httpClient
            self.ownsHTTPClient = false
        } else {
            let configuration = Self.configuration(connect: .seconds(10), read: .seconds(60))
            self.httpClient = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            self.ownsHTTPClient = true
        }
    }

    /// An HTTP client's configuration with these timeouts, which fails a request at once when its connection cannot
    /// be opened (refused, unreachable) instead of trying again until the connect timeout: ``send(_:)`` retries
    /// such a request itself, with backoff, a few times, then marks the endpoint down so the next ones fail at once.
    /// With the client's own retrying, a refused connection cost each request the whole connect timeout, a refusing
    /// endpoint was slower to report than one that never answers, and an upload of several objects waited several
    /// timeouts (17 s in bench/FAULTS.md).
    static func configuration(connect: TimeAmount, read: TimeAmount) -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: connect, read: read)
        configuration.connectionPool.retryConnectionEstablishment = false
        return configuration
    }

    /// The HTTP client of every ``S3Client`` of a process that gives up on an endpoint after `connect` seconds
    /// without a connection or `read` seconds without a byte of an answer: one per pair of timeouts, made on first
    /// use and kept for the life of the process (as `HTTPClient.shared` is), so that the clients of a server's and a
    /// command's library share their connections and never need shutting down.
    public static func sharedHTTPClient(connect: Duration, read: Duration) -> HTTPClient {
        let key = "\(connect)/\(read)"
        return sharedHTTPClients.withLock { clients in
            if let client = clients[key] { return client }
            let configuration = Self.configuration(connect: TimeAmount(connect), read: TimeAmount(read))
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            clients[key] = client
            return client
        }
    }

    private static let sharedHTTPClients = Locked<[String: HTTPClient]>([:])

    /// Shuts down the HTTP client this client made; nothing when it was given one.
    public func shutdown() async throws {
        if ownsHTTPClient { try await httpClient.shutdown() }
    }

    // MARK: Objects

    /// Stores `bytes` at `key`, replacing any object there (S3 makes a PUT visible all at once).
    public func putObject(bucket: String, key: String, bytes: [UInt8], contentType: String? = nil) async throws {
        var request = S3Request("PutObject", .PUT, bucket: bucket, key: key, body: .bytes(bytes))
        if let contentType { request.headers.append(("content-type", contentType)) }
        try await perform(request)
    }

    /// The bytes of the object at `key`, or nil when there is none.
    public func getObject(bucket: String, key: String) async throws -> [UInt8]? {
        let request = S3Request("GetObject", .GET, bucket: bucket, key: key)
        guard let response = try await fetch(request, missingIsFine: true) else { return nil }
        return try await collect(response.body, for: request, limit: options.maximumInMemorySize)
    }

    /// The size and ETag of the object at `key`, or nil when there is none.
    public func headObject(bucket: String, key: String) async throws -> S3ObjectSummary? {
        let request = S3Request("HeadObject", .HEAD, bucket: bucket, key: key)
        guard let headers = try await perform(request, missingIsFine: true) else { return nil }
        let size = headers.first(name: "content-length").flatMap { Int($0) } ?? 0
        return S3ObjectSummary(key: key, size: size, eTag: headers.first(name: "etag") ?? "")
    }

    /// Removes the object at `key`; one already gone is fine (S3 answers 204 either way, others may say 404).
    public func deleteObject(bucket: String, key: String) async throws {
        let request = S3Request("DeleteObject", .DELETE, bucket: bucket, key: key)
        try await perform(request, missingIsFine: true)
    }

    /// A URL anyone may GET the object at `key` with until `expires` seconds after `date`.
    public func presignedURL(bucket: String, key: String, expires: Int, date: Date) -> String {
        let (host, path) = endpoint.address(bucket: bucket, key: key)
        return signer.presignedURL(
            SignableRequest(method: "GET", host: host, path: path), scheme: endpoint.scheme, expires: expires,
            date: date)
    }

    // MARK: Buckets

    /// Creates `bucket` in the endpoint's region.
    public func createBucket(_ bucket: String) async throws {
        var body: [UInt8] = []
        if endpoint.region != "us-east-1" {
            body = Array(
                ("<CreateBucketConfiguration xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">"
                    + "<LocationConstraint>\(endpoint.region)</LocationConstraint></CreateBucketConfiguration>").utf8)
        }
        let request = S3Request("CreateBucket", .PUT, bucket: bucket, body: .bytes(body))
        try await perform(request)
    }

    /// One page of the keys starting with `prefix`, from `continuationToken` (nil for the first page).
    public func listObjectsPage(
        bucket: String, prefix: String, continuationToken: String? = nil
    ) async throws -> S3ObjectPage {
        var request = S3Request("ListObjectsV2", .GET, bucket: bucket)
        request.query = [("list-type", "2"), ("prefix", prefix)]
        if let continuationToken { request.query.append(("continuation-token", continuationToken)) }
        if let maxKeys = options.maxKeysPerPage { request.query.append(("max-keys", String(maxKeys))) }
        let response = try await fetch(request)!
        let xml = Substring(decoding: try await collect(response.body, for: request, limit: 16 << 20), as: UTF8.self)
        let objects = S3XML.elements("Contents", in: xml).map { entry in
            S3ObjectSummary(
                key: S3XML.value("Key", in: entry) ?? "",
                size: S3XML.value("Size", in: entry).flatMap { Int($0) } ?? 0,
                eTag: S3XML.value("ETag", in: entry) ?? "")
        }
        let truncated = S3XML.value("IsTruncated", in: xml) == "true"
        let next = truncated ? S3XML.value("NextContinuationToken", in: xml) : nil
        return S3ObjectPage(objects: objects, nextContinuationToken: next)
    }

    /// Every object whose key starts with `prefix`, fetched a page at a time as the sequence is read.
    public func listObjects(bucket: String, prefix: String) -> AsyncThrowingStream<S3ObjectSummary, any Error> {
        .paged { (token: String?) in
            let page = try await self.listObjectsPage(bucket: bucket, prefix: prefix, continuationToken: token)
            return (page.objects, page.nextContinuationToken)
        }
    }
}
