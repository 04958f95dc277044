import Foundation
import Imaging
import TestSupport
import Testing

/// Helpers shared by the Imaging suites.
enum TestFiles {
    /// Writes bytes into a fresh folder inside the test's own (see `TestFolderTrait`) and returns the file path.
    static func path(for bytes: [UInt8], name: String = "original.jpg") throws -> String {
        guard let folder = TestFolderTrait.current else { throw TestFolderTrait.Missing() }
        let path = folder + "/" + UUID().uuidString + "/" + name
        try Fixtures.write(bytes, to: path)
        return path
    }

    /// Whether the bytes start with the signature of the format.
    static func hasMagic(_ bytes: [UInt8], of format: OutputFormat) -> Bool {
        func ascii(_ range: Range<Int>) -> String {
            bytes.count >= range.upperBound ? String(decoding: bytes[range], as: UTF8.self) : ""
        }
        switch format {
        case .jpeg: return bytes.starts(with: [0xFF, 0xD8, 0xFF])
        case .png: return bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        case .webp: return ascii(0..<4) == "RIFF" && ascii(8..<12) == "WEBP"
        case .avif: return ascii(4..<8) == "ftyp" && ascii(8..<12) == "avif"
        }
    }
}

extension TestFiles {
    /// Whether a JPEG is progressive: its frame header is SOF2 (FF C2) rather than a baseline one.
    static func isProgressiveJPEG(_ bytes: [UInt8]) -> Bool {
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            if marker == 0xC2 { return true }
            if marker == 0xC0 || marker == 0xC1 || marker == 0xDA { return false }
            index += 2 + Int(bytes[index + 2]) << 8 + Int(bytes[index + 3])
        }
        return false
    }
}

extension ImagingError {
    /// True for `.corrupt`, whatever libvips's message says.
    var isCorrupt: Bool {
        if case .corrupt = self { return true }
        return false
    }

    /// True for `.invalidParameter`.
    var isInvalidParameter: Bool {
        if case .invalidParameter = self { return true }
        return false
    }
}

/// Gives each test of a suite a temporary folder of its own for `TestFiles.path`, removed when the test ends, passed
/// or failed, so that a run leaves nothing in the temporary directory.
struct TestFolderTrait: SuiteTrait, TestTrait, TestScoping {
    @TaskLocal static var current: String?

    /// `TestFiles.path` was called in a suite without the `.testFolder` trait.
    struct Missing: Error {}

    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let folder = try Fixtures.temporaryDirectory(prefix: "imaging-tests")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await Self.$current.withValue(folder) { try await function() }
    }
}

extension Trait where Self == TestFolderTrait {
    /// A temporary folder for each test's files, removed when the test ends.
    static var testFolder: Self { Self() }
}
