import FeedStore
import Foundation
import Imaging
import LibraryTestSupport
import Testing

@testable import FeedLibrary

/// Runs the real `imagefeed import`, kills it with SIGKILL mid-import, and checks that the library is consistent and
/// that a second run completes it.
@Suite("Kill and rerun import")
struct KillAndRerunTests {
    static let photoCount = 40

    /// 40 distinct 1600×1200 JPEGs in two folders: four generated images, each copy made unique by a JPEG comment.
    static func writeSource(to folder: String) throws {
        let bases = try (0..<4).map { try Fixtures.jpeg(width: 1600, height: 1200, seed: 500 + $0, quality: 85) }
        for index in 0..<photoCount {
            let comment = Array("copy \(index)".utf8)
            let length = comment.count + 2
            let segment: [UInt8] = [0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)] + comment
            let base = bases[index % bases.count]
            let bytes = Array(base.prefix(2)) + segment + base.dropFirst(2)
            try Fixtures.write(bytes, to: folder + "/\(index < photoCount / 2 ? "first" : "second")/P\(index).jpg")
        }
    }

    static func startImport(source: String, data: String, log: String) throws -> Process {
        try ImagefeedProcess.start(["import", source, "--data", data, "--collection-per-folder"], log: log)
    }

    /// Every photo row with its problems: a missing or altered original. Renditions are a cache written after the
    /// row, so a photo recorded just before the kill may have none yet; they are made when first asked for.
    static func check(data: String) async throws -> (count: Int, problems: [String]) {
        let store = try await LibraryStore.open(
            url: "sqlite://" + data + "/imagefeed.sqlite", logger: testLogger)
        let files = LibraryFiles(root: data)
        do {
            let photos = try await allPhotos(store)
            let count = try await store.photoCount()
            try await store.database.shutdown()
            return (
                count,
                photos.flatMap { fileProblems(of: $0, in: files, renditions: false) }
                    + (photos.count == count ? [] : ["count"])
            )
        } catch {
            try? await store.database.shutdown()
            throw error
        }
    }

    @Test func killed_import_leaves_a_consistent_library_and_a_rerun_completes_it() async throws {
        // setup
        let executable = try ImagefeedProcess.executable()
        let work = try Fixtures.temporaryDirectory(prefix: "imagefeed-kill")
        defer { try? FileManager.default.removeItem(atPath: work) }
        let source = work + "/source"
        let data = work + "/data"
        try Self.writeSource(to: source)
        #expect(FileManager.default.isExecutableFile(atPath: executable))

        // act 1: start the import and kill it as soon as it has stored an original
        let first = try Self.startImport(source: source, data: data, log: work + "/first.log")
        let stored = try await ImagefeedProcess.poll(seconds: 30) {
            ImagefeedProcess.hasAnyFile(under: data + "/originals") || !first.isRunning
        }
        if first.isRunning { kill(first.processIdentifier, SIGKILL) }
        let stopped = try await ImagefeedProcess.poll(seconds: 10) { !first.isRunning }

        // assert 1
        let firstLog = (try? String(contentsOfFile: work + "/first.log", encoding: .utf8)) ?? ""
        #expect(stored, "no original appeared within 30 s: \(firstLog)")
        #expect(stopped)
        // A loaded machine can let the import finish between the check above and the signal, so a clean exit is
        // the other outcome; whatever the timing, it never ends in an error.
        #expect(
            first.terminationReason == .uncaughtSignal || first.terminationStatus == 0,
            "the killed import ended neither by the signal nor cleanly: \(firstLog)")
        let afterKill = try await Self.check(data: data)
        #expect(afterKill.problems.isEmpty, "after the kill: \(afterKill.problems)")
        #expect(afterKill.count <= Self.photoCount)

        // act 2: the same import again, to completion
        let second = try Self.startImport(source: source, data: data, log: work + "/second.log")
        let finished = try await ImagefeedProcess.poll(seconds: 180) { !second.isRunning }
        if !finished { kill(second.processIdentifier, SIGKILL) }

        // assert 2
        let secondLog = (try? String(contentsOfFile: work + "/second.log", encoding: .utf8)) ?? ""
        try #require(finished, "the second import did not finish within 180 s: \(secondLog)")
        #expect(second.terminationStatus == 0, "\(secondLog)")
        let final = try await Self.check(data: data)
        #expect(final.count == Self.photoCount)
        #expect(final.problems.isEmpty, "after the rerun: \(final.problems)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: data + "/tmp")
        #expect(leftovers.isEmpty, "left in tmp: \(leftovers)")
        #expect(secondLog.contains("Imported \(Self.photoCount - afterKill.count) photo"), "\(secondLog)")

        // act 3: `imagefeed check`, judging every file however new, finds nothing left over by the kill
        let check = try ImagefeedProcess.start(["check", "--data", data, "--min-age", "0"], log: work + "/check.log")
        let checked = try await ImagefeedProcess.poll(seconds: 60) { !check.isRunning }
        let checkLog = (try? String(contentsOfFile: work + "/check.log", encoding: .utf8)) ?? ""
        try #require(checked, "imagefeed check did not finish: \(checkLog)")
        #expect(check.terminationStatus == 0, "\(checkLog)")
        #expect(checkLog.contains("Checked \(Self.photoCount) originals."), "\(checkLog)")
        #expect(checkLog.contains("Nothing needs attention."), "\(checkLog)")
    }
}
