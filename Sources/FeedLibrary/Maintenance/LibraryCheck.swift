import Crypto
import FeedStore
import Foundation
import Imaging

/// Checks a library's files against its database: every original the database points at exists and hashes to its
/// name, that large originals have their mezzanine, and nothing else is on disk. With `repair`, removes what nothing
/// points at and makes missing mezzanines again; missing and corrupt originals are reported for a restore.
public struct LibraryCheck: Sendable {
    /// By default, files younger than ten minutes are not judged: an import writes the original before it records
    /// the photo.
    public static let defaultSettlingTime: TimeInterval = 600

    let store: LibraryStore
    let files: LibraryFiles
    let imaging: Imaging
    let settlingTime: TimeInterval
    let now: @Sendable () -> Date

    public init(
        store: LibraryStore, files: LibraryFiles, imaging: Imaging = Imaging(),
        settlingTime: TimeInterval = Self.defaultSettlingTime, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.store = store
        self.files = files
        self.imaging = imaging
        self.settlingTime = settlingTime
        self.now = now
    }

    /// Runs the check; `progress(done, total)` follows the hashing of the originals.
    public func run(repair: Bool, progress: @Sendable (Int, Int) -> Void = { _, _ in }) async throws
        -> LibraryCheckReport
    {
        var report = LibraryCheckReport()
        let stored = try await store.storedOriginals()
        report.originals = stored.count
        let longSides = try await store.originalLongSides()
        var expected: Set<String> = []
        for (index, original) in stored.sorted(by: { $0.sha256 < $1.sha256 }).enumerated() {
            let path = files.originalPath(sha256: original.sha256, format: original.format)
            let mezzanine = files.mezzaninePath(sha256: original.sha256)
            expected.insert(path)
            expected.insert(mezzanine)
            if !FileManager.default.fileExists(atPath: path) {
                report.missing.append(original)
            } else if try Self.sha256(ofFile: path) != original.sha256 {
                report.corrupt.append(original)
            } else if let side = longSides[original.sha256], Mezzanine.longSide(forOriginal: side) != nil,
                !FileManager.default.fileExists(atPath: mezzanine)
            {
                report.missingMezzanines.append(original)
                if repair, let made = try? imaging.prepare(file: path, renditions: [], mezzanine: true).mezzanine,
                    (try? files.writeAtomically(made.data, to: mezzanine, durable: true)) != nil
                {
                    report.remade += 1
                }
            }
            progress(index + 1, stored.count)
        }

        for folder in [files.originals, files.mezzanines] {
            for path in Self.files(under: folder.path) where !expected.contains(path) {
                if isSettled(path) { report.orphanedFiles.append(path) } else { report.recent.append(path) }
            }
        }

        let photoIDs = try await store.allPhotoIDs()
        let avatarFolders = Set(stored.map { LibraryFiles.avatarCacheID(sha256: $0.sha256) })
        for folder in Self.subfolders(under: files.renditions.path, depth: 2) {
            let name = URL(fileURLWithPath: folder).lastPathComponent
            if !photoIDs.contains(name), !avatarFolders.contains(name) {
                if isSettled(folder) { report.orphanedRenditions.append(folder) } else { report.recent.append(folder) }
            }
        }
        for path in Self.files(under: files.scratch.path) {
            if isSettled(path) { report.leftovers.append(path) } else { report.recent.append(path) }
        }

        if repair {
            for path in report.orphanedFiles + report.orphanedRenditions + report.leftovers {
                if (try? FileManager.default.removeItem(atPath: path)) != nil { report.removed += 1 }
            }
        }
        report.orphanedFiles = report.orphanedFiles.map(relative)
        report.orphanedRenditions = report.orphanedRenditions.map(relative)
        report.leftovers = report.leftovers.map(relative)
        report.recent = report.recent.map(relative)
        return report
    }

    /// Whether a file is old enough to judge: younger ones may belong to an import still at work.
    private func isSettled(_ path: String) -> Bool {
        let modified =
            (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast
        return now().timeIntervalSince(modified) >= settlingTime
    }

    private func relative(_ path: String) -> String {
        let root = files.root.path.hasSuffix("/") ? files.root.path : files.root.path + "/"
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }

    /// The SHA-256 of a file, read in 1 MiB pieces, as lowercase hex.
    static func sha256(ofFile path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? handle.close() }
        var hasher = SHA256()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hasher.update(data: chunk)
        }
        return Secrets.hex(hasher.finalize())
    }

    /// Every regular file under `root`, as absolute paths.
    static func files(under root: String) -> [String] {
        var found: [String] = []
        LibraryFiles.forEachFile(under: root) { path, _ in found.append(path) }
        return found.sorted()
    }

    /// The folders exactly `depth` levels under `root`.
    static func subfolders(under root: String, depth: Int) -> [String] {
        var level = [root]
        for _ in 0..<depth {
            level = level.flatMap { folder -> [String] in
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                return names.sorted().map { folder + "/" + $0 }.filter { path in
                    var isDirectory: ObjCBool = false
                    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                        && isDirectory.boolValue
                }
            }
        }
        return level
    }
}
