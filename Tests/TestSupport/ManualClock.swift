import FeedServer
import Foundation
import Locking

/// A clock that moves only when a test says so: caches see time pass without the test waiting for it.
public final class ManualClock: MonotonicClock {
    private struct Sleeper {
        let id: UUID
        let deadline: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Duration.zero
        var sleepers: [Sleeper] = []
    }

    private let state = Locked(State())

    public init() {}

    public func now() -> Duration { state.withLock { $0.now } }

    /// Returns once the clock was moved past `duration` from now; throws `CancellationError` as soon as the task is
    /// cancelled, as the system's clocks do (a loop sleeping on this clock ends with its task, not at the next
    /// `advance`, which a finished test never makes).
    public func sleep(for duration: Duration) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { state -> Result<Void, any Error>? in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    guard duration > .zero else { return .success(()) }
                    state.sleepers.append(
                        Sleeper(id: id, deadline: state.now + duration, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time on and wakes everyone whose sleep has ended.
    public func advance(by duration: Duration) {
        let woken = state.withLock { state -> [Sleeper] in
            state.now += duration
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// How many are asleep on this clock; a test waits for a sleeper to exist before it moves time.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }
}
