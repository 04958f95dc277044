import ArgumentParser
import FeedLibrary
import FeedStore
import Foundation

/// "Label 12/300" on a terminal's error stream, redrawn in place; silent when it is not a terminal.
final class StepCounter: Sendable {
    let label: String
    /// Shows every `every`th step (and the last): 1 when each step is already a batch.
    let every: Int
    let interactive = isatty(STDERR_FILENO) == 1

    init(label: String, every: Int = 25) {
        self.label = label
        self.every = max(1, every)
    }

    func show(_ done: Int, _ total: Int) {
        guard interactive, done == total || done % every == 0 else { return }
        FileHandle.standardError.write(Data("\r\(label) \(done)/\(total)".utf8))
    }

    func finish() {
        if interactive { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
