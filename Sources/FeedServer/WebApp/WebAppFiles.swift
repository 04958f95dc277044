import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// The web app's static files, read once into memory with their gzip form and ETag, and re-read when a file's
/// modification time or size changes (so editing `Web/` shows on the next reload, no restart).
final class WebAppFiles: Sendable {
    /// One file as served.
    struct File: Sendable {
        let body: ByteBuffer
        let gzipped: ByteBuffer?
        let etag: String
        let contentType: String
        fileprivate let modified: Date
        fileprivate let size: Int
    }

    let root: String
    private let cache = Mutex<[String: File]>([:])

    init(root: String) {
        self.root = (root as NSString).standardizingPath
    }

    /// The relative path a request path names inside the web folder: `/` is `index.html`; nil for anything that
    /// is not a plain file name (hidden files, `..`, encoded separators) so it can never leave the folder.
    static func relativePath(_ path: String) -> String? {
        if path == "/" { return "index.html" }
        // Only names with an extension are files; API paths (`/photos`, `/users/ann`) never have one.
        guard Routes.hasFileExtension(path) else { return nil }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard !parts.isEmpty, parts.allSatisfy({ part in
            !part.isEmpty && !part.hasPrefix(".") && !part.contains("\\") && !part.contains("\0")
                && !part.contains("%")
        }) else { return nil }
        return parts.joined(separator: "/")
    }

    /// The file at `relativePath`, from memory when unchanged on disk; nil when there is no such regular file.
    func file(_ relativePath: String) -> File? {
        let path = root + "/" + relativePath
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let modified = attributes[.modificationDate] as? Date,
            let size = (attributes[.size] as? NSNumber)?.intValue
        else { return nil }
        if let known = cache.withLock({ $0[relativePath] }), known.modified == modified, known.size == size {
            return known
        }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let body = ByteBuffer(data: data)
        let file = File(
            body: body, gzipped: data.count >= Gzip.minimumSize ? Gzip.compress(body, level: 9) : nil,
            etag: "\"\(Secrets.sha256Hex(data).prefix(32))\"",
            contentType: Self.contentType(of: relativePath), modified: modified, size: size
        )
        cache.withLock { $0[relativePath] = file }
        return file
    }

    static func contentType(of path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "html": "text/html; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "svg": "image/svg+xml"
        case "webmanifest": "application/manifest+json"
        case "json": "application/json"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "webp": "image/webp"
        case "ico": "image/x-icon"
        case "txt": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
