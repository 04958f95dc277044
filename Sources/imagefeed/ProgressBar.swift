import FeedLibrary
import Foundation
import Locking

/// Import progress on standard error: a redrawn bar with count, rate and ETA on a terminal, plain lines
/// (at most one a second, and the last) otherwise.
final class ProgressBar: Sendable {
    private struct State {
        var total = 0
        var done = 0
        var failed = 0
        var started = ContinuousClock.now
        var lastLine = ContinuousClock.now - .seconds(10)
    }

    private let interactive: Bool
    private let state = Locked(State())

    init(interactive: Bool) {
        self.interactive = interactive
    }

    func handle(_ event: ImportEvent) {
        switch event {
        case .started(let total):
            start(total: total, message: "Importing \(total) file\(total == 1 ? "" : "s")…")
        case .finished(let path, let outcome):
            if case .failed(let reason) = outcome { step(failure: "\(path): \(reason)") } else { step() }
        }
    }

    /// Starts counting towards `total`, saying `message` first.
    func start(total: Int, message: String) {
        state.withLock { state in
            state.total = total
            state.started = .now
            write(message + "\n")
        }
    }

    /// One more done; a failure is written on its own line above the bar.
    func step(failure: String? = nil) {
        state.withLock { state in
            state.done += 1
            if let failure {
                state.failed += 1
                if interactive { write("\r\u{1B}[2K") }
                write("  failed: \(failure)\n")
            }
            let now = ContinuousClock.now
            if interactive || now - state.lastLine >= .seconds(1) || state.done == state.total {
                state.lastLine = now
                write(line(state))
            }
        }
    }

    /// A line of its own above the bar (a wait, a removal).
    func note(_ text: String) {
        state.withLock { _ in
            if interactive { write("\r\u{1B}[2K") }
            write("  \(text)\n")
        }
    }

    func finish() {
        if interactive { write("\n") }
    }

    private func line(_ state: State) -> String {
        let seconds = (ContinuousClock.now - state.started).timeInterval
        let rate = seconds > 0 ? Double(state.done) / seconds : 0
        let remaining = rate > 0 ? Double(state.total - state.done) / rate : 0
        let eta = String(format: "%d:%02d", Int(remaining) / 60, Int(remaining) % 60)
        let counts = "\(state.done)/\(state.total)  \(String(format: "%.1f", rate)) photos/s  ETA \(eta)"
        guard interactive else { return "  \(counts)\n" }
        let width = 30
        let filled = state.total > 0 ? width * state.done / state.total : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        return "\r\u{1B}[2K[\(bar)] \(counts)"
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
