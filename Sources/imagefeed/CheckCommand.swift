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

    @Option(
        name: .long,
        help:
            "Judge only files older than this many seconds (default 600: an import may be writing newer ones). 0 when nothing else runs."
    )
    var minAge: Int = Int(LibraryCheck.defaultSettlingTime)

    func run() async throws {
        guard minAge >= 0 else { throw MaintenanceError.failed("--min-age must not be negative.") }
        let report = try await withStore(library) { store, configuration in
            let counter = ProgressBar(unit: "originals", label: "Checking originals")
            defer { counter.finish() }
            return try await LibraryCheck(
                store: store, files: try configuration.localLibraryFiles(for: "check"),
                settlingTime: TimeInterval(minAge)
            ).run(repair: repair) { counter.show($0, $1) }
        }
        print(Self.describe(report, repaired: repair))
        let unrepaired =
            !report.missing.isEmpty || !report.corrupt.isEmpty || report.remade < report.missingMezzanines.count
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
        list(
            "Corrupt originals (their bytes no longer match their checksum)",
            report.corrupt.map { "\($0.sha256).\($0.format)" })
        list(
            "Missing mezzanines (renditions are made from the original meanwhile, slower)",
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
