import Crypto
import FeedModels
@testable import FeedServer
import FeedStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Imaging
import Logging
import TestSupport
import Testing

/// A quiet logger for the server and importer under test.
let testLogger: Logger = {
    var logger = Logger(label: "imagefeed.server-tests")
    logger.logLevel = .critical
    return logger
}()

/// The photos of the shared fixture library, by their path under the import root.
///
/// EXIF/GPS: only `eiffelTower` carries metadata (`FixtureExif.canon`: Canon EOS R5, 1/250 s, f/2.8, 50 mm,
/// ISO 400; GPS 48.8584 N, 2.2945 E). Keywords: only `seaView` (IPTC + XMP "sunset", "beach").
enum FixturePhoto: String, CaseIterable, Sendable {
    case seaView = "nature/SeaView.jpg"
    case mountainLake = "nature/MountainLake.jpg"
    case tallTree = "nature/TallTree.jpg"
    case meadow = "nature/Meadow.png"
    case eiffelTower = "city/EiffelTower.jpg"
    case nightStreet = "city/NightStreet.jpg"
    case oldBridge = "city/OldBridge.jpg"
    case squareSign = "city/SquareSign.jpg"

    static let eiffelPosition = GPSPosition(latitude: 48.8584, longitude: 2.2945)

    var size: (width: Int, height: Int) {
        switch self {
        case .mountainLake: (800, 600)
        case .tallTree: (240, 320)
        case .squareSign: (240, 240)
        default: (320, 240)
        }
    }

    var folder: String { String(rawValue.split(separator: "/")[0]) }

    func bytes(seed: Int) throws -> [UInt8] {
        let (width, height) = size
        switch self {
        case .meadow: return try Fixtures.png(width: width, height: height, seed: seed)
        case .seaView: return try Fixtures.jpeg(width: width, height: height, seed: seed, keywords: ["sunset", "beach"])
        case .eiffelTower:
            return try Fixtures.jpeg(
                width: width, height: height, seed: seed, exif: .canon, gps: Self.eiffelPosition)
        default: return try Fixtures.jpeg(width: width, height: height, seed: seed)
        }
    }
}

/// An imported fixture library: the source folder, the data directory and the database, with each fixture's id.
struct FixtureLibrary: Sendable {
    static let owner = "alice"
    static let userWithoutPhotos = "bob"
    static let extraTag = "Holiday"

    let backend: Backend
    let sourceDirectory: String
    let dataDirectory: String
    let databaseURL: String
    let ids: [FixturePhoto: String]
    let removeDatabase: @Sendable () async throws -> Void

    var files: LibraryFiles { LibraryFiles(root: dataDirectory) }
    var count: Int { ids.count }

    func id(_ photo: FixturePhoto) -> String { ids[photo]! }

    func sourcePath(_ photo: FixturePhoto) -> String { sourceDirectory + "/" + photo.rawValue }

    func sourceBytes(_ photo: FixturePhoto) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: sourcePath(photo))))
    }

    /// Writes the fixtures, imports them as alice (one album per folder, tag "Holiday") and adds bob, who has none.
    static func build(_ backend: Backend) async throws -> FixtureLibrary {
        let source = try Fixtures.temporaryDirectory(prefix: "imagefeed-server-source")
        let data = try Fixtures.temporaryDirectory(prefix: "imagefeed-server-data")
        var digests: [FixturePhoto: String] = [:]
        for (index, photo) in FixturePhoto.allCases.enumerated() {
            let bytes = try photo.bytes(seed: 100 + index)
            try Fixtures.write(bytes, to: source + "/" + photo.rawValue)
            digests[photo] = sha256Hex(bytes)
        }
        let (url, removeDatabase) = try await TestDatabase.makeURL(backend)
        let store = try await LibraryStore.open(url: url, logger: testLogger)
        do {
            try Imaging.start()
            let importer = LibraryImporter(
                store: store, files: LibraryFiles(root: data), imaging: Imaging(), logger: testLogger)
            let summary = try await importer.run(
                paths: [source],
                options: ImportOptions(username: owner, collectionPerFolder: true, tags: [extraTag]))
            guard summary.imported == FixturePhoto.allCases.count else {
                throw FixtureLibraryError.importIncomplete("\(summary.failed) \(summary.skipped)")
            }
            _ = try await store.ensureUser(username: userWithoutPhotos, firstName: "Bob")
            var ids: [FixturePhoto: String] = [:]
            for (photo, digest) in digests {
                ids[photo] = try await store.photoID(sha256: digest)
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

enum FixtureLibraryError: Error {
    case importIncomplete(String)
}

/// The fixture libraries of one suite, built on first use per backend and removed when the suite ends.
actor FixtureLibraries {
    @TaskLocal static var current: FixtureLibraries?
    /// For a test run outside a suite with the `.fixtureLibrary` trait; never removed.
    static let fallback = FixtureLibraries()

    private var building: [Backend: Task<FixtureLibrary, any Error>] = [:]

    static func library(for backend: Backend) async throws -> FixtureLibrary {
        try await (current ?? fallback).library(for: backend)
    }

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
struct FixtureLibraryTrait: SuiteTrait, TestScoping {
    var isRecursive: Bool { false }

    func provideScope(
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
    static var fixtureLibrary: Self { Self() }
}

/// Runs `body` against an in-process server over the suite's fixture library on `backend`.
///
/// Each call opens its own store on the shared database; the application closes it when it stops.
func withTestServer(
    backend: Backend,
    configure: (inout Configuration) -> Void = { _ in },
    _ body: @escaping @Sendable (any TestClientProtocol, FixtureLibrary) async throws -> Void
) async throws {
    let library = try await FixtureLibraries.library(for: backend)
    var configuration = Configuration(dataDirectory: library.dataDirectory)
    configure(&configuration)
    let settings = configuration
    try await ServerGate.gate(for: backend).run {
        let store: LibraryStore
        do {
            store = try await LibraryStore.open(url: library.databaseURL, logger: testLogger)
        } catch {
            throw TestServerError.cannotOpenStore(String(reflecting: error))
        }
        let app = try await buildApplication(settings, store: store, files: library.files, logger: testLogger)
        try await app.test(.router) { client in try await body(client, library) }
    }
}

enum TestServerError: Error, CustomStringConvertible {
    case cannotOpenStore(String)

    var description: String {
        switch self {
        case .cannotOpenStore(let reason): "Could not open the fixture store: \(reason)"
        }
    }
}

/// Bounds how many test servers are open at once per backend. Each server opens its own connection pool, and
/// dozens of PostgreSQL pools at once exceed the test server's `max_connections`.
actor ServerGate {
    private static let gates: [Backend: ServerGate] = [.sqlite: ServerGate(limit: 16), .postgres: ServerGate(limit: 4)]

    static func gate(for backend: Backend) -> ServerGate { gates[backend]! }

    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) {
        self.limit = limit
    }

    func run<R: Sendable>(_ body: @Sendable () async throws -> R) async throws -> R {
        await enter()
        do {
            let result = try await body()
            leave()
            return result
        } catch {
            leave()
            throw error
        }
    }

    private func enter() async {
        if running < limit {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

// MARK: - Requests and responses

extension TestClientProtocol {
    func get(_ uri: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await execute(uri: uri, method: .get, headers: headers)
    }
}

extension TestResponse {
    var bytes: [UInt8] { Array(body.readableBytesView) }

    func header(_ name: String) -> String? { headers[HTTPField.Name(name)!] }

    /// The body as JSON (objects, arrays, NSNull for null).
    func json() throws -> Any { try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) }

    func object() throws -> [String: Any] { try #require(try json() as? [String: Any]) }

    func array() throws -> [[String: Any]] { try #require(try json() as? [[String: Any]]) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try FeedJSON.makeDecoder().decode(type, from: Data(bytes)) }

    /// The strings of an `{"errors": [...]}` body; empty when the body is not that shape.
    var errors: [String] { (try? decode(ErrorBody.self).errors) ?? [] }

    /// The `Link` header as `rel → URL`.
    var links: [String: String] {
        guard let link = header("Link") else { return [:] }
        var result: [String: String] = [:]
        for part in link.split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard pieces.count == 2, pieces[0].hasPrefix("<"), pieces[0].hasSuffix(">"),
                pieces[1].hasPrefix("rel=\"")
            else { continue }
            let rel = pieces[1].dropFirst(5).dropLast()
            result[String(rel)] = String(pieces[0].dropFirst().dropLast())
        }
        return result
    }
}

/// The query items of a URL as a dictionary.
func queryItems(_ url: String) -> [String: String] {
    let items = URLComponents(string: url)?.queryItems ?? []
    return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
}

/// The path and query of an absolute URL, for sending it back to the in-process server.
func pathAndQuery(_ url: String) throws -> String {
    let components = try #require(URLComponents(string: url))
    return components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
}

func sha256Hex(_ bytes: some Sequence<UInt8>) -> String {
    SHA256.hash(data: Array(bytes)).map { String(format: "%02x", $0) }.joined()
}

/// Every photo of a store, oldest first.
func allPhotos(_ store: LibraryStore) async throws -> [PhotoRecord] {
    var photos: [PhotoRecord] = []
    var page = 1
    while true {
        let result = try await store.feed(order: .oldest, page: PageRequest(number: page, size: 50))
        photos += result.items
        if result.items.count < 50 { return photos }
        page += 1
    }
}

/// What is wrong with a stored photo's files: the original missing or with other bytes, or a feed rendition missing.
func fileProblems(of photo: PhotoRecord, in files: LibraryFiles) -> [String] {
    var problems: [String] = []
    let original = files.originalPath(sha256: photo.sha256, format: photo.format)
    if let bytes = FileManager.default.contents(atPath: original) {
        if sha256Hex(bytes) != photo.sha256 { problems.append("\(photo.id): original has other bytes") }
    } else {
        problems.append("\(photo.id): original missing at \(original)")
    }
    for size in FeedSizes.all {
        let path = files.renditionPath(photoID: photo.id, key: ImageParameters.cacheKey(size.spec))
        if !FileManager.default.fileExists(atPath: path) { problems.append("\(photo.id): rendition missing at \(path)") }
    }
    return problems
}
