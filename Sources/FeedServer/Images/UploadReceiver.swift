import FeedLibrary
import Foundation
import HTTPTypes
import Hummingbird
import Imaging
import MultipartKit
import NIOCore

/// An uploaded file, streamed to the scratch folder, with the form's text fields.
struct ReceivedUpload: Sendable {
    var path: String
    var size: Int
    var fileName: String?
    var fields: [String: String]

    /// Deletes the scratch file.
    func discard() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

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
                        throw APIError(.badRequest, "The multipart body is malformed: a part header's name is not ASCII.")
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
            } else if contentType.lowercased().hasPrefix("image/") || contentType.lowercased().hasPrefix("application/octet-stream") {
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

/// Follows the parts of a multipart body: text fields into a dictionary, the first file into the sink.
final class MultipartState: @unchecked Sendable {
    private var headers: [String: String] = [:]
    private var fieldBuffer: [UInt8] = []
    private var inFile = false
    private(set) var sawFile = false
    private(set) var fileName: String?
    private(set) var fields: [String: String] = [:]
    private(set) var failure: APIError?

    func header(_ name: String, _ value: String) {
        headers[name.lowercased()] = value
    }

    func body(_ buffer: inout ByteBuffer, sink: UploadSink) {
        if !inFile, !sawFile, isFilePart() {
            inFile = true
            sawFile = true
            fileName = disposition("filename")
        }
        if inFile {
            sink.write(&buffer)
        } else {
            fieldBuffer += buffer.readBytes(length: buffer.readableBytes) ?? []
            if fieldBuffer.count > UploadReceiver.maxFieldBytes {
                failure = APIError(.contentTooLarge, "A form field is larger than 64 KB.")
            }
        }
    }

    func complete() {
        if inFile {
            inFile = false
        } else if !sawFile, isFilePart() {
            // A file part with no body at all: a file was sent, and it is empty.
            sawFile = true
            fileName = disposition("filename")
        } else if let name = disposition("name") {
            fields[name] = String(decoding: fieldBuffer, as: UTF8.self)
        }
        fieldBuffer.removeAll()
        headers.removeAll()
    }

    private func isFilePart() -> Bool {
        let name = disposition("name")
        return disposition("filename") != nil || ["file", "photo", "avatar", "image"].contains(name ?? "")
    }

    private func disposition(_ key: String) -> String? {
        guard let header = headers["content-disposition"] else { return nil }
        for item in header.split(separator: ";").dropFirst() {
            let pair = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == key {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }
}
