import Foundation
import Testing

@testable import Storage

/// What every store must do, run on the local folder and on S3 (moto, through `scripts/test-s3.sh`).
@Suite struct BlobStoreTests {
    /// Multipart runs on S3 for the 20 MiB file: parts of 5 MiB above a 5 MiB threshold.
    static let smallParts: S3Client.Options = {
        var options = S3Client.Options()
        options.multipartThreshold = 5 * 1024 * 1024
        options.partSize = 5 * 1024 * 1024
        return options
    }()

    @Test(arguments: Backend.available)
    func bytes_round_trip(_ backend: Backend) async throws {
        try await TestStore.with(backend) { test in
            // setup
            let bytes = Array("a photo".utf8) + [0, 255, 10]
            // act
            try await test.store.put(bytes, at: "originals/ab/cd/abcd.jpg")
            // assert
            #expect(try await test.store.bytes(at: "originals/ab/cd/abcd.jpg") == bytes)
            #expect(try await test.store.size(of: "originals/ab/cd/abcd.jpg") == bytes.count)
        }
    }

    @Test(arguments: Backend.available)
    func file_streams_up_and_down(_ backend: Backend) async throws {
        try await TestStore.with(backend, options: Self.smallParts) { test in
            // setup
            let source = test.scratch + "/source.bin"
            let copy = test.scratch + "/copies/copy.bin"
            let hash = try TestFiles.make(source, size: 20 * 1024 * 1024)
            // act
            try await test.store.put(file: source, at: "originals/big.bin")
            let found = try await test.store.download("originals/big.bin", to: copy)
            // assert
            #expect(found)
            #expect(try TestFiles.sha256(copy) == hash)
            #expect(try await test.store.size(of: "originals/big.bin") == 20 * 1024 * 1024)
            #expect(try FileManager.default.contentsOfDirectory(atPath: test.scratch + "/copies") == ["copy.bin"])
        }
    }

    @Test(arguments: Backend.available)
    func overwrite_replaces(_ backend: Backend) async throws {
        try await TestStore.with(backend) { test in
            // setup
            try await test.store.put(Array("first, and longer".utf8), at: "avatars/me.jpg")
            // act
            try await test.store.put(Array("second".utf8), at: "avatars/me.jpg")
            // assert
            #expect(try await test.store.bytes(at: "avatars/me.jpg") == Array("second".utf8))
        }
    }

    @Test(arguments: Backend.available)
    func missing_key_is_nil(_ backend: Backend) async throws {
        try await TestStore.with(backend) { test in
            // act
            let bytes = try await test.store.bytes(at: "originals/none.jpg")
            let size = try await test.store.size(of: "originals/none.jpg")
            let downloaded = try await test.store.download("originals/none.jpg", to: test.scratch + "/none.jpg")
            // assert
            #expect(bytes == nil)
            #expect(size == nil)
            #expect(!downloaded)
            #expect(!FileManager.default.fileExists(atPath: test.scratch + "/none.jpg"))
        }
    }

    @Test(arguments: Backend.available)
    func delete_then_missing(_ backend: Backend) async throws {
        try await TestStore.with(backend) { test in
            // setup
            try await test.store.put([1, 2, 3], at: "renditions/x/400.webp")
            // act
            try await test.store.delete("renditions/x/400.webp")
            try await test.store.delete("renditions/x/400.webp")
            // assert
            #expect(try await test.store.bytes(at: "renditions/x/400.webp") == nil)
        }
    }

    @Test(arguments: Backend.available)
    func listing_spans_pages(_ backend: Backend) async throws {
        var options = S3Client.Options()
        options.maxKeysPerPage = 2
        try await TestStore.with(backend, options: options) { test in
            // setup
            let keys = [
                "originals/a/1.jpg", "originals/a/2.jpg", "originals/b/3.jpg", "originals/b/4.jpg",
                "originals/c.jpg",
            ]
            for key in keys + ["avatars/5.jpg", "originalsX.jpg"] { try await test.store.put([1], at: key) }
            // act
            var listed: [String] = []
            for try await key in test.store.keys(under: "originals/") { listed.append(key) }
            var underA: [String] = []
            for try await key in test.store.keys(under: "originals/a") { underA.append(key) }
            // assert
            #expect(listed == keys)
            #expect(underA == ["originals/a/1.jpg", "originals/a/2.jpg"])
        }
    }

    @Test(arguments: Backend.available)
    func keys_with_spaces_and_unicode(_ backend: Backend) async throws {
        try await TestStore.with(backend) { test in
            // setup
            let keys = ["photos/été 2013/a+b (1)~x.jpg", "photos/日本/写真 1.jpg", "photos/100%/what?#&=.jpg"]
            // act
            for (index, key) in keys.enumerated() { try await test.store.put([UInt8(index)], at: key) }
            // assert
            for (index, key) in keys.enumerated() { #expect(try await test.store.bytes(at: key) == [UInt8(index)]) }
            var listed: [String] = []
            for try await key in test.store.keys(under: "photos/") { listed.append(key) }
            #expect(Set(listed) == Set(keys))
        }
    }

    @Test(arguments: Backend.available)
    func escaping_keys_are_refused(_ backend: Backend) async throws {
        try await TestStore.with(backend) { test in
            for key in ["../outside.jpg", "originals/../../outside.jpg", "/etc/passwd", "a//b", "", ".hidden"] {
                // act
                let error = await #expect(throws: BlobStoreError.self) { try await test.store.put([1], at: key) }
                // assert
                #expect(error?.description.hasPrefix("The storage key \"\(key)\" is refused: ") == true)
            }
            #expect(!FileManager.default.fileExists(atPath: test.scratch + "/../outside.jpg"))
        }
    }
}
