import FeedLibrary
import Foundation
import HTTPTypes
import Hummingbird
import Imaging
import MultipartKit
import NIOCore

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
