import FeedStore
import Foundation

/// PostgreSQL's own command-line tools, for dumps and restores.
enum PostgresTools {
    /// The tool on `PATH`, else in the newest `/usr/lib/postgresql/*/bin`.
    static func find(_ name: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let candidates =
            path.split(separator: ":").map { "\($0)/\(name)" }
            + ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? [])
            .sorted { $0.compare($1, options: .numeric) == .orderedDescending }
            .map { "/usr/lib/postgresql/\($0)/bin/\(name)" }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw MaintenanceError.failed(
                "\(name) was not found; install it with: apt-get install -y postgresql-client")
        }
        return found
    }

    /// Runs a tool on a thread of its own (it blocks while the tool works) and waits for it; its error output
    /// becomes the error's message.
    static func run(_ executable: String, _ arguments: [String]) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try runBlocking(executable, arguments) })
            }
        }
    }

    private static func runBlocking(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw MaintenanceError.failed("\((executable as NSString).lastPathComponent) failed: \(text)")
        }
    }
}
