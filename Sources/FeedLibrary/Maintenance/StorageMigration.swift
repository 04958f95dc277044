import FeedStore
import Foundation
import Storage

/// Moves a library's files from its data directory into a bucket: `imagefeed storage migrate --to s3://…`.
///
/// What is copied is what the database points at — every original, the mezzanine of each original that has one,
/// and the bytes of every Firebase Storage object — so files nothing points at stay behind, and renditions, a cache, are made again on demand. Every copy is
/// verified by reading it back from the bucket and comparing its SHA-256 with the local file's (an original's name
/// is its SHA-256, so the local file is checked first too). Each verified key is appended to a journal in the data
/// directory and flushed, so a run that is interrupted — killed, out of network — resumes where it stopped, and a
/// finished run run again copies nothing. The local files are left in place: delete them once the nodes serve from
/// the bucket.
public struct StorageMigration: Sendable {
    let store: LibraryStore
    let files: LibraryFiles
    let bucket: any BlobStore
    /// How many files are copied at once.
    var concurrency = 4

    /// - Parameters:
    ///   - files: the library's files as they are now, in the data directory.
    ///   - bucket: where they go.
    public init(store: LibraryStore, files: LibraryFiles, to bucket: any BlobStore, concurrency: Int = 4) {
        self.store = store
        self.files = files
        self.bucket = bucket
        self.concurrency = max(1, concurrency)
    }

    /// The journal of keys already copied and verified into this bucket.
    var journalPath: String {
        let name = String(describing: bucket).map { $0.isLetter || $0.isNumber ? $0 : "-" }
        return files.path(of: "storage-migrate-\(String(name).prefix(120)).journal")
    }

    /// Copies what is not copied yet; `progress(done, total)` follows the files.
    public func run(progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) async throws
        -> StorageMigrationReport
    {
        var report = StorageMigrationReport()
        try FileManager.default.createDirectory(atPath: files.scratch.path, withIntermediateDirectories: true)
        var work: [(key: String, path: String, sha256: String?)] = []
        for original in try await store.storedOriginals().sorted(by: { $0.sha256 < $1.sha256 }) {
            let key = LibraryFiles.originalKey(sha256: original.sha256, format: original.format)
            let path = files.path(of: key)
            guard FileManager.default.fileExists(atPath: path) else {
                report.missing.append(key)
                continue
            }
            work.append((key, path, original.sha256))
            let mezzanine = LibraryFiles.mezzanineKey(sha256: original.sha256)
            if FileManager.default.fileExists(atPath: files.path(of: mezzanine)) {
                work.append((mezzanine, files.path(of: mezzanine), nil))
            }
        }
        // The bytes of the Firebase Storage objects, which nothing can make again either.
        for key in try await store.firebaseObjectBlobs() {
            let path = files.path(of: key)
            guard FileManager.default.fileExists(atPath: path) else {
                report.missing.append(key)
                continue
            }
            work.append((key, path, nil))
        }
        report.files = work.count
        let journal = try Journal(path: journalPath)
        let pending = work.filter { !journal.done.contains($0.key) }
        report.alreadyThere = work.count - pending.count
        progress(report.alreadyThere, work.count)

        try await withThrowingTaskGroup(of: Outcome.self) { group in
            var next = pending.makeIterator()
            var running = 0
            func startNext() {
                guard let item = next.next() else { return }
                running += 1
                group.addTask { try await copy(key: item.key, path: item.path, expected: item.sha256) }
            }
            for _ in 0..<concurrency { startNext() }
            var done = report.alreadyThere
            while running > 0, let outcome = try await group.next() {
                running -= 1
                switch outcome {
                case .copied(let key, let bytes):
                    try journal.append(key)
                    report.copied += 1
                    report.bytes += bytes
                case .corrupt(let key):
                    report.corrupt.append(key)
                }
                done += 1
                progress(done, work.count)
                startNext()
            }
        }
        report.corrupt.sort()
        return report
    }

    private enum Outcome: Sendable {
        case copied(String, Int64)
        case corrupt(String)
    }

    /// Copies one file and reads it back; a copy that does not read back the same is an error (the run stops, and
    /// the next one tries that file again).
    private func copy(key: String, path: String, expected: String?) async throws -> Outcome {
        let local = try LibraryCheck.sha256(ofFile: path)
        if let expected, local != expected { return .corrupt(key) }
        try await bucket.put(file: path, at: key)
        let readBack = files.scratch.path + "/migrate-\(UUID().uuidString)"
        defer { unlink(readBack) }
        guard try await bucket.download(key, to: readBack), try LibraryCheck.sha256(ofFile: readBack) == local else {
            throw StorageMigrationError.verificationFailed(key: key, bucket: String(describing: bucket))
        }
        var status = stat()
        return .copied(key, stat(path, &status) == 0 ? Int64(status.st_size) : 0)
    }

    /// The keys done, one a line, each flushed to disk before the next file counts as copied.
    private final class Journal: @unchecked Sendable {
        let done: Set<String>
        private let handle: FileHandle

        init(path: String) throws {
            if !FileManager.default.fileExists(atPath: path) {
                guard FileManager.default.createFile(atPath: path, contents: nil) else {
                    throw FileError.cannotWrite(path, errno)
                }
            }
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            // A line cut short by a kill has no newline: it is not counted, and its file is copied again.
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if !text.hasSuffix("\n") { lines = lines.dropLast() }
            done = Set(lines.map(String.init).filter { !$0.isEmpty })
            guard let handle = FileHandle(forWritingAtPath: path) else { throw FileError.cannotWrite(path, errno) }
            self.handle = handle
            try handle.seekToEnd()
            if !text.isEmpty, !text.hasSuffix("\n") { try handle.write(contentsOf: Data("\n".utf8)) }
        }

        deinit { try? handle.close() }

        func append(_ key: String) throws {
            try handle.write(contentsOf: Data((key + "\n").utf8))
            try handle.synchronize()
        }
    }
}
