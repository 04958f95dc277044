import FeedStore
import Foundation
import Logging
import SQLKit

/// The database backends a store test runs on: SQLite always, PostgreSQL when the test scripts started a server
/// and exported `IMAGEFEED_TEST_POSTGRES_URL` (an admin URL such as `postgres://postgres@127.0.0.1:54329/postgres`).
public enum Backend: String, Sendable, CaseIterable {
    case sqlite
    case postgres

    /// The backends available to this test run. With `IMAGEFEED_REQUIRE_POSTGRES=1` (as `make test` sets it) a
    /// missing PostgreSQL URL is an error rather than a silent SQLite-only run.
    public static var available: [Backend] {
        let environment = ProcessInfo.processInfo.environment
        if environment["IMAGEFEED_TEST_POSTGRES_URL"]?.isEmpty == false { return [.sqlite, .postgres] }
        if environment["IMAGEFEED_REQUIRE_POSTGRES"] == "1" { return [.sqlite, .postgres] }
        return [.sqlite]
    }
}

/// Fresh, isolated databases for tests: a new SQLite file, or a new PostgreSQL database created for the test and
/// dropped after it.
public enum TestDatabase {
    static let logger: Logger = {
        var logger = Logger(label: "imagefeed.tests")
        logger.logLevel = .warning
        return logger
    }()

    /// How long a test's store waits to connect, or for a free connection: far longer than a server's 5 s
    /// (``Database/defaultTimeout``). `make test` runs a few hundred PostgreSQL databases at once on a two-core
    /// machine, so a wait there measures the suite's own crowd, not the behaviour under test: a quiet fresh-clone run
    /// had 87 PostgreSQL tests fail on "every connection stayed busy" while the same head passed the run before. A pool
    /// that never lends still fails its test; the tests of the wait itself set their own.
    public static let timeout: Duration = .seconds(60)

    /// Opens a migrated store on a fresh database of `backend`, runs `body`, then closes and removes it.
    public static func withStore<R: Sendable>(
        _ backend: Backend, _ body: (LibraryStore, String) async throws -> R
    ) async throws -> R {
        let (url, cleanup) = try await makeURL(backend)
        do {
            let result = try await withStore(url: url) { store in try await body(store, url) }
            try await cleanup()
            return result
        } catch {
            try? await cleanup()
            throw error
        }
    }

    /// Opens a store on `url` that waits as long as every test store (``timeout``); the caller closes it. For a
    /// store a test keeps beyond one call (a fixture's); otherwise ``withStore(url:logger:_:)``.
    public static func open(url: String, logger: Logger? = nil) async throws -> LibraryStore {
        try await LibraryStore.open(url: url, logger: logger ?? Self.logger, timeout: timeout)
    }

    /// Opens a store on `url` (see ``open(url:logger:)``), runs `body`, and closes the store whether `body` returned
    /// or threw: a pool dropped unclosed stops a debug build on AsyncKit's assertion, and with it the whole Swift
    /// stage of a test run (a fresh-clone run of 999ae0f ended so when a step of the database-outage test threw).
    public static func withStore<R: Sendable>(
        url: String, logger: Logger? = nil, _ body: (LibraryStore) async throws -> R
    ) async throws -> R {
        try await LibraryStore.withOpened(url: url, logger: logger ?? Self.logger, timeout: timeout, body)
    }

    /// A URL for a fresh, empty database and the closure that removes it.
    public static func makeURL(_ backend: Backend) async throws -> (String, @Sendable () async throws -> Void) {
        switch backend {
        case .sqlite:
            let directory = NSTemporaryDirectory() + "imagefeed-db-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            return ("sqlite://\(directory)/test.sqlite", { try? FileManager.default.removeItem(atPath: directory) })
        case .postgres:
            guard let admin = ProcessInfo.processInfo.environment["IMAGEFEED_TEST_POSTGRES_URL"], !admin.isEmpty,
                var components = URLComponents(string: admin)
            else {
                throw TestDatabaseError.postgresMissing
            }
            let name = "imagefeed_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            try await onAdminDatabase(admin) { db in try await db.raw("CREATE DATABASE \(unsafeRaw: name)").run() }
            components.path = "/" + name
            let url = components.string!
            return (
                url,
                {
                    try await onAdminDatabase(admin) { db in
                        try await db.raw("DROP DATABASE IF EXISTS \(unsafeRaw: name) WITH (FORCE)").run()
                    }
                }
            )
        }
    }
}

extension TestDatabase {
    /// Runs `body` on the server's admin database, closed again whether `body` succeeds or not: a pool dropped
    /// unclosed stops a debug build on AsyncKit's assertion, which ended a whole run when PostgreSQL refused a
    /// connection ("too many clients already").
    static func onAdminDatabase(_ admin: String, _ body: @Sendable (any SQLDatabase) async throws -> Void)
        async throws
    {
        let adminDatabase = try await Database.open(url: admin, logger: logger, timeout: timeout)
        do {
            try await adminDatabase.read(body)
            try await adminDatabase.shutdown()
        } catch {
            try? await adminDatabase.shutdown()
            throw error
        }
    }
}

/// Why a test database could not be made.
public enum TestDatabaseError: Error, CustomStringConvertible {
    case postgresMissing

    public var description: String {
        "PostgreSQL tests were required but IMAGEFEED_TEST_POSTGRES_URL is not set; run them through `make test`."
    }
}
