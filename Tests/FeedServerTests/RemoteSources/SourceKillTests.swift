import FeedStore
import Foundation
import Imaging
import TestSupport
import Testing

@testable import FeedLibrary

/// Runs the real `imagefeed sources sync` against a second ImageFeed server speaking the Pixabay dialect, kills it
/// with SIGKILL mid-sync, and checks that nothing is half-recorded, and that a rerun completes the sync without
/// doubling a photo.
@Suite("Kill and rerun a sync", .serialized)
struct SourceKillTests {
    static let photoCount = 24

    /// Every downloaded photo of the library with its source link and its original file, and the problems found.
    static func inspect(data: String) async throws -> (
        photos: Int, links: Int, remoteIDs: Set<String>, problems: [String]
    ) {
        let store = try await LibraryStore.open(url: "sqlite://" + data + "/imagefeed.sqlite", logger: testLogger)
        do {
            let found = try await inspect(store, files: LibraryFiles(root: data))
            try await store.database.shutdown()
            return found
        } catch {
            try? await store.database.shutdown()
            throw error
        }
    }

    static func inspect(_ store: LibraryStore, files: LibraryFiles) async throws
        -> (photos: Int, links: Int, remoteIDs: Set<String>, problems: [String])
    {
        let sources = try await store.sources()
        let source = try #require(sources.first)
        let known = try await store.knownRemotePhotos(ofSource: source.id)
        var problems: [String] = []
        for (remoteID, photo) in known {
            guard let image = try await store.imageSource(idOrSlug: photo.photoID) else {
                problems.append("\(remoteID): linked to a photo that does not exist")
                continue
            }
            let path = files.originalPath(sha256: image.original.sha256, format: image.original.format)
            if !FileManager.default.fileExists(atPath: path) { problems.append("\(remoteID): no original file") }
        }
        let photos = try await store.photoCount()
        if photos != Set(known.values.map(\.photoID)).count {
            problems.append("\(photos) photos for \(known.count) links")
        }
        return (photos, known.count, Set(known.keys), problems)
    }

    @Test func aKilledSyncLosesNothingAndARerunCompletesItOnce() async throws {
        let work = try Fixtures.temporaryDirectory(prefix: "imagefeed-sync-kill")
        defer { try? FileManager.default.removeItem(atPath: work) }
        let data = work + "/data"
        try await withSourcePair { pair in
            let owner = try await pair.upstream.user("snapper")
            for seed in 0..<Self.photoCount {
                _ = try await pair.upstream.uploadPhoto(
                    try smallJPEG(seed: 3000 + seed, width: 1600, height: 1200), as: owner,
                    fields: ["description": "Ridge \(seed)", "tags": "mountains"])
            }
            let add = try ImagefeedProcess.start(
                [
                    "sources", "add", "pixabay", "peaks", "--key=\(pair.key)", "--api-url", pair.upstreamURL,
                    "--query", "mountains", "--data", data,
                ], log: work + "/add.log")
            add.waitUntilExit()
            try #require(
                add.terminationStatus == 0, "\((try? String(contentsOfFile: work + "/add.log", encoding: .utf8)) ?? "")"
            )

            // act 1: sync, and kill it once a few photos are in
            let first = try ImagefeedProcess.start(["sources", "sync", "--data", data], log: work + "/first.log")
            let started = try await ImagefeedProcess.poll(seconds: 60) {
                ImagefeedProcess.hasAnyFile(under: data + "/originals") || !first.isRunning
            }
            try await Task.sleep(for: .milliseconds(300))
            let killedWhileRunning = first.isRunning
            if first.isRunning { kill(first.processIdentifier, SIGKILL) }
            _ = try await ImagefeedProcess.poll(seconds: 10) { !first.isRunning }

            let firstLog = (try? String(contentsOfFile: work + "/first.log", encoding: .utf8)) ?? ""
            #expect(started, "no photo arrived within 60 s: \(firstLog)")
            #expect(killedWhileRunning, "the sync ended before it could be killed: \(firstLog)")
            let afterKill = try await Self.inspect(data: data)
            #expect(afterKill.problems.isEmpty, "after the kill: \(afterKill.problems)")
            #expect(afterKill.links < Self.photoCount)

            // act 2: the same sync again — at once: the killed process's lease is noticed as gone
            let second = try ImagefeedProcess.start(["sources", "sync", "--data", data], log: work + "/second.log")
            let finished = try await ImagefeedProcess.poll(seconds: 180) { !second.isRunning }
            if !finished { kill(second.processIdentifier, SIGKILL) }

            let secondLog = (try? String(contentsOfFile: work + "/second.log", encoding: .utf8)) ?? ""
            try #require(finished, "the rerun did not finish: \(secondLog)")
            #expect(second.terminationStatus == 0, "\(secondLog)")
            #expect(
                secondLog.contains(
                    "peaks: \(Self.photoCount - afterKill.links) added, 0 updated, \(afterKill.links) unchanged"),
                "\(secondLog)")
            let final = try await Self.inspect(data: data)
            #expect(final.problems.isEmpty, "after the rerun: \(final.problems)")
            #expect(final.photos == Self.photoCount && final.links == Self.photoCount)
            #expect(final.remoteIDs.isSuperset(of: afterKill.remoteIDs))

            // The list shows the source without its key; removing it removes what it brought in.
            let list = try ImagefeedProcess.start(["sources", "list", "--data", data], log: work + "/list.log")
            list.waitUntilExit()
            let listed = (try? String(contentsOfFile: work + "/list.log", encoding: .utf8)) ?? ""
            #expect(
                listed.contains(
                    "peaks  pixabay  \(pair.upstreamURL)  key …\(pair.key.suffix(4))  \(Self.photoCount) photos"),
                "\(listed)")
            #expect(!listed.contains(pair.key))
            let remove = try ImagefeedProcess.start(
                ["sources", "remove", "peaks", "--data", data], log: work + "/remove.log")
            remove.waitUntilExit()
            let removed = (try? String(contentsOfFile: work + "/remove.log", encoding: .utf8)) ?? ""
            #expect(removed.contains("Removed peaks and its \(Self.photoCount) photos."), "\(removed)")
            #expect(!ImagefeedProcess.hasAnyFile(under: data + "/originals"), "the downloaded originals went with it")
        }
    }
}
