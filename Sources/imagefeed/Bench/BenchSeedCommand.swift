import ArgumentParser
import FeedLibrary
import FeedStore
import Foundation
import Logging

/// `imagefeed bench seed --photos N`: grows the library to N synthetic photos.
struct BenchSeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed",
        abstract: "Grow the library to --photos synthetic photos (rows only), with members, likes and albums.",
        discussion: """
            Photo n is the same on every run, so a library grows in steps: seed to 10,000, measure, seed to 100,000 \
            (photos imported in between count towards --photos). \
            Around the photos: a member for every 50 photos who like (about 1.5 likes a photo, skewed as on any photo \
            site), an album of 40 photos for every 1,000, and a place for four photos in ten. Each batch is one \
            transaction. Prints {"photos", "added", "members_added", "likes_added", "albums_added", "seconds"} as \
            JSON; without --photos, only how many photos the library holds. \
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
        // Closed however the seed ends: a refusal or a failed batch is an error message, not a crash.
        try await withStore(library) { store in try await seed(store, started: started) }
    }

    private func seed(_ store: LibraryStore, started: ContinuousClock.Instant) async throws {
        guard let photos else {
            try printJSON(SeedReport(photos: try await store.photoCount(), added: BulkLoadCount(), seconds: 0))
            return
        }
        var owners: [UserRecord] = []
        for owner in SyntheticLibrary.owners {
            owners.append(
                try await store.ensureUser(
                    username: owner.username, firstName: owner.firstName, lastName: owner.lastName))
        }
        let ownerIDs = owners.map(\.id)
        let existing = try await store.photoCount()
        // Synthetic photos are numbered by how many the library holds already, not by its count: photos imported
        // between two seeds would otherwise leave numbers never written, which the next album reaches into.
        let synthetic = owners.reduce(0) { $0 + $1.totalPhotos }
        if synthetic == 0, existing > 0,
            try await store.photo(idOrSlug: SyntheticLibrary.photo(0, ownerIDs: ownerIDs).id) != nil
        {
            throw ValidationError(
                "This library was seeded by an older imagefeed, whose synthetic photos have other owners: "
                    + "seed a new library (another --data or --database).")
        }
        var added = BulkLoadCount()
        var next = synthetic
        let last = synthetic + max(0, photos - existing)
        while next < last {
            let end = min(last, next + batch)
            let generated = (next..<end).map { SyntheticLibrary.photo($0, ownerIDs: ownerIDs) }
            // All members on a run's first load (a library seeded before members existed gets them), then the new.
            let firstMember = next == synthetic ? 0 : SyntheticLibrary.memberCount(photos: next)
            let load = BulkLoad(
                members: (firstMember..<SyntheticLibrary.memberCount(photos: end)).map(SyntheticLibrary.member),
                photos: generated,
                likes: generated.enumerated().flatMap { SyntheticLibrary.likes(of: next + $0, photoID: $1.id) },
                albums: (next / SyntheticLibrary.photosPerAlbum..<end / SyntheticLibrary.photosPerAlbum).map {
                    SyntheticLibrary.album($0) { index in
                        index >= next
                            ? generated[index - next].id : SyntheticLibrary.photo(index, ownerIDs: ownerIDs).id
                    }
                })
            added += try await store.record(load)
            next = end
            FileHandle.standardError.write(Data("seeded \(existing + added.photos) of \(photos)\n".utf8))
        }
        if added.photos > 0 { try await store.database.refreshPlannerStatistics() }
        try printJSON(
            SeedReport(
                photos: existing + added.photos, added: added,
                seconds: (ContinuousClock.now - started).timeInterval))
    }
}
