import AsyncHTTPClient
import Foundation
import NIOCore

extension S3Client {
    /// Stores the file at `path` at `key`, streamed from disk: one PUT up to ``Options/multipartThreshold``, a
    /// multipart upload above it (aborted if any step fails, so no parts are left to pay for).
    public func putObject(bucket: String, key: String, file path: String) async throws {
        guard let size = try await FileDescriptor.size(of: path) else {
            throw BlobStoreError.file("upload", path, ENOENT)
        }
        guard size > options.multipartThreshold else {
            let body = S3Request.Body.file(path: path, offset: 0, length: size)
            try await perform(S3Request("PutObject", .PUT, bucket: bucket, key: key, body: body))
            return
        }
        let uploadID = try await createMultipartUpload(bucket: bucket, key: key)
        do {
            // S3 allows 10,000 parts: a file too large for that many parts gets larger ones.
            let partSize = max(options.partSize, options.minimumPartSize, (size + 9_999) / 10_000)
            var eTags: [String] = []
            var offset: Int64 = 0
            while offset < size {
                let length = min(partSize, size - offset)
                let body = S3Request.Body.file(path: path, offset: offset, length: length)
                var part = S3Request("UploadPart", .PUT, bucket: bucket, key: key, body: body)
                part.query = [("partNumber", String(eTags.count + 1)), ("uploadId", uploadID)]
                guard let eTag = try await perform(part)?.first(name: "etag") else {
                    throw part.error(status: 200, message: "The answer has no ETag")
                }
                eTags.append(eTag)
                offset += length
            }
            try await completeMultipartUpload(bucket: bucket, key: key, uploadID: uploadID, eTags: eTags)
        } catch {
            try? await abortMultipartUpload(bucket: bucket, key: key, uploadID: uploadID)
            throw error
        }
    }

    /// Writes the object at `key` to the file at `path`, streamed: into a temporary file beside it, flushed, then
    /// renamed into place. False, and nothing written, when there is no such key.
    public func downloadObject(bucket: String, key: String, to path: String) async throws -> Bool {
        let request = S3Request("GetObject", .GET, bucket: bucket, key: key)
        guard let response = try await fetch(request, missingIsFine: true) else { return false }
        return try await AtomicFileWriter.write(to: path) { writer in
            do {
                for try await chunk in response.body { try await writer.write(chunk) }
            } catch let error as BlobStoreError {
                throw error
            } catch {
                throw request.error(status: 200, message: "The download broke off: \(error)")
            }
            return true
        }
    }

    /// The multipart uploads started and neither completed nor aborted, for keys starting with `prefix`.
    public func listMultipartUploads(bucket: String, prefix: String = "") async throws -> [S3MultipartUpload] {
        var request = S3Request("ListMultipartUploads", .GET, bucket: bucket)
        request.query = [("uploads", ""), ("prefix", prefix)]
        let response = try await fetch(request)!
        let xml = Substring(decoding: try await collect(response.body, for: request, limit: 16 << 20), as: UTF8.self)
        return S3XML.elements("Upload", in: xml).map { upload in
            S3MultipartUpload(
                key: S3XML.value("Key", in: upload) ?? "", uploadID: S3XML.value("UploadId", in: upload) ?? "")
        }
    }

    /// Discards an upload and the parts sent so far.
    public func abortMultipartUpload(bucket: String, key: String, uploadID: String) async throws {
        var request = S3Request("AbortMultipartUpload", .DELETE, bucket: bucket, key: key)
        request.query = [("uploadId", uploadID)]
        try await perform(request, missingIsFine: true)
    }

    private func createMultipartUpload(bucket: String, key: String) async throws -> String {
        var request = S3Request("CreateMultipartUpload", .POST, bucket: bucket, key: key)
        request.query = [("uploads", "")]
        let response = try await fetch(request)!
        let xml = Substring(decoding: try await collect(response.body, for: request, limit: 1 << 20), as: UTF8.self)
        guard let uploadID = S3XML.value("UploadId", in: xml) else {
            throw request.error(status: 200, message: "The answer has no UploadId")
        }
        return uploadID
    }

    private func completeMultipartUpload(bucket: String, key: String, uploadID: String, eTags: [String]) async throws {
        let parts = eTags.enumerated().map { index, eTag in
            "<Part><PartNumber>\(index + 1)</PartNumber><ETag>\(S3XML.escape(eTag))</ETag></Part>"
        }
        let body = "<CompleteMultipartUpload>\(parts.joined())</CompleteMultipartUpload>"
        var request = S3Request(
            "CompleteMultipartUpload", .POST, bucket: bucket, key: key, body: .bytes(Array(body.utf8)))
        request.query = [("uploadId", uploadID)]
        let response = try await fetch(request)!
        let answer = try await collect(response.body, for: request, limit: 1 << 20)
        // S3 may answer 200 and report the failure in the body, after it started sending.
        if Substring(decoding: answer, as: UTF8.self).contains("<Error>") {
            throw S3XML.error(answer, status: 200, operation: request.operation, bucket: bucket, key: key)
        }
    }
}
