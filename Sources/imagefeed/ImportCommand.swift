import ArgumentParser
import FeedLibrary
import FeedModels
import FeedStore
import Foundation
import Imaging
import Logging

/// `imagefeed import PATH…`: adds photos to the library, with a progress bar and a summary.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import photos from files and folders. Re-importing the same files is a no-op."
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "Files or folders to import.")
    var paths: [String]

    @Option(name: .long, help: "Owner of the imported photos (created when missing).")
    var user: String = "library"

    @Flag(name: .long, help: "Put the photos of each folder into an album named after it.")
    var collectionPerFolder = false

    @Option(name: .long, help: "Comma-separated tags to add to every photo.")
    var tags: String = ""

    @Option(name: .long, help: "Files processed at once (default: the number of cores).")
    var jobs: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The licence the photos are shared under, shown with them: \(PhotoLicense.known.map(\.id).joined(separator: ", ")).",
            valueName: "id"))
    var license: String?

    func validate() throws {
        if let license, PhotoLicense(id: license) == nil {
            throw ValidationError(
                "--license must be one of \(PhotoLicense.known.map(\.id).joined(separator: ", ")); got \"\(license)\".")
        }
    }

    func run() async throws {
        var logger = Logger(label: "imagefeed.import")
        logger.logLevel = .error
        let configuration = try LibraryConfigurationLoader.load(library: library)
        try Imaging.start(concurrency: 1)
        let store = try await LibraryStore.open(url: configuration.resolvedDatabaseURL, logger: logger)
        let importer = LibraryImporter(
            store: store, files: try configuration.libraryFiles(),
            imaging: Imaging(limits: configuration.imageLimits), logger: logger
        )
        let options = ImportOptions(
            username: user, collectionPerFolder: collectionPerFolder,
            tags: tags.split(separator: ",").map(String.init),
            concurrency: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
            license: license
        )
        let bar = ProgressBar()
        let summary: ImportSummary
        do {
            summary = try await importer.run(paths: paths, options: options) { bar.handle($0) }
        } catch {
            try? await store.database.shutdown()
            // A fault of the machine or its services (a full disk, a database or storage that does not answer) is
            // no misuse of the command: its message and exit 1, without a usage hint.
            if LibraryError.isFault(error) { throw MaintenanceError.failed("\(error)") }
            throw ValidationError("\(error)")
        }
        bar.finish()
        try await store.database.shutdown()
        print(Self.report(summary))
        if summary.imported + summary.duplicates == 0, !summary.failed.isEmpty { throw ExitCode(1) }
    }

    static func report(_ summary: ImportSummary) -> String {
        let rate = summary.seconds > 0 ? Double(summary.imported) / summary.seconds : 0
        var lines = [
            String(
                format:
                    "Imported %d photo%@ in %.1f s (%.1f photos/s); %d already in the library, %d skipped, %d failed.",
                summary.imported, summary.imported == 1 ? "" : "s", summary.seconds, rate,
                summary.duplicates, summary.skipped.count, summary.failed.count)
        ]
        if !summary.skipped.isEmpty {
            lines.append("Skipped:")
            lines += summary.skipped.map { "  \($0.path): \($0.reason)" }
        }
        if !summary.failed.isEmpty {
            lines.append("Failed:")
            lines += summary.failed.map { "  \($0.path): \($0.reason)" }
        }
        return lines.joined(separator: "\n")
    }
}
