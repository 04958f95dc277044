import FeedStore
import Foundation

/// A backup of a library: a consistent copy of the database and the originals it points at, restorable onto an
/// empty data folder (and, for PostgreSQL, an empty database).
///
/// ```
/// DIR/manifest.json       what was backed up, when, from which kind of database
/// DIR/imagefeed.sqlite    SQLite: VACUUM INTO, the database at one instant
/// DIR/imagefeed.pgdump    PostgreSQL: pg_dump's custom format, taken in the same snapshot as the list of originals
/// DIR/originals/…         every original the copy points at, in the library's own layout
/// DIR/firebase/…          the bytes of every Firebase Storage object the copy holds, in the same layout
/// ```
/// Renditions and mezzanines are not kept: both are made again from the originals.
public enum LibraryBackup {
    /// The backup's description, `manifest.json`.
    public struct Manifest: Codable, Sendable, Equatable {
        public var format = 1
        public var createdAt: Date
        /// `sqlite` or `postgres`.
        public var database: String
        public var photos: Int
        public var originals: Int
        public var bytes: Int64
        /// The Firebase Storage objects copied (nil in backups made before they were).
        public var firebaseObjects: Int?
    }

    static let sqliteFile = "imagefeed.sqlite"
    static let postgresFile = "imagefeed.pgdump"

    /// Backs up the library of `store` (at `databaseURL`) and `files` into `directory`, which must be new or empty.
    /// Safe while the server runs: the database copy is one instant, and the originals are content-addressed and
    /// never change once written.
    public static func backup(
        store: LibraryStore, databaseURL: String, files: LibraryFiles, to directory: String,
        progress: @Sendable (Int, Int) -> Void = { _, _ in }
    ) async throws -> Manifest {
        try prepareEmptyDirectory(directory)
        let originals: Set<StoredOriginal>
        let photos: Int
        let firebaseBlobs: [String]
        switch store.database.kind {
        case .sqlite:
            let snapshot = directory + "/" + sqliteFile
            try await store.snapshotSQLite(to: snapshot)
            // The originals the copy points at, read from the copy itself.
            let copy = try await LibraryStore.open(url: "sqlite://" + snapshot, logger: store.database.logger)
            do {
                originals = try await copy.storedOriginals()
                photos = try await copy.photoCount()
                firebaseBlobs = try await copy.firebaseObjectBlobs()
            } catch {
                try? await copy.database.shutdown()
                throw error
            }
            try await copy.database.shutdown()
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: snapshot + suffix) }
        case .postgres:
            (originals, photos, firebaseBlobs) = try await dumpPostgres(
                store: store, url: databaseURL, to: directory + "/" + postgresFile)
        }
        var bytes: Int64 = 0
        for (index, original) in originals.sorted(by: { $0.sha256 < $1.sha256 }).enumerated() {
            let source = files.originalPath(sha256: original.sha256, format: original.format)
            let target = LibraryFiles(root: directory).originalPath(sha256: original.sha256, format: original.format)
            guard FileManager.default.fileExists(atPath: source) else {
                throw MaintenanceError.failed(
                    "The original \(original.sha256).\(original.format) is missing from the library; run `imagefeed check` first."
                )
            }
            try FileManager.default.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: source, toPath: target)
            bytes += Int64((try FileManager.default.attributesOfItem(atPath: target)[.size] as? Int) ?? 0)
            progress(index + 1, originals.count)
        }
        // A Firebase object's blob is never changed once written: a new version is a new blob, and the old one is
        // removed only after its row, so one missing here was replaced or deleted since the copy was taken.
        for key in firebaseBlobs {
            let target = directory + "/" + key
            try FileManager.default.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            guard FileManager.default.fileExists(atPath: files.path(of: key)) else {
                throw MaintenanceError.failed(
                    "The Firebase Storage file \(key) is gone: an object changed while the backup ran; run it again.")
            }
            try FileManager.default.copyItem(atPath: files.path(of: key), toPath: target)
            bytes += Int64((try FileManager.default.attributesOfItem(atPath: target)[.size] as? Int) ?? 0)
        }
        let manifest = Manifest(
            createdAt: Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)),
            database: store.database.kind.rawValue, photos: photos, originals: originals.count,
            bytes: bytes, firebaseObjects: firebaseBlobs.count)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        try encoder.encode(manifest).write(to: URL(fileURLWithPath: directory + "/manifest.json"), options: .atomic)
        return manifest
    }

    /// Reads the list of originals and runs `pg_dump` in one snapshot: a repeatable-read transaction exports its
    /// snapshot, and `pg_dump --snapshot` dumps exactly what that transaction sees.
    static func dumpPostgres(store: LibraryStore, url: String, to path: String) async throws
        -> (Set<StoredOriginal>, Int, [String])
    {
        let pgDump = try PostgresTools.find("pg_dump")
        return try await store.withExportedSnapshot { snapshot in
            try await PostgresTools.run(
                pgDump, ["--format=custom", "--no-owner", "--snapshot=\(snapshot)", "--file=\(path)", url])
        }
    }

    /// Restores the backup in `directory` into `dataDirectory` (which must hold no library yet) and, for a
    /// PostgreSQL backup, into the empty database at `databaseURL`.
    public static func restore(
        from directory: String, dataDirectory: String, databaseURL: String?,
        progress: @Sendable (Int, Int) -> Void = { _, _ in }
    ) async throws -> Manifest {
        let manifestURL = URL(fileURLWithPath: directory + "/manifest.json")
        guard let data = try? Data(contentsOf: manifestURL) else {
            throw MaintenanceError.failed("\(directory) is not a backup: it has no manifest.json.")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let manifest = try decoder.decode(Manifest.self, from: data)
        let target = LibraryFiles(root: dataDirectory)
        if !LibraryCheck.files(under: target.originals.path).isEmpty {
            throw MaintenanceError.failed(
                "\(dataDirectory) already holds originals; restore into an empty data folder.")
        }
        let location = DatabaseLocation(url: databaseURL ?? "sqlite://" + dataDirectory + "/imagefeed.sqlite")
        switch manifest.database {
        case "sqlite":
            guard case .sqlite(let path) = location else {
                throw MaintenanceError.failed(
                    "This backup is of a SQLite library; restore it without a PostgreSQL URL.")
            }
            guard !FileManager.default.fileExists(atPath: path) else {
                throw MaintenanceError.failed("\(path) already exists; restore into an empty data folder.")
            }
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: directory + "/" + sqliteFile, toPath: path)
        case "postgres":
            guard case .postgres(let databaseURL) = location else {
                throw MaintenanceError.failed("This backup is of a PostgreSQL library; give the empty database's URL.")
            }
            try await requireEmptyPostgres(databaseURL)
            try await PostgresTools.run(
                try PostgresTools.find("pg_restore"),
                [
                    "--no-owner", "--no-privileges", "--exit-on-error", "--dbname=\(databaseURL)",
                    directory + "/" + postgresFile,
                ])
        default:
            throw MaintenanceError.failed("This backup's database kind \"\(manifest.database)\" is unknown.")
        }
        let sources =
            LibraryCheck.files(under: directory + "/originals") + LibraryCheck.files(under: directory + "/firebase")
        for (index, source) in sources.enumerated() {
            let relative = String(source.dropFirst(directory.count + 1))
            let destination = dataDirectory + "/" + relative
            try FileManager.default.createDirectory(
                atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: source, toPath: destination)
            progress(index + 1, sources.count)
        }
        return manifest
    }

    static func requireEmptyPostgres(_ url: String) async throws {
        let database = try await Database.open(url: url, logger: .init(label: "imagefeed.restore"))
        let tables: Int
        do {
            tables = try await database.postgresTableCount()
        } catch {
            try? await database.shutdown()
            throw error
        }
        try await database.shutdown()
        guard tables == 0 else {
            throw MaintenanceError.failed("The database already has \(tables) tables; restore into an empty database.")
        }
    }

    static func prepareEmptyDirectory(_ directory: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue, (try FileManager.default.contentsOfDirectory(atPath: directory)).isEmpty else {
                throw MaintenanceError.failed("\(directory) is not empty; back up into a new folder.")
            }
        } else {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
    }
}
