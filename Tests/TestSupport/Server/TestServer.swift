import FeedLibrary
import FeedServer
import FeedStore
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging

/// One server under test, as ``withTestServer(_:library:nodes:transport:configure:clock:_:)`` started it: a client
/// for each node, a second handle on their database, the data directory, and the routes they registered.
public struct TestServer: Sendable {
    /// What the library holds when the test starts.
    public enum Library: Sendable {
        /// A fresh, empty database and data directory, removed when the test ends.
        case empty
        /// The suite's shared, imported ``FixtureLibrary`` on the test's backend; tests only read it.
        case fixtures
    }

    /// The name of the server's session cookie (the server's own constant is internal).
    public static let sessionCookieName = "imagefeed_session"

    /// Every scope, space-separated: what a user made in the store holds unless a test asks for less.
    public static let allScopes = Scope.allCases.map(\.rawValue).joined(separator: " ")

    /// The backend of the server's database.
    public let backend: Backend
    /// A client of each node, in order. Each node is an application with its own store over the one database, as
    /// processes behind a load balancer are.
    public let nodes: [any TestClientProtocol]
    /// A second handle on the database: to the server it is another process. Its writes reach the server's
    /// response cache only once the cache's max age has passed on ``clock``.
    public let store: LibraryStore
    /// The data directory every node serves from.
    public let dataDirectory: String
    /// The routes the first node registered, in registration order.
    public let routes: RouteTable
    /// The clock the server's caches measure time with; it moves only when the test advances it.
    public let clock: ManualClock
    /// The date and time the server issues and checks Firebase tokens at.
    public let wallClock: TestWallClock
    let fixtureLibrary: FixtureLibrary?
    let oauthApp: OAuthAppSlot

    /// A client of the first node.
    public var client: any TestClientProtocol { nodes[0] }

    /// The data directory's originals, renditions and scratch space.
    public var files: LibraryFiles { LibraryFiles(root: dataDirectory) }

    /// The shared fixture library the server runs on. Only for a server started with `library: .fixtures`.
    public var fixtures: FixtureLibrary {
        guard let fixtureLibrary else {
            preconditionFailure("This server runs on an empty library; start it with `library: .fixtures`.")
        }
        return fixtureLibrary
    }

    /// The settings every test server starts from: the defaults `imagefeed serve` has, except bcrypt at its cheapest
    /// cost, no sign-in slow-down, rate-limit counts added to the database on every request, no idle timeout, and no Realtime Database
    /// listener (its default port, 9000, is one for the whole machine; its tests start their own).
    ///
    /// The idle timeout is off because HummingbirdTesting's `.live` client is one connection that never reconnects:
    /// a test that holds a live server while it waits for a ``ServerGate`` slot (a source test's upstream, while
    /// its library waits for one of PostgreSQL's four) can sit idle past the 75 s default when the whole suite
    /// runs, and the server then rightly closes the connection under it ("I/O on closed channel"). Real clients
    /// (URLSession, AsyncHTTPClient, nginx) open a new connection instead; the tests of the timeout set their own.
    public static func configuration(dataDirectory: String) -> Configuration {
        var configuration = Configuration(dataDirectory: dataDirectory)
        configuration.database.port = 0
        configuration.bcryptCost = 4
        configuration.loginDelayStep = .zero
        configuration.rateLimitFlushInterval = 0
        configuration.connections.idleTimeout = nil
        return configuration
    }
}

/// Runs `body` against a server started for it, and stops the server afterwards.
///
/// - Parameters:
///   - backend: the database backend.
///   - library: a fresh, empty library (the default), or the suite's shared fixture library (read-only; the suite
///     carries the `.fixtureLibrary` trait).
///   - nodes: how many applications serve the one database and data directory.
///   - transport: how the test reaches the server (see ``ServerTransport``).
///   - configure: changes to ``TestServer/configuration(dataDirectory:)``.
///   - clock: the clock of the server's caches.
///   - wallClock: the date and time of the server's Firebase tokens.
public func withTestServer(
    _ backend: Backend = .sqlite,
    library: TestServer.Library = .empty,
    nodes: Int = 1,
    transport: ServerTransport = .router,
    configure: (inout Configuration) -> Void = { _ in },
    clock: ManualClock = ManualClock(),
    wallClock: TestWallClock = TestWallClock(),
    _ body: @Sendable (TestServer) async throws -> Void
) async throws {
    precondition(nodes >= 1, "A test server has at least one node.")
    switch library {
    case .empty:
        let data = try Fixtures.temporaryDirectory(prefix: "imagefeed-server")
        defer { try? FileManager.default.removeItem(atPath: data) }
        var configuration = TestServer.configuration(dataDirectory: data)
        configure(&configuration)
        let settings = configuration
        try await ServerGate.run(for: backend) {
            try await TestDatabase.withStore(backend) { store, url in
                let server = TestServer(
                    backend: backend, nodes: [], store: store, dataDirectory: data, routes: RouteTable(), clock: clock,
                    wallClock: wallClock, fixtureLibrary: nil, oauthApp: OAuthAppSlot(store: store))
                try await server.serve(databaseURL: url, nodes: nodes, settings: settings, transport: transport, body)
            }
        }
    case .fixtures:
        let fixtures = try await FixtureLibrary.shared(backend)
        var configuration = TestServer.configuration(dataDirectory: fixtures.dataDirectory)
        configure(&configuration)
        let settings = configuration
        try await ServerGate.run(for: backend) {
            let store = try await TestServer.openStore(fixtures.databaseURL)
            let server = TestServer(
                backend: backend, nodes: [], store: store, dataDirectory: fixtures.dataDirectory, routes: RouteTable(),
                clock: clock, wallClock: wallClock, fixtureLibrary: fixtures, oauthApp: OAuthAppSlot(store: store))
            do {
                try await server.serve(
                    databaseURL: fixtures.databaseURL, nodes: nodes, settings: settings, transport: transport, body)
            } catch {
                try? await store.database.shutdown()
                throw error
            }
            try await store.database.shutdown()
        }
    }
}

extension TestServer {
    /// Builds one application per node, each over its own store (which it closes when it stops), and runs `body`
    /// with a client of every node. With a bucket (`settings.storage`), every node but the first gets a data
    /// directory of its own, `<data>-node<N>`, as separate machines would: the bucket is all they share besides
    /// the database.
    func serve(
        databaseURL: String, nodes count: Int, settings: Configuration, transport: ServerTransport,
        _ body: @Sendable (TestServer) async throws -> Void
    ) async throws {
        var stores: [LibraryStore] = []
        var applications: [any ApplicationProtocol] = []
        let ownFolders = settings.storage == nil ? [] : (1..<count).map { "\(dataDirectory)-node\($0)" }
        defer { for folder in ownFolders { try? FileManager.default.removeItem(atPath: folder) } }
        do {
            for node in 0..<count {
                let store = try await Self.openStore(databaseURL)
                stores.append(store)
                var nodeSettings = settings
                if node > 0, !ownFolders.isEmpty { nodeSettings.dataDirectory = ownFolders[node - 1] }
                applications.append(
                    try await buildApplication(
                        nodeSettings, store: store, files: try nodeSettings.libraryFiles(), logger: testLogger,
                        routes: node == 0 ? routes : RouteTable(), clock: clock, now: wallClock.now))
            }
        } catch {
            for store in stores { try? await store.database.shutdown() }
            throw error
        }
        try await Self.withClients(of: applications[...], transport: transport, opened: []) { clients in
            try await body(
                TestServer(
                    backend: backend, nodes: clients, store: store, dataDirectory: dataDirectory, routes: routes,
                    clock: clock, wallClock: wallClock, fixtureLibrary: fixtureLibrary, oauthApp: oauthApp))
        }
    }

    /// Starts each application in turn and runs `body` once every one has a client.
    static func withClients(
        of applications: ArraySlice<any ApplicationProtocol>, transport: ServerTransport,
        opened: [any TestClientProtocol], _ body: @Sendable ([any TestClientProtocol]) async throws -> Void
    ) async throws {
        guard let application = applications.first else { return try await body(opened) }
        try await withClient(of: application, transport: transport) { client in
            try await withClients(
                of: applications.dropFirst(), transport: transport, opened: opened + [client], body)
        }
    }

    /// A client of `application` over `transport`, for the time `body` runs.
    static func withClient<App: ApplicationProtocol>(
        of application: App, transport: ServerTransport, _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        switch transport {
        case .router: try await application.test(.router, body)
        case .live: try await application.test(.live, body)
        case .listening:
            try await withListening(application) { port in
                try await RouterOnlyApplication(base: application).test(.router) { router in
                    try await body(ListeningClient(router: router, port: port))
                }
            }
        }
    }

    static func openStore(_ url: String) async throws -> LibraryStore {
        do {
            return try await LibraryStore.open(url: url, logger: testLogger)
        } catch {
            throw TestServerError.cannotOpenStore(String(reflecting: error))
        }
    }
}

/// Why a test server could not start.
public enum TestServerError: Error, CustomStringConvertible {
    /// A store on the test database did not open.
    case cannotOpenStore(String)

    public var description: String {
        switch self {
        case .cannotOpenStore(let reason): "Could not open a store on the test database: \(reason)"
        }
    }
}
