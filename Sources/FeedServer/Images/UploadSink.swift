import FeedLibrary
import Foundation
import HTTPTypes
import Hummingbird
import Imaging
import MultipartKit
import NIOCore

/// Writes upload bytes to the scratch file and stops at the limit, or at the first write the disk refuses (a full
/// disk is ``LibraryError/diskFull(folder:)``). Used from one task at a time.
final class UploadSink: @unchecked Sendable {
    let handle: FileHandle
    let maxBytes: Int
    let files: LibraryFiles
    private(set) var written = 0
    private(set) var failure: (any Error)?

    init(handle: FileHandle, maxBytes: Int, files: LibraryFiles) {
        self.handle = handle
        self.maxBytes = maxBytes
        self.files = files
    }

    /// Throws the first failure of the sink or of the multipart parts.
    func check(_ state: MultipartState) throws {
        if let failure { throw failure }
        if let failure = state.failure { throw failure }
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
        guard let bytes = buffer.readBytes(length: buffer.readableBytes) else { return }
        do {
            try handle.write(contentsOf: bytes)
        } catch {
            failure = files.translated(error)
        }
    }
}
