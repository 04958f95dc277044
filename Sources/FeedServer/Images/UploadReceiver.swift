import FeedLibrary
import Foundation
import HTTPTypes
import Hummingbird
import Imaging
import MultipartKit
import NIOCore

/// Streams an upload to disk without holding it in memory, stopping as soon as it passes the size limit: a
/// `multipart/form-data` body (the file in the first part that has a filename, or in a part named `file`,
/// `photo` or `avatar`), or a raw `image/*` body.
enum UploadReceiver {
    static let maxFieldBytes = 64 * 1024
    static let emptyFile = "The uploaded file is empty (0 bytes)."

    static func receive(_ request: Request, files: LibraryFiles, maxBytes: Int) async throws -> ReceivedUpload {
        let contentType = request.headers[.contentType] ?? ""
        let path = files.scratch.appendingPathComponent("upload-" + UUID().uuidString).path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw files.translated(FileError.cannotWrite(path, errno)) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let sink = UploadSink(handle: handle, maxBytes: maxBytes, files: files)
        do {
            if contentType.lowercased().hasPrefix("multipart/form-data") {
                guard let boundary = boundary(of: contentType) else {
                    throw APIError(.badRequest, "The multipart body has no boundary.")
                }
                let parser = MultipartParser(boundary: boundary)
                var headerGuard = MultipartHeaderGuard(boundary: boundary)
                let state = MultipartState()
                parser.onHeader = { name, value in state.header(name, value) }
                parser.onBody = { buffer in state.body(&buffer, sink: sink) }
                parser.onPartComplete = { state.complete() }
                for try await buffer in request.body {
                    guard headerGuard.accepts(buffer) else {
                        throw APIError(
                            .badRequest, "The multipart body is malformed: a part header's name is not ASCII.")
                    }
                    do {
                        try parser.execute(buffer)
                    } catch {
                        throw APIError(.badRequest, "The multipart body is malformed.")
                    }
                    try sink.check(state)
                }
                try sink.check(state)
                guard state.sawFile else {
                    throw APIError(.badRequest, "No file was uploaded: send it in a form field named \"file\".")
                }
                guard sink.written > 0 else { throw APIError(.badRequest, Self.emptyFile) }
                try handle.close()
                return ReceivedUpload(path: path, size: sink.written, fileName: state.fileName, fields: state.fields)
            } else if contentType.lowercased().hasPrefix("image/")
                || contentType.lowercased().hasPrefix("application/octet-stream")
            {
                for try await var buffer in request.body {
                    sink.write(&buffer)
                    if let failure = sink.failure { throw failure }
                }
                try handle.close()
                guard sink.written > 0 else { throw APIError(.badRequest, Self.emptyFile) }
                return ReceivedUpload(path: path, size: sink.written, fileName: nil, fields: [:])
            } else {
                throw APIError(
                    .unsupportedMediaType,
                    "Send the photo as multipart/form-data (field \"file\") or as a raw image/* body."
                )
            }
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
    }

    static func boundary(of contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }
}
