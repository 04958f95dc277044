import ArgumentParser
import FeedLibrary
import FeedStore
import Foundation

/// `imagefeed restore DIR`.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract:
            "Restore a backup onto an empty data folder (and, for PostgreSQL, an empty database), make its mezzanines again, then check it."
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The folder `imagefeed backup` wrote.")
    var directory: String

    func run() async throws {
        let configuration = try LibraryConfigurationLoader.load(library: library)
        let counter = ProgressBar(unit: "originals", label: "Copying originals")
        let manifest = try await LibraryBackup.restore(
            from: BackupCommand.absolute(directory), dataDirectory: configuration.dataDirectory,
            databaseURL: configuration.databaseURL
        ) { counter.show($0, $1) }
        counter.finish()
        print("Restored \(manifest.photos) photos and \(manifest.originals) originals from \(directory).")
        // A backup leaves the mezzanines out (they are made from the originals): the check makes them again here,
        // and only what it cannot make again, a missing or corrupt original, fails the restore. A library backed up
        // under load holds large originals without their mezzanine in every case.
        let report = try await withStore(library) { store, configuration in
            // The folders a backup does not bring (the scratch folder mezzanines are written through).
            let files = LibraryFiles(root: configuration.dataDirectory)
            try files.prepare()
            return try await LibraryCheck(store: store, files: files).run(repair: true)
        }
        print(CheckCommand.describe(report, repaired: true))
        if !report.missing.isEmpty || !report.corrupt.isEmpty || report.remade < report.missingMezzanines.count {
            throw ExitCode(1)
        }
    }
}
