import ArgumentParser
import FeedLibrary
import FeedStore
import Foundation

/// `imagefeed backup DIR`.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract:
            "Back up the database, the originals and the Firebase Storage objects into a new folder, while the server keeps running.",
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
            let counter = ProgressBar(unit: "originals", label: "Copying originals")
            let manifest = try await LibraryBackup.backup(
                store: store, databaseURL: configuration.resolvedDatabaseURL,
                files: try configuration.localLibraryFiles(for: "backup"), to: Self.absolute(directory)
            ) { counter.show($0, $1) }
            counter.finish()
            let objects = manifest.firebaseObjects.map { $0 > 0 ? ", \($0) Firebase Storage objects" : "" } ?? ""
            print(
                "Backed up \(manifest.photos) photos and \(manifest.originals) originals\(objects) "
                    + "(\(manifest.bytes / 1_048_576) MB) of the \(manifest.database) library into \(directory).")
        }
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
