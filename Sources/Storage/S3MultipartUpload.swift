import AsyncHTTPClient
import Foundation
import NIOCore

/// An upload in progress, as ListMultipartUploads reports it.
public struct S3MultipartUpload: Sendable, Equatable {
    /// The key being uploaded.
    public var key: String
    /// The id that UploadPart, CompleteMultipartUpload and AbortMultipartUpload name.
    public var uploadID: String
}
