import FeedLibrary
import Foundation
import Locking

/// The progress of a long command on standard error, the one display every command uses (import, sync, check,
/// backup, restore, storage migrate, database copy): on a terminal, a bar redrawn in place with the count, the rate
/// and the time left; elsewhere (a log, a pipe), a plain line at most once a second, and the last.
final class ProgressBar: Sendable {
    private struct State {
        var total = 0
        var done = 0
        var failed = 0
        var started = ContinuousClock.now
        var lastLine = ContinuousClock.now - .seconds(10)
        /// Whether counting has started (``start(total:message:)``, or the first ``show(_:_:)``).
        var begun = false
    }

    private let interactive: Bool
    /// What is counted, for the rate: `photos`, `originals`, `rows`.
    private let unit: String
    /// What is being done, before the count: `Checking originals`.
    private let label: String?
    private let state = Locked(State())

    /// - Parameter interactive: whether standard error is a terminal, where the bar is redrawn in place.
    init(unit: String = "photos", label: String? = nil, interactive: Bool = isatty(STDERR_FILENO) == 1) {
        self.unit = unit
        self.label = label
        self.interactive = interactive
    }

    /// Shows an import's progress.
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
            state.begun = true
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
            draw(&state)
        }
    }

    /// `done` of `total`, for work that counts for itself (`progress(done, total)` callbacks); the first call starts
    /// the clock the rate is measured by.
    func show(_ done: Int, _ total: Int) {
        state.withLock { state in
            if !state.begun {
                state.begun = true
                state.started = .now
            }
            state.done = done
            state.total = total
            draw(&state)
        }
    }

    /// A line of its own above the bar (a wait, a removal).
    func note(_ text: String) {
        state.withLock { _ in
            if interactive { write("\r\u{1B}[2K") }
            write("  \(text)\n")
        }
    }

    /// Ends the bar's line, when one was drawn.
    func finish() {
        if interactive, state.withLock({ $0.begun }) { write("\n") }
    }

    /// Draws the count when it is the last, or when the last drawing is old enough: a tenth of a second on a
    /// terminal, a second in a log.
    private func draw(_ state: inout State) {
        let now = ContinuousClock.now
        let every: Duration = interactive ? .milliseconds(100) : .seconds(1)
        guard now - state.lastLine >= every || state.done >= state.total else { return }
        state.lastLine = now
        write(line(state))
    }

    private func line(_ state: State) -> String {
        let seconds = (ContinuousClock.now - state.started).timeInterval
        let rate = seconds > 0 ? Double(state.done) / seconds : 0
        let remaining = rate > 0 ? Double(state.total - state.done) / rate : 0
        let eta = String(format: "%d:%02d", Int(remaining) / 60, Int(remaining) % 60)
        let counts =
            (label.map { $0 + " " } ?? "")
            + "\(state.done)/\(state.total)  \(String(format: "%.1f", rate)) \(unit)/s  ETA \(eta)"
        guard interactive else { return "  \(counts)\n" }
        let width = 30
        let filled = state.total > 0 ? width * min(state.done, state.total) / state.total : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        return "\r\u{1B}[2K[\(bar)] \(counts)"
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
