import FeedStore
import Foundation
import Imaging
import LibraryTestSupport
import Testing

@testable import FeedLibrary

/// A node follows the deletions other nodes log, and drops what it cached of them.
@Suite("Following removals")
struct RemovalFollowingTests {
    @Test(arguments: Backend.available)
    func a_pass_drops_the_cache_folders_of_photos_and_avatars_removed_elsewhere(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup: this node's cache holds a rendition and a source copy of two photos and of alice's avatar
            let root = try Fixtures.temporaryDirectory(prefix: "removal-following")
            defer { try? FileManager.default.removeItem(atPath: root) }
            let files = LibraryFiles(root: root)
            try files.prepare()
            let ids = try await TestLibrary.seed(store, count: 2, username: "alice")
            let alice = try #require(try await store.user(username: "alice"))
            let avatar = TestLibrary.uniqueDigest()
            _ = try await store.setAvatar(userID: alice.id, sha256: avatar, format: "jpeg")
            let folders = (ids + [LibraryFiles.avatarCacheID(sha256: avatar)]).map {
                files.renditionPath(photoID: $0, key: "")
            }
            for folder in folders {
                for name in ["400xauto-max-center-q80.jpg", "source-original.jpeg"] {
                    try Fixtures.write([1, 2, 3], to: folder + name)
                }
            }
            let renditions = RenditionService(
                imaging: Imaging(), files: files, threadPool: .singleton, threads: 1, maxWaiting: 1,
                limit: RenditionCacheLimit(folder: files.renditions.path, budget: nil))
            let follower = RemovalFollower(
                store: store, renditions: renditions, interval: .seconds(1), logger: testLogger)
            var position = RemovalFollower.Position(followed: Date())

            // act: another node deletes the first photo and replaces the avatar
            _ = try await store.deletePhoto(ids[0], by: alice.id)
            _ = try await store.setAvatar(userID: alice.id, sha256: TestLibrary.uniqueDigest(), format: "jpeg")
            try await follower.follow(&position, now: Date())

            // assert: the deleted photo's and the old avatar's folders are gone, sources and all; the other stays
            #expect(!FileManager.default.fileExists(atPath: folders[0]))
            #expect(FileManager.default.fileExists(atPath: folders[1] + "source-original.jpeg"))
            #expect(!FileManager.default.fileExists(atPath: folders[2]))
        }
    }
}
