import Foundation
import Locking

/// Keeps the rendition cache within a byte budget by removing the least recently used renditions first.
///
/// A rendition's last use is its file's modification time. Writing a rendition sets it, and serving one moves it
/// forward once the last mark is older than `markAfter`. Keeping the order on disk rather than in memory means
/// it costs no memory per file, it survives restarts, and it holds across every process that shares the folder:
/// the server, `imagefeed import` writing the feed sizes, and other nodes on a shared disk. Marking at most once
/// per `markAfter` costs a hot thumbnail one `stat` per second (its revalidation) instead of a write per request.
///
/// A sweep walks the folder; when the files add up to more than the budget, it removes the oldest until they fit
/// in `lowWater` of it, so that the next sweep is not due at the next write. A removed rendition is only made again
/// when asked for: the cache may lose anything at any time.
public final class RenditionCacheLimit: Sendable {
    /// What one sweep found and did.
    public struct Sweep: Equatable, Sendable {
        public var files = 0
        public var bytes = 0
        public var removedFiles = 0
        public var removedBytes = 0
    }

    /// The most bytes the rendition files may take; `Int.max` when unbounded.
    public let budget: Int
    /// How old a mark must be before serving the file moves it forward.
    public let markAfter: TimeInterval
    /// The share of the budget a sweep that had to remove anything brings the folder down to.
    public static let lowWater = 0.9
    private let folder: String
    /// The folder's size as this process knows it (measured by the last sweep, plus what it wrote since), and
    /// whether a sweep has been asked for since.
    private let estimate = Locked((bytes: 0, sweepDue: true))
    private let requests = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))

    /// - Parameter budget: nil for no bound; the files are then never swept, but still marked.
    public init(folder: String, budget: Int?, markAfter: TimeInterval = 3600) {
        self.folder = folder
        self.budget = budget ?? .max
        self.markAfter = markAfter
        // The first sweep measures the folder.
        requests.continuation.yield()
    }

    /// Each element asks for a sweep: at start, and whenever this process's writes may have taken the folder past
    /// its budget. Several requests made during a sweep come as one.
    public var sweepRequests: AsyncStream<Void> { requests.stream }

    /// Asks for a sweep, e.g. on a timer, to see what other processes wrote.
    public func requestSweep() {
        requests.continuation.yield()
    }

    /// Counts a rendition this process wrote, and asks for a sweep when the folder may now be over its budget.
    public func wrote(bytes: Int) {
        let due = estimate.withLock { state in
            state.bytes += bytes
            guard state.bytes > budget, !state.sweepDue else { return false }
            state.sweepDue = true
            return true
        }
        if due { requestSweep() }
    }

    /// Walks the folder and removes the least recently used files until the rest fit the budget. Blocking: run it
    /// on a thread pool.
    public func sweep() -> Sweep {
        var sweep = Sweep()
        var found: [(path: String, bytes: Int, used: timespec)] = []
        LibraryFiles.forEachFile(under: folder) { path, status in
            found.append((path, Int(status.st_size), status.modified))
            sweep.bytes += Int(status.st_size)
        }
        sweep.files = found.count
        if sweep.bytes > budget {
            let target = Int(Double(budget) * Self.lowWater)
            found.sort { ($0.used.tv_sec, $0.used.tv_nsec) < ($1.used.tv_sec, $1.used.tv_nsec) }
            for file in found where sweep.bytes - sweep.removedBytes > target {
                // A file already gone (a deleted photo's folder, another node's sweep) counts as removed.
                guard unlink(file.path) == 0 || errno == ENOENT else { continue }
                sweep.removedFiles += 1
                sweep.removedBytes += file.bytes
            }
        }
        let remaining = sweep.bytes - sweep.removedBytes
        estimate.withLock { $0 = (remaining, false) }
        return sweep
    }

    /// Marks the rendition at `path` used now when its last mark is older than ``markAfter``; false when there is
    /// no such file. For the revalidations of renditions served from memory, which read no file.
    public func markUsed(atPath path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        if isStale(status.modified) { utimensat(AT_FDCWD, path, nil, 0) }
        return true
    }

    /// Marks the open rendition file used now when its last mark is older than ``markAfter``.
    public func markUsed(descriptor: Int32, modified: timespec) {
        if isStale(modified) { futimens(descriptor, nil) }
    }

    private func isStale(_ modified: timespec) -> Bool {
        Date().timeIntervalSince1970 - Double(modified.tv_sec) >= markAfter
    }
}
