import FeedModels
import FeedStore
import Foundation
import LibraryTestSupport
import Testing

@testable import FeedLibrary

/// Firebase Storage objects are the library's data as much as its originals: a backup copies their bytes, and a
/// restore brings them back where the objects' rows point.
@Suite("Check, backup and restore: Firebase Storage objects")
struct FirebaseBackupTests {
    /// Firebase Storage over the library in `data`, with the default rules (the admin calls here skip them).
    static func storage(_ store: LibraryStore, data: String) throws -> FirebaseStorageService {
        let files = LibraryFiles(root: data)
        try files.prepare()
        return FirebaseStorageService(
            store: store, blobs: files.store, access: try RulesStorageAccess.load(file: nil),
            settings: FirebaseSettings(), scratch: files.scratch.path, logger: testLogger)
    }

    /// Stores `text` as the object `name` of the default bucket.
    static func put(_ text: String, name: String, in storage: FirebaseStorageService, data: String) async throws {
        let bytes = Array(text.utf8)
        let path = data + "/tmp/upload-" + UUID().uuidString
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var digest = ObjectDigest()
        digest.update(bytes)
        _ = try await storage.upload(
            bucket: FirebaseSettings().bucket, name: name, file: ReceivedFile(path: path, digest: digest),
            metadata: StorageMetadataInput(), contentType: "text/plain", caller: .admin, api: .firebase)
    }

    @Test(arguments: Backend.available)
    func a_restored_library_serves_the_objects_it_was_backed_up_with(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, url in
            // setup: two objects, one of them written twice (its first bytes are no longer any object's)
            let data = try Fixtures.temporaryDirectory(prefix: "imagefeed-firebase-data")
            // The backup goes into a folder of its own ("set"), which must not exist yet; its parent is removed.
            let backupParent = try Fixtures.temporaryDirectory(prefix: "imagefeed-firebase-backup")
            let backup = backupParent + "/set"
            let restored = try Fixtures.temporaryDirectory(prefix: "imagefeed-firebase-restored")
            let (restoredURL, removeRestored) = try await TestDatabase.makeURL(backend)
            defer {
                for folder in [data, backupParent, restored] { try? FileManager.default.removeItem(atPath: folder) }
            }
            let storage = try Self.storage(store, data: data)
            try await Self.put("first", name: "notes/a.txt", in: storage, data: data)
            try await Self.put("second", name: "notes/a.txt", in: storage, data: data)
            try await Self.put("other", name: "b.txt", in: storage, data: data)

            // act
            let manifest = try await LibraryBackup.backup(
                store: store, databaseURL: url, files: LibraryFiles(root: data), to: backup)
            let restoredManifest = try await LibraryBackup.restore(
                from: backup, dataDirectory: restored, databaseURL: restoredURL)

            // assert: both objects, with their latest bytes, read from the restored library alone
            #expect(manifest.firebaseObjects == 2)
            #expect(restoredManifest == manifest)
            do {
                try await TestDatabase.withStore(url: restoredURL, logger: testLogger) { copy in
                    let served = try Self.storage(copy, data: restored)
                    let bucket = FirebaseSettings().bucket
                    let a = try await served.download(bucket: bucket, name: "notes/a.txt", caller: .admin, token: nil)
                    let b = try await served.download(bucket: bucket, name: "b.txt", caller: .admin, token: nil)
                    #expect(String(decoding: a.bytes, as: UTF8.self) == "second")
                    #expect(String(decoding: b.bytes, as: UTF8.self) == "other")
                    #expect(LibraryCheck.files(under: restored + "/firebase").count == 2)
                }
            } catch {
                try? await removeRestored()
                throw error
            }
            try await removeRestored()
        }
    }
}
