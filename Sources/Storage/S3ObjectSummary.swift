import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// An object as a listing or HEAD describes it.
public struct S3ObjectSummary: Sendable, Equatable {
    /// The full key, bucket prefix included.
    public var key: String
    /// Its size in bytes.
    public var size: Int
    /// S3's entity tag, quotes included.
    public var eTag: String
}
