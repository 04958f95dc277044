import ArgumentParser
import FeedServer
import FeedStore
import Foundation
import Logging

/// `imagefeed database`: where the library's records are kept.
struct DatabaseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "database", abstract: "Move the library's database from SQLite to PostgreSQL.",
        subcommands: [Copy.self])

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
            let configuration = try ConfigurationLoader.load(library: library)
            // Checked before anything is opened: opening a database creates and migrates it.
            let sourceURL = configuration.resolvedDatabaseURL
            guard sourceURL.hasPrefix("sqlite://") else {
                throw ValidationError(DatabaseCopyError.sourceNotSQLite.description)
            }
            guard to.hasPrefix("postgres://") || to.hasPrefix("postgresql://") else {
                throw ValidationError(DatabaseCopyError.targetNotPostgres.description)
            }
            let sourcePath = String(sourceURL.dropFirst("sqlite://".count))
            guard FileManager.default.fileExists(atPath: sourcePath) else {
                throw ValidationError("There is no library at \(sourcePath): give --data the folder it is in.")
            }
            var logger = Logger(label: "imagefeed.cli")
            logger.logLevel = .error
            let source = try await LibraryStore.open(url: sourceURL, logger: logger)
            do {
                let target = try await LibraryStore.open(url: to, logger: logger)
                do {
                    // Called once per batch of rows, so every call is shown.
                    let counter = StepCounter(label: "Copying rows", every: 1)
                    let tables = try await DatabaseCopy(from: source.database, to: target.database).run {
                        counter.show($0, $1)
                    }
                    counter.finish()
                    print(Self.describe(tables, to: Database.redacted(to)))
                    try await target.database.shutdown()
                } catch {
                    try? await target.database.shutdown()
                    throw error
                }
                try await source.database.shutdown()
            } catch let error as DatabaseCopyError {
                try? await source.database.shutdown()
                throw ValidationError(error.description)
            } catch {
                try? await source.database.shutdown()
                throw error
            }
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
