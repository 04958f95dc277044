/// Bounds how many test servers are open at once per backend. Each node and each test store opens its own
/// connection pool, and dozens of PostgreSQL pools at once exceed the test database server's `max_connections`.
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
