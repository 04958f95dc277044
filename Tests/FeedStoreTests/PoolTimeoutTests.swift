import AsyncKit
import Logging
import Testing

@testable import FeedStore

/// A pool whose connections all stay busy past its wait is an overloaded library, which HTTP answers with 503 and
/// `Retry-After`: the store says `.unavailable`, never the pool's own error (which became a 500 for 11 of 200
/// concurrent likes on PostgreSQL in a CI run).
@Suite("The pool's wait")
struct PoolTimeoutTests {
    @Test(arguments: [DatabaseKind.sqlite, .postgres])
    func a_connection_that_never_comes_free_is_unavailable(kind: DatabaseKind) async throws {
        // setup: a pool that times out every request, as AsyncKit's does after its wait
        let database = Database(
            kind: kind, logger: Logger(label: "pool-timeout-test"), serializeWrites: false, poolSize: 1,
            acquire: { throw ConnectionPoolTimeoutError.connectionRequestTimeout }, close: {})

        // act, assert
        for attempt in [0, 1] {
            let error = await #expect(throws: StoreError.self) {
                if attempt == 0 {
                    try await database.read { _ in }
                } else {
                    try await database.transaction { _ in }
                }
            }
            guard case .unavailable = error else {
                Issue.record("expected .unavailable, got \(String(describing: error))")
                continue
            }
        }
        #expect(database.connectionsInUse == 0)
    }
}
