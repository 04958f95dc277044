import Foundation

extension Fixtures {
    /// Writes `bytes` bytes to `path`, making its folders, and backdates its last use by `age` seconds: the rendition
    /// cache's budget evicts by that date, so a test sets the order of a cache's files instead of waiting.
    public static func agedFile(_ path: String, bytes: Int = 1000, age: TimeInterval) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(repeating: 7, count: bytes).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: path)
    }

    /// Whether a file is still at `path` (a sweep may have removed it).
    public static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }
}
