import FeedLibrary
import Foundation
import HTTPTypes
import Hummingbird
import Imaging
import MultipartKit
import NIOCore

/// Writes upload bytes to the scratch file and stops at the limit. Used from one task at a time.
final class UploadSink: @unchecked Sendable {
    let handle: FileHandle
    let maxBytes: Int
    private(set) var written = 0
    private(set) var failure: APIError?

    init(handle: FileHandle, maxBytes: Int) {
        self.handle = handle
        self.maxBytes = maxBytes
    }

    func write(_ buffer: inout ByteBuffer) {
        guard failure == nil else { return }
        written += buffer.readableBytes
        guard written <= maxBytes else {
            failure = APIError(
                .contentTooLarge, ImagingError.tooLarge(bytes: written, limit: maxBytes).description
            )
            return
        }
        if let bytes = buffer.readBytes(length: buffer.readableBytes) { handle.write(Data(bytes)) }
    }
}
