import ArgumentParser
import FeedLibrary
import FeedStore
import Foundation
import Logging

/// `imagefeed bench seed --photos N`: grows the library to N synthetic photos.
struct BenchSeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed",
        abstract: "Add synthetic photos (rows only, no files) until the library holds --photos of them.",
        discussion: """
            Photo n is the same on every run, so a library grows in steps: seed to 10,000, measure, seed to 100,000. \
            Prints {"photos", "added", "seconds"} as JSON; without --photos, only how many the library holds. \
            On PostgreSQL the planner's statistics are refreshed (ANALYZE) after a load.
            """
    )

    @OptionGroup var library: LibraryOptions

    @Option(name: .long, help: "How many photos the library should hold (default: add none, print the count).")
    var photos: Int?

    @Option(name: .long, help: "Photos written per transaction.")
    var batch: Int = 20_000

    func run() async throws {
        let started = ContinuousClock.now
        let store = try await BenchCommand.openStore(library)
        guard let photos else {
            print(#"{"photos": \#(try await store.photoCount()), "added": 0, "seconds": 0}"#)
            try await store.database.shutdown()
            return
        }
        var ownerIDs: [String] = []
        for owner in SyntheticLibrary.owners {
            ownerIDs.append(
                try await store.ensureUser(
                    username: owner.username, firstName: owner.firstName, lastName: owner.lastName
                ).id)
        }
        let existing = try await store.photoCount()
        var added = 0
        var next = existing
        while next < photos {
            let end = min(photos, next + batch)
            added += try await store.recordPhotos((next..<end).map { SyntheticLibrary.photo($0, ownerIDs: ownerIDs) })
            next = end
            FileHandle.standardError.write(Data("seeded \(next) of \(photos)\n".utf8))
        }
        if added > 0 { try await store.database.refreshPlannerStatistics() }
        try await store.database.shutdown()
        let seconds = (ContinuousClock.now - started).timeInterval
        print(#"{"photos": \#(existing + added), "added": \#(added), "seconds": \#(String(format: "%.1f", seconds))}"#)
    }
}
