import FeedLibrary
import FeedModels
import FeedStore
import Foundation
import HTTPTypes

/// Storage objects as the two APIs describe them, and the headers of their bytes.
extension StorageObjectRecord {
    /// The `/v0` metadata: every value a string.
    var firebase: FirebaseStorageObject {
        FirebaseStorageObject(
            name: name, bucket: bucket, generation: String(generation), metageneration: String(metageneration),
            contentType: contentType ?? "application/octet-stream", timeCreated: Self.timestamp(createdAt),
            updated: Self.timestamp(updatedAt), size: String(size), md5Hash: md5Hash, crc32c: crc32c, etag: etag,
            downloadTokens: downloadTokens.joined(separator: ","), contentEncoding: contentEncoding ?? "identity",
            contentDisposition: contentDisposition ?? "inline", contentLanguage: contentLanguage,
            cacheControl: cacheControl, metadata: customMetadata.isEmpty ? nil : customMetadata)
    }

    /// The GCS JSON API resource, with links on `origin`; the download tokens are its custom metadata key.
    func cloudStorage(origin: String) -> CloudStorageObject {
        var metadata = customMetadata
        if !downloadTokens.isEmpty { metadata[DownloadTokens.metadataKey] = downloadTokens.joined(separator: ",") }
        let escaped = ObjectName.encodeSegment(name)
        return CloudStorageObject(
            id: "\(bucket)/\(name)/\(generation)", selfLink: "\(origin)/storage/v1/b/\(bucket)/o/\(escaped)",
            mediaLink: "\(origin)/download/storage/v1/b/\(bucket)/o/\(escaped)?generation=\(generation)&alt=media",
            name: name, bucket: bucket, generation: String(generation), metageneration: String(metageneration),
            contentType: contentType ?? "application/octet-stream", size: String(size), md5Hash: md5Hash,
            crc32c: crc32c, etag: etag, timeCreated: Self.timestamp(createdAt), updated: Self.timestamp(updatedAt),
            contentEncoding: contentEncoding, contentDisposition: contentDisposition, contentLanguage: contentLanguage,
            cacheControl: cacheControl, metadata: metadata.isEmpty ? nil : metadata)
    }

    /// GCS's etag of a generation: base64 of the protocol buffer `{1: generation, 2: metageneration}`.
    var etag: String {
        Data([0x08] + Self.varint(UInt64(max(0, generation))) + [0x10] + Self.varint(UInt64(max(0, metageneration))))
            .base64EncodedString()
    }

    /// The headers of the object's bytes: type, disposition, caching, its hashes and generation.
    var mediaHeaders: HTTPFields {
        var headers: HTTPFields = [
            .contentType: contentType ?? "application/octet-stream",
            .contentDisposition: contentDisposition ?? "inline",
            .cacheControl: cacheControl ?? "private, max-age=0",
            .eTag: "\"" + (Data(base64Encoded: md5Hash).map { $0.map { String(format: "%02x", $0) }.joined() } ?? etag)
                + "\"",
            .lastModified: Self.httpDate(updatedAt),
            HTTPField.Name("X-Goog-Hash")!: "crc32c=\(crc32c),md5=\(md5Hash)",
            HTTPField.Name("X-Goog-Generation")!: String(generation),
            HTTPField.Name("X-Goog-Metageneration")!: String(metageneration),
            HTTPField.Name("X-Goog-Stored-Content-Length")!: String(size),
            .acceptRanges: "none",
        ]
        if let contentEncoding { headers[.contentEncoding] = contentEncoding }
        if let contentLanguage { headers[.contentLanguage] = contentLanguage }
        return headers
    }

    static func varint(_ value: UInt64) -> [UInt8] {
        var value = value
        var bytes: [UInt8] = []
        repeat {
            var byte = UInt8(value & 0x7F)
            value >>= 7
            if value != 0 { byte |= 0x80 }
            bytes.append(byte)
        } while value != 0
        return bytes
    }

    /// Milliseconds since 1970 in RFC 3339 with milliseconds, as GCS and Firebase write times.
    static func timestamp(_ milliseconds: Int64) -> String {
        FirebaseAuthService.rfc3339(milliseconds: milliseconds)
    }

    static func httpDate(_ milliseconds: Int64) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }
}
