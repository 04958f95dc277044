import Locking

/// A count of connections — lent out by the database, or open on an SQLite file — that closing the database can
/// wait on until it is zero, woken by the last one to go rather than polling.
final class ConnectionCount: Sendable {
    private struct Waiter {
        let continuation: CheckedContinuation<Bool, Never>
        var timeout: Task<Void, Never>?
    }

    private struct State {
        var count = 0
        var waiters: [Int: Waiter] = [:]
        var lastWaiter = 0
    }

    private let state = Locked(State())

    /// How many there are now.
    var current: Int { state.withLock { $0.count } }

    func increment() { state.withLock { $0.count += 1 } }

    /// One fewer; the last one wakes whoever waits in ``drained(patience:)``.
    func decrement() {
        let woken = state.withLock { state -> [Waiter] in
            state.count -= 1
            guard state.count == 0 else { return [] }
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in woken {
            waiter.timeout?.cancel()
            waiter.continuation.resume(returning: true)
        }
    }

    /// Waits, at most `patience`, until the count is zero; whether it came to zero.
    func drained(patience: Duration) async -> Bool {
        await withCheckedContinuation { continuation in
            let id = state.withLock { state -> Int? in
                guard state.count > 0 else { return nil }
                state.lastWaiter += 1
                state.waiters[state.lastWaiter] = Waiter(continuation: continuation)
                return state.lastWaiter
            }
            guard let id else { return continuation.resume(returning: true) }
            let timeout = Task { [self] in
                try? await Task.sleep(for: patience)
                guard !Task.isCancelled else { return }
                state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume(returning: false)
            }
            // Woken between the registration and here: the timeout has nothing left to do.
            let waiting = state.withLock { state -> Bool in
                guard state.waiters[id] != nil else { return false }
                state.waiters[id]?.timeout = timeout
                return true
            }
            if !waiting { timeout.cancel() }
        }
    }
}
