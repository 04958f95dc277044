/// Bounds how many test servers are open at once per backend. Each node and each test store opens its own
/// connection pool, and dozens of PostgreSQL pools at once exceed the test database server's `max_connections`.
///
/// Only a test's outermost servers take a place: a test that starts a second server inside the first (a remote
/// source's upstream and the library syncing from it) already holds one, and if the inner server waited too,
/// sixteen such tests holding a place each and waiting for a second would wait for ever (a run hung that way).
/// The one wait allowed while holding a place is a SQLite test's for a PostgreSQL place; a test holding a
/// PostgreSQL place never waits, so the PostgreSQL places always come free and no cycle can form.
actor ServerGate {
    private static let gates: [Backend: ServerGate] = [.sqlite: ServerGate(limit: 16), .postgres: ServerGate(limit: 4)]

    /// The backends whose places the current task (and the tasks it started) holds.
    @TaskLocal private static var held: Set<Backend> = []

    /// Runs `body` once a place for `backend` is free, unless the current task's places already cover it.
    static func run<R: Sendable>(for backend: Backend, _ body: @Sendable () async throws -> R) async throws -> R {
        let held = Self.held
        if held.contains(backend) || held.contains(.postgres) { return try await body() }
        let gate = gates[backend]!
        await gate.enter()
        do {
            let result = try await $held.withValue(held.union([backend])) { try await body() }
            await gate.leave()
            return result
        } catch {
            await gate.leave()
            throw error
        }
    }

    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) {
        self.limit = limit
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
