import FeedStore
import Foundation
import TestSupport
import Testing

/// A PostgreSQL connection that the server ends while the pool holds it (issue 36: a like waited for ever in a
/// fresh-clone run, its statement written to a connection already closed).
@Suite("PostgreSQL connection loss", .enabled(if: Backend.available.contains(.postgres)))
struct PostgresConnectionLossTests {
    @Test func statements_on_a_connection_the_server_ended_fail_instead_of_waiting() async throws {
        try await TestDatabase.withStore(.postgres) { store, _ in
            let refused = try await store.database.read { db in
                // setup: the server process behind this connection
                let row = try #require(try await db.raw("SELECT pg_backend_pid() AS pid").first())
                let pid = try row.decode(column: "pid", as: Int32.self)

                // act: another connection ends it; statements go on being sent on it until three are refused (the
                // first ones may still be answered before the end reaches the connection)
                try await store.database.read { other in
                    try await other.raw("SELECT pg_terminate_backend(\(bind: pid))").run()
                }
                return try await bounded("three statements refused on the ended connection") {
                    var refused: [String] = []
                    while refused.count < 3 {
                        do {
                            try await bounded("statement \(refused.count + 1) after the end") {
                                try await db.raw("SELECT 1").run()
                            }
                        } catch let error as WaitExceededBound {
                            throw error
                        } catch {
                            refused.append(String(describing: error))
                        }
                    }
                    return refused
                }
            }

            // assert: each statement ended with an error; none waited for an answer that could not come
            #expect(refused.count == 3, "\(refused)")
        }
    }
}
