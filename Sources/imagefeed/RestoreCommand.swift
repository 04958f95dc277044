import ArgumentParser
import FeedLibrary
import FeedStore
import Foundation

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
        let counter = ProgressBar(unit: "originals", label: "Copying originals")
        let manifest = try await LibraryBackup.restore(
            from: BackupCommand.absolute(directory), dataDirectory: configuration.dataDirectory,
            databaseURL: configuration.databaseURL
        ) { counter.show($0, $1) }
        counter.finish()
        print("Restored \(manifest.photos) photos and \(manifest.originals) originals from \(directory).")
        let report = try await withStore(library) { store, configuration in
            try await LibraryCheck(store: store, files: LibraryFiles(root: configuration.dataDirectory)).run(
                repair: false)
        }
        print(CheckCommand.describe(report, repaired: false))
        if !report.isClean { throw ExitCode(1) }
    }
}
