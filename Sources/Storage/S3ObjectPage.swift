import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// One page of a ListObjectsV2 answer.
public struct S3ObjectPage: Sendable {
    /// The objects on this page, in key order.
    public var objects: [S3ObjectSummary]
    /// Where the next page starts; nil on the last page.
    public var nextContinuationToken: String?
}
