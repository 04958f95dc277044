import Foundation

/// The real `imagefeed` executable run as a process, for the tests that kill one mid-work and run it again.
public enum ImagefeedProcess {
    /// `<package root>/.build/…/debug/imagefeed`, built by `swift build --build-tests`.
    public static func executable() throws -> String {
        // Tests/LibraryTestSupport/this file
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidates = [
            ".build/debug/imagefeed", ".build/x86_64-unknown-linux-gnu/debug/imagefeed",
            ".build/aarch64-unknown-linux-gnu/debug/imagefeed",
        ]
        .map { root.appendingPathComponent($0).path }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw ImagefeedProcessError.noExecutable(
                "No imagefeed executable at \(candidates.joined(separator: " or ")); "
                    + "run `swift build --traits PostgreSQL --build-tests` first.")
        }
        return found
    }

    /// Starts `imagefeed` with `arguments`, its output going to `log`.
    public static func start(_ arguments: [String], log: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try executable())
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        for name in ["IMAGEFEED_DATA", "IMAGEFEED_DATABASE_URL"] { environment.removeValue(forKey: name) }
        process.environment = environment
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardOutput = output
        process.standardError = output
        try process.run()
        return process
    }

    /// Polls `condition` every 20 ms until it holds or `seconds` pass; returns whether it held.
    public static func poll(seconds: Double, _ condition: () -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }

    /// Whether any regular file is under `folder`.
    public static func hasAnyFile(under folder: String) -> Bool {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return false }
        for case let path as String in enumerator {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                return true
            }
        }
        return false
    }
}

/// Why the executable cannot be run.
public enum ImagefeedProcessError: Error, CustomStringConvertible {
    case noExecutable(String)

    public var description: String {
        switch self {
        case .noExecutable(let message): message
        }
    }
}
