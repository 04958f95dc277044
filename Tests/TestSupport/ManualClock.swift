import FeedServer
import Locking

/// A clock that moves only when a test says so: caches see time pass without the test waiting for it.
public final class ManualClock: MonotonicClock {
    private struct Sleeper {
        let deadline: Duration
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now = Duration.zero
        var sleepers: [Sleeper] = []
    }

    private let state = Locked(State())

    public init() {}

    public func now() -> Duration { state.withLock { $0.now } }

    public func sleep(for duration: Duration) async throws {
        await withCheckedContinuation { continuation in
            let due = state.withLock { state -> Bool in
                guard duration > .zero else { return true }
                state.sleepers.append(Sleeper(deadline: state.now + duration, continuation: continuation))
                return false
            }
            if due { continuation.resume() }
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
