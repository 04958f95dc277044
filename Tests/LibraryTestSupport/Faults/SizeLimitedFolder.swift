import Foundation
import Testing

/// A folder on a file system of its own with a fixed size — a tmpfs mounted for one test and unmounted after it —
/// that a test fills to play a full disk for real: writes there fail with `ENOSPC`, as on a disk that filled up.
///
/// Mounting needs the right to (root with `CAP_SYS_ADMIN`, as `make test` runs in CI and in this project's
/// machines); ``isAvailable`` says whether this machine gives it, and the tests that need a full disk are enabled on
/// it only.
public final class SizeLimitedFolder: Sendable {
    /// The folder's path.
    public let path: String
    /// The file that takes the space ``fill()`` took.
    private var filler: String { path + "/.filler" }

    private init(path: String) {
        self.path = path
    }

    /// Whether this process may mount a tmpfs (tried once, on a folder of its own).
    public static let isAvailable: Bool = {
        guard let folder = try? SizeLimitedFolder.mount(bytes: 1 << 20) else { return false }
        folder.unmount()
        return true
    }()

    /// A new, empty folder holding at most `bytes` (rounded up to whole pages).
    public static func mount(bytes: Int) throws -> SizeLimitedFolder {
        let path = NSTemporaryDirectory() + "imagefeed-full-disk-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard Glibc.mount("tmpfs", path, "tmpfs", 0, "size=\(bytes),mode=0755") == 0 else {
            let code = errno
            try? FileManager.default.removeItem(atPath: path)
            throw SizeLimitedFolderError(operation: "mount a tmpfs at \(path)", code: code)
        }
        return SizeLimitedFolder(path: path)
    }

    /// Runs `body` with a new folder of `bytes`, unmounted and removed afterwards.
    public static func with<Result>(
        bytes: Int, _ body: (SizeLimitedFolder) async throws -> Result
    ) async throws -> Result {
        let folder = try mount(bytes: bytes)
        defer { folder.unmount() }
        return try await body(folder)
    }

    /// The bytes free in the folder now.
    public var freeBytes: Int {
        var status = statvfs()
        guard statvfs(path, &status) == 0 else { return 0 }
        return Int(status.f_bavail) * Int(status.f_frsize)
    }

    /// Takes every free byte, so that the next write of any size fails with `ENOSPC`.
    public func fill() throws {
        let descriptor = open(filler, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard descriptor >= 0 else { throw SizeLimitedFolderError(operation: "create \(filler)", code: errno) }
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var size = chunk.count
        while size > 0 {
            let written = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, size) }
            if written < 0 {
                guard errno == ENOSPC else { throw SizeLimitedFolderError(operation: "fill \(path)", code: errno) }
                size /= 2  // the last pages, then the last bytes
            }
        }
    }

    /// Leaves about `bytes` free (in whole pages) after ``fill()``, by shortening what it wrote.
    public func leave(free bytes: Int) throws {
        var status = stat()
        guard stat(filler, &status) == 0 else { throw SizeLimitedFolderError(operation: "stat \(filler)", code: errno) }
        let wanted = max(0, Int(status.st_size) - (bytes - freeBytes))
        guard truncate(filler, off_t(wanted)) == 0 else {
            throw SizeLimitedFolderError(operation: "shorten \(filler)", code: errno)
        }
    }

    /// Frees what ``fill()`` took.
    public func free() {
        unlink(filler)
    }

    /// Every regular file under the folder (the filler aside), as paths relative to it.
    public func files(under folder: String = "") -> Set<String> {
        let root = folder.isEmpty ? path : path + "/" + folder
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var found: Set<String> = []
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            guard relative != ".filler",
                FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory),
                !isDirectory.boolValue
            else { continue }
            found.insert(relative)
        }
        return found
    }

    /// Unmounts the file system and removes the folder.
    public func unmount() {
        umount2(path, Int32(MNT_DETACH))
        try? FileManager.default.removeItem(atPath: path)
    }
}
