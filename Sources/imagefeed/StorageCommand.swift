import ArgumentParser
import FeedLibrary
import Foundation

/// `imagefeed storage`: where the library's files are kept.
struct StorageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storage", abstract: "Move the library's files to an S3-compatible bucket.",
        subcommands: [Migrate.self])

    /// `imagefeed storage migrate --to s3://…`.
    struct Migrate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy the library's originals and mezzanines from the data directory into a bucket.",
            discussion: """
                Every file is read back from the bucket and compared by SHA-256 before it counts as copied. An \
                interrupted run resumes where it stopped when run again; a finished one copies nothing more. The \
                server may keep running meanwhile: run this again after stopping it, to copy what it added, then \
                start every node with --storage set to the same URL. Renditions are not copied: each node makes \
                and shares them again on demand. The local files are left in place.
                """)

        @OptionGroup var library: LibraryOptions

        @Option(
            name: .long,
            help:
                "The bucket: s3://bucket/prefix?endpoint=https://host&region=eu-west-1&style=path (credentials from AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN)."
        )
        var to: String

        @Option(name: .long, help: "Files copied at once (default 4).")
        var jobs: Int = 4

        func run() async throws {
            guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1.") }
            let report = try await withStore(library) { store, configuration in
                guard configuration.storage == nil else {
                    throw ValidationError(
                        "This library is already kept in \(configuration.storage!); migrate copies from the data directory."
                    )
                }
                let target: LibraryFiles
                do {
                    target = try LibraryFiles.configured(
                        root: configuration.dataDirectory, storage: to, environment: ProcessInfo.processInfo.environment
                    )
                } catch let error as ConfigurationError {
                    throw ValidationError(error.problems.joined(separator: "\n"))
                }
                let counter = ProgressBar(unit: "files", label: "Copying to \(to)")
                defer { counter.finish() }
                return try await StorageMigration(
                    store: store, files: LibraryFiles(root: configuration.dataDirectory), to: target.store,
                    concurrency: jobs
                ).run { counter.show($0, $1) }
            }
            print(Self.describe(report, to: to))
            if !report.isComplete { throw ExitCode(1) }
        }

        static func describe(_ report: StorageMigrationReport, to bucket: String) -> String {
            var lines = [
                "Copied \(report.copied) file\(report.copied == 1 ? "" : "s") (\(report.bytes / 1_048_576) MB) to "
                    + "\(bucket), each read back and verified by SHA-256; \(report.alreadyThere) were already there "
                    + "from an earlier run."
            ]
            if !report.missing.isEmpty {
                lines.append("Missing in the data directory, restore them from a backup (\(report.missing.count)):")
                lines += report.missing.prefix(50).map { "  \($0)" }
            }
            if !report.corrupt.isEmpty {
                lines.append("Not copied, their bytes no longer match their name (\(report.corrupt.count)):")
                lines += report.corrupt.prefix(50).map { "  \($0)" }
            }
            if report.isComplete {
                lines.append("Every original is in the bucket. Start the nodes with --storage '\(bucket)'.")
            }
            return lines.joined(separator: "\n")
        }
    }
}
