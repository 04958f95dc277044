import FeedLibrary
import Foundation
import HTTPTypes
import Hummingbird
import Locking
import NIOCore

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
    private let cache = Locked<[String: File]>([:])

    init(root: String) {
        self.root = (root as NSString).standardizingPath
    }

    /// The files the folder holds now, as paths relative to it (`app.js`, `icons/logo.svg`); hidden files are left
    /// out. Each becomes a route when the server starts, so a file added later is served after a restart.
    func names() -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var names: [String] = []
        while let relative = walker.nextObject() as? String {
            guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                names.append(relative)
            }
        }
        return names.sorted()
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
