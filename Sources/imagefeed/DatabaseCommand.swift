import ArgumentParser
import FeedLibrary
import FeedStore
import Foundation

/// `imagefeed database`: where the library's records are kept.
struct DatabaseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "database",
        abstract: "Move the library's database to PostgreSQL; export and import Realtime Database namespaces.",
        subcommands: [Copy.self, Export.self, Import.self])

    /// `imagefeed database copy --to postgres://…`.
    struct Copy: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy a SQLite library's whole database into an empty PostgreSQL database.",
            discussion: """
                Everything is copied: photos, people and their passwords, sessions (nobody is signed out), likes, \
                albums, apps and tokens, sources, statistics, and the numbers the Flickr, Pixabay and \
                JSONPlaceholder dialects show. The copy is written in one transaction and checked table by table \
                before it is kept, so it arrives whole or not at all; the SQLite database is only read. The target \
                must be empty (a new database from createdb). Stop the server first: what it writes after the copy \
                begins is not copied. Then move the files with `imagefeed storage migrate`, and start the nodes \
                with --database set to the same URL.
                """)

        @OptionGroup var library: LibraryOptions

        @Option(name: .long, help: "The PostgreSQL database: postgres://user:password@host:5432/name.")
        var to: String

        func run() async throws {
            let configuration = try LibraryConfigurationLoader.load(library: library)
            // Checked before anything is opened: opening a database creates and migrates it.
            let sourceURL = configuration.resolvedDatabaseURL
            guard case .sqlite(let sourcePath) = DatabaseLocation(url: sourceURL) else {
                throw ValidationError(DatabaseCopyError.sourceNotSQLite.description)
            }
            guard case .postgres = DatabaseLocation(url: to) else {
                throw ValidationError(DatabaseCopyError.targetNotPostgres.description)
            }
            guard FileManager.default.fileExists(atPath: sourcePath) else {
                throw ValidationError("There is no library at \(sourcePath): give --data the folder it is in.")
            }
            let tables: [CopiedTable]
            do {
                tables = try await withStore(url: sourceURL) { source in
                    try await withStore(url: to) { target in
                        let counter = ProgressBar(unit: "rows", label: "Copying rows")
                        defer { counter.finish() }
                        return try await DatabaseCopy(from: source.database, to: target.database).run {
                            counter.show($0, $1)
                        }
                    }
                }
            } catch let error as DatabaseCopyError {
                throw ValidationError(error.description)
            }
            print(Self.describe(tables, to: Database.redacted(to)))
        }

        static func describe(_ tables: [CopiedTable], to target: String) -> String {
            let rows = tables.reduce(0) { $0 + $1.rows }
            func count(_ table: String, _ one: String, _ many: String) -> String {
                let n = tables.first { $0.name == table }?.rows ?? 0
                return "\(n) \(n == 1 ? one : many)"
            }
            let library = [
                count("photos", "photo", "photos"), count("users", "person", "people"),
                count("collections", "album", "albums"), count("likes", "like", "likes"),
            ]
            return """
                Copied \(rows) rows in \(tables.count) tables to \(target) (\(library.joined(separator: ", "))), \
                every table's count checked against the source.
                Start the nodes with --database (IMAGEFEED_DATABASE_URL) set to it.
                """
        }
    }
}
