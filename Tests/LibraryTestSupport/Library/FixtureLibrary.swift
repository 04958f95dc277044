import FeedLibrary
import FeedStore
import Foundation
import Imaging
import Locking
import Testing

/// The photos of the shared fixture library, by their path under the import root.
///
/// EXIF/GPS: only `eiffelTower` carries metadata (`FixtureExif.canon`: Canon EOS R5, 1/250 s, f/2.8, 50 mm,
/// ISO 400; GPS 48.8584 N, 2.2945 E). Keywords: only `seaView` (IPTC + XMP "sunset", "beach").
public enum FixturePhoto: String, CaseIterable, Sendable {
    case seaView = "nature/SeaView.jpg"
    case mountainLake = "nature/MountainLake.jpg"
    case tallTree = "nature/TallTree.jpg"
    case meadow = "nature/Meadow.png"
    case eiffelTower = "city/EiffelTower.jpg"
    case nightStreet = "city/NightStreet.jpg"
    case oldBridge = "city/OldBridge.jpg"
    case squareSign = "city/SquareSign.jpg"

    /// Where `eiffelTower` says it was taken.
    public static let eiffelPosition = GPSPosition(latitude: 48.8584, longitude: 2.2945)

    /// The pixel size of the generated image.
    public var size: (width: Int, height: Int) {
        switch self {
        case .mountainLake: (800, 600)
        case .tallTree: (240, 320)
        case .squareSign: (240, 240)
        default: (320, 240)
        }
    }

    /// The folder it is imported from, which becomes its album.
    public var folder: String { String(rawValue.split(separator: "/")[0]) }

    func bytes(seed: Int) throws -> [UInt8] {
        let (width, height) = size
        switch self {
        case .meadow: return try Fixtures.png(width: width, height: height, seed: seed)
        case .seaView:
            return try Fixtures.jpeg(width: width, height: height, seed: seed, keywords: ["sunset", "beach"])
        case .eiffelTower:
            return try Fixtures.jpeg(
                width: width, height: height, seed: seed, exif: .canon, gps: Self.eiffelPosition)
        default: return try Fixtures.jpeg(width: width, height: height, seed: seed)
        }
    }
}

/// An imported fixture library: the source folder, the data directory and the database, with each fixture's id.
///
/// One is built per backend for each suite with the `.fixtureLibrary` trait, and shared by the suite's tests, which
/// only read it.
public struct FixtureLibrary: Sendable {
    /// The owner of every fixture photo.
    public static let owner = "alice"
    /// A user with no photos.
    public static let userWithoutPhotos = "bob"
    /// The tag the import added to every photo.
    public static let extraTag = "Holiday"

    public let backend: Backend
    /// The folder the fixtures were imported from.
    public let sourceDirectory: String
    /// The data directory holding their originals and renditions.
    public let dataDirectory: String
    public let databaseURL: String
    /// Each fixture's photo id.
    public let ids: [FixturePhoto: String]
    let removeDatabase: @Sendable () async throws -> Void

    public var files: LibraryFiles { LibraryFiles(root: dataDirectory) }
    /// How many photos the library holds.
    public var count: Int { ids.count }

    /// The id of a fixture's photo.
    public func id(_ photo: FixturePhoto) -> String { ids[photo]! }

    /// Where a fixture's source file is.
    public func sourcePath(_ photo: FixturePhoto) -> String { sourceDirectory + "/" + photo.rawValue }

    /// The bytes of a fixture's source file.
    public func sourceBytes(_ photo: FixturePhoto) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: sourcePath(photo))))
    }

    /// The current suite's library on `backend`, built on first use. Only inside a suite with the `.fixtureLibrary`
    /// trait, which removes it when the suite ends: a library outside one would be left in the temporary folder.
    public static func shared(_ backend: Backend) async throws -> FixtureLibrary {
        guard let libraries = FixtureLibraries.current else { throw FixtureLibraryError.outsideFixtureSuite }
        return try await libraries.library(for: backend)
    }

    /// Writes the fixtures, imports them as alice (one album per folder, tag "Holiday") and adds bob, who has none.
    static func build(_ backend: Backend) async throws -> FixtureLibrary {
        let source = try Fixtures.temporaryDirectory(prefix: "imagefeed-server-source")
        let data = try Fixtures.temporaryDirectory(prefix: "imagefeed-server-data")
        for (index, photo) in FixturePhoto.allCases.enumerated() {
            try Fixtures.write(try photo.bytes(seed: 100 + index), to: source + "/" + photo.rawValue)
        }
        let (url, removeDatabase) = try await TestDatabase.makeURL(backend)
        let store = try await LibraryStore.open(url: url, logger: testLogger, timeout: TestDatabase.timeout)
        do {
            try Imaging.start()
            let importer = LibraryImporter(
                store: store, files: LibraryFiles(root: data), imaging: Imaging(), logger: testLogger)
            let imported = ImportedPhotos()
            let summary = try await importer.run(
                paths: [source], options: ImportOptions(username: owner, collectionPerFolder: true, tags: [extraTag])
            ) { event in
                if case .finished(let path, .imported(let photoID)) = event {
                    imported.ids.withLock { $0[path] = photoID }
                }
            }
            guard summary.imported == FixturePhoto.allCases.count else {
                throw FixtureLibraryError.importIncomplete("\(summary.failed) \(summary.skipped)")
            }
            _ = try await store.ensureUser(username: userWithoutPhotos, firstName: "Bob")
            let byPath = imported.ids.withLock { $0 }
            var ids: [FixturePhoto: String] = [:]
            for photo in FixturePhoto.allCases {
                guard let id = byPath.first(where: { $0.key.hasSuffix("/" + photo.rawValue) })?.value else {
                    throw FixtureLibraryError.importIncomplete("no photo for \(photo.rawValue)")
                }
                ids[photo] = id
            }
            try await store.database.shutdown()
            return FixtureLibrary(
                backend: backend, sourceDirectory: source, dataDirectory: data, databaseURL: url, ids: ids,
                removeDatabase: removeDatabase)
        } catch {
            try? await store.database.shutdown()
            try? await removeDatabase()
            throw error
        }
    }

    func remove() async {
        try? await removeDatabase()
        try? FileManager.default.removeItem(atPath: sourceDirectory)
        try? FileManager.default.removeItem(atPath: dataDirectory)
    }
}

/// The photo id of each imported file, by path, as the importer reports them.
final class ImportedPhotos: Sendable {
    let ids = Locked<[String: String]>([:])
}

enum FixtureLibraryError: Error {
    case importIncomplete(String)
    /// The test's suite lacks the `.fixtureLibrary` trait.
    case outsideFixtureSuite
}

/// The fixture libraries of one suite, built on first use per backend and removed when the suite ends.
actor FixtureLibraries {
    @TaskLocal static var current: FixtureLibraries?

    private var building: [Backend: Task<FixtureLibrary, any Error>] = [:]

    func library(for backend: Backend) async throws -> FixtureLibrary {
        if let task = building[backend] { return try await task.value }
        let task = Task { try await FixtureLibrary.build(backend) }
        building[backend] = task
        return try await task.value
    }

    func removeAll() async {
        for task in building.values {
            if let library = try? await task.value { await library.remove() }
        }
        building = [:]
    }
}

/// Shares one imported fixture library per backend between the tests of a suite (they only read it).
public struct FixtureLibraryTrait: SuiteTrait, TestScoping {
    public var isRecursive: Bool { false }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let libraries = FixtureLibraries()
        do {
            try await FixtureLibraries.$current.withValue(libraries) { try await function() }
        } catch {
            await libraries.removeAll()
            throw error
        }
        await libraries.removeAll()
    }
}

extension Trait where Self == FixtureLibraryTrait {
    /// One imported fixture library per backend, shared by the suite's tests.
    public static var fixtureLibrary: Self { Self() }
}
