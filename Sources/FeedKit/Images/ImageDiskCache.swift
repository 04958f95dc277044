import Crypto
import Foundation

/// Image bytes in files, one per URL (named by the URL's SHA-256), within a byte budget; the least recently used go
/// first when it is trimmed.
///
/// Writes are atomic: a crash never leaves a half-written image to be served later.
public struct ImageDiskCache: Sendable {
    /// The directory of the files; created on first write.
    public let directory: URL
    /// The most bytes kept; older files are removed past it.
    public let byteLimit: Int

    public init(directory: URL, byteLimit: Int = 200 * 1024 * 1024) {
        self.directory = directory
        self.byteLimit = byteLimit
    }

    /// The bytes kept for `url`, if any; marks them used.
    public func data(for url: URL) -> Data? {
        let file = path(for: url)
        guard let data = try? Data(contentsOf: file) else { return nil }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        return data
    }

    /// Keeps `data` for `url`, then trims the cache to its budget.
    public func store(_ data: Data, for url: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try data.write(to: path(for: url), options: .atomic)
        try trim()
    }

    /// Removes every file.
    public func removeAll() throws {
        guard FileManager.default.fileExists(atPath: directory.path) else { return }
        for file in try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil) {
            try FileManager.default.removeItem(at: file)
        }
    }

    /// Removes the least recently used files until the total is within the budget.
    func trim() throws {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)
            .filter { $0.pathExtension == "image" }
            .map { file -> (url: URL, size: Int, used: Date) in
                let values = try? file.resourceValues(forKeys: Set(keys))
                return (file, values?.fileSize ?? 0, values?.contentModificationDate ?? .distantPast)
            }
        var total = files.reduce(0) { $0 + $1.size }
        guard total > byteLimit else { return }
        for file in files.sorted(by: { $0.used < $1.used }) where total > byteLimit {
            try? FileManager.default.removeItem(at: file.url)
            total -= file.size
        }
    }

    func path(for url: URL) -> URL {
        let digest = SHA256.hash(data: Data(url.absoluteString.utf8))
        let name = digest.map { String(format: "%02x", $0) }.joined()
        return directory.appendingPathComponent(name + ".image")
    }
}
