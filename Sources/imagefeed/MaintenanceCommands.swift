import ArgumentParser
import FeedLibrary
import FeedStore
import Foundation

/// `imagefeed check`: the database against the files.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the library's files against its database: missing, corrupt (by checksum) and orphaned files.",
        discussion: """
            Exits 1 when something needs attention. --repair removes what nothing points at (orphaned originals, \
            mezzanines and rendition folders, and files a killed process left behind) and makes missing mezzanines \
            again from their originals; renditions are made again when next asked for. Missing or corrupt \
            originals are only reported: restore them from a backup. Files younger than --min-age seconds \
            (10 minutes) are left alone, as an import may still be writing them.
            """
    )

    @OptionGroup var library: LibraryOptions

    @Flag(name: .long, help: "Remove orphaned files and leftovers, and make missing mezzanines again.")
    var repair = false

    @Option(name: .long, help: "Judge only files older than this many seconds (default 600: an import may be writing newer ones). 0 when nothing else runs.")
    var minAge: Int = Int(LibraryCheck.defaultSettlingTime)

    func run() async throws {
        guard minAge >= 0 else { throw MaintenanceError.failed("--min-age must not be negative.") }
        let report = try await withStore(library) { store, configuration in
            let counter = StepCounter(label: "Checking originals")
            defer { counter.finish() }
            return try await LibraryCheck(
                store: store, files: try configuration.localLibraryFiles(for: "check"), settlingTime: TimeInterval(minAge)
            ).run(repair: repair) { counter.show($0, $1) }
        }
        print(Self.describe(report, repaired: repair))
        let unrepaired = !report.missing.isEmpty || !report.corrupt.isEmpty || report.remade < report.missingMezzanines.count
        if unrepaired || (!repair && !report.isClean) { throw ExitCode(1) }
    }

    static func describe(_ report: LibraryCheckReport, repaired: Bool) -> String {
        var lines = ["Checked \(report.originals) original\(report.originals == 1 ? "" : "s")."]
        func list(_ title: String, _ items: [String]) {
            guard !items.isEmpty else { return }
            lines.append("\(title) (\(items.count)):")
            lines += items.prefix(50).map { "  \($0)" }
            if items.count > 50 { lines.append("  … and \(items.count - 50) more") }
        }
        list("Missing originals, restore them from a backup", report.missing.map { "\($0.sha256).\($0.format)" })
        list("Corrupt originals (their bytes no longer match their checksum)", report.corrupt.map { "\($0.sha256).\($0.format)" })
        list("Missing mezzanines (renditions are made from the original meanwhile, slower)",
            report.missingMezzanines.map { "\($0.sha256).jpg" })
        list("Orphaned files", report.orphanedFiles)
        list("Orphaned rendition folders", report.orphanedRenditions)
        list("Left behind by an interrupted process", report.leftovers)
        list("Too recent to judge (an import may be writing them)", report.recent)
        if repaired {
            lines.append("Removed \(report.removed) orphaned file\(report.removed == 1 ? "" : "s") and folders.")
            if !report.missingMezzanines.isEmpty {
                lines.append("Made \(report.remade) of \(report.missingMezzanines.count) missing mezzanines again.")
            }
        }
        if report.isClean { lines.append("Nothing needs attention.") }
        return lines.joined(separator: "\n")
    }
}

/// `imagefeed backup DIR`.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Back up the database and the originals into a new folder, while the server keeps running.",
        discussion: """
            SQLite is copied with VACUUM INTO, PostgreSQL with pg_dump in the same snapshot as the list of originals; \
            the originals the copy points at are copied beside it. Restore with `imagefeed restore DIR`.
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "A new (or empty) folder for the backup.")
    var directory: String

    func run() async throws {
        try await withStore(library) { store, configuration in
            let counter = StepCounter(label: "Copying originals")
            let manifest = try await LibraryBackup.backup(
                store: store, databaseURL: configuration.resolvedDatabaseURL,
                files: try configuration.localLibraryFiles(for: "backup"), to: Self.absolute(directory)
            ) { counter.show($0, $1) }
            counter.finish()
            print("Backed up \(manifest.photos) photos and \(manifest.originals) originals "
                + "(\(manifest.bytes / 1_048_576) MB) of the \(manifest.database) library into \(directory).")
        }
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}

/// `imagefeed restore DIR`.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore a backup onto an empty data folder (and, for PostgreSQL, an empty database), then check it."
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The folder `imagefeed backup` wrote.")
    var directory: String

    func run() async throws {
        let configuration = try LibraryConfigurationLoader.load(library: library)
        let counter = StepCounter(label: "Copying originals")
        let manifest = try await LibraryBackup.restore(
            from: BackupCommand.absolute(directory), dataDirectory: configuration.dataDirectory,
            databaseURL: configuration.databaseURL
        ) { counter.show($0, $1) }
        counter.finish()
        print("Restored \(manifest.photos) photos and \(manifest.originals) originals from \(directory).")
        let report = try await withStore(library) { store, configuration in
            try await LibraryCheck(store: store, files: LibraryFiles(root: configuration.dataDirectory)).run(repair: false)
        }
        print(CheckCommand.describe(report, repaired: false))
        if !report.isClean { throw ExitCode(1) }
    }
}

/// "Label 12/300" on a terminal's error stream, redrawn in place; silent when it is not a terminal.
final class StepCounter: Sendable {
    let label: String
    /// Shows every `every`th step (and the last): 1 when each step is already a batch.
    let every: Int
    let interactive = isatty(STDERR_FILENO) == 1

    init(label: String, every: Int = 25) {
        self.label = label
        self.every = max(1, every)
    }

    func show(_ done: Int, _ total: Int) {
        guard interactive, done == total || done % every == 0 else { return }
        FileHandle.standardError.write(Data("\r\(label) \(done)/\(total)".utf8))
    }

    func finish() {
        if interactive { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
