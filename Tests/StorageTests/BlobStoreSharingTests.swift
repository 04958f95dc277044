import Foundation
import Testing

@testable import Storage

/// What a node does with a store beyond keeping blobs: reading one in place (a render's source), and sharing what it
/// made with the other nodes. A folder on this machine's disk answers from its own files and shares nothing; a bucket
/// is read through a copy the caller keeps, and is where nodes share.
@Suite struct BlobStoreSharingTests {
    @Test(arguments: Backend.available)
    func a_local_file_is_the_stores_own_or_a_copy_fetched_once(_ backend: Backend) async throws {
        try await TestStore.with(backend) { test in
            // setup
            let bytes = Array("a mezzanine".utf8)
            try await test.store.put(bytes, at: "mezzanines/ab/cd/abcd.jpg")
            let copy = test.scratch + "/renditions/ab/abcdefghijk/source-mezzanine.jpg"
            // act
            let first = try #require(try await test.store.localFile(of: "mezzanines/ab/cd/abcd.jpg", copy: copy))
            let second = try #require(try await test.store.localFile(of: "mezzanines/ab/cd/abcd.jpg", copy: copy))
            let missing = try await test.store.localFile(of: "mezzanines/ab/cd/none.jpg", copy: copy + ".none")
            // assert
            #expect(FileManager.default.contents(atPath: first.path) == Data(bytes))
            #expect(second.path == first.path && second.fetched == 0)
            #expect(missing == nil)
            if backend == .s3 {
                #expect(first.path == copy && first.fetched == bytes.count)
            } else {
                // the blobs are on this machine's disk: read in place, no copy made
                #expect(first.path != copy && first.fetched == 0)
                #expect(!FileManager.default.fileExists(atPath: copy))
            }
        }
    }

    @Test(arguments: Backend.available)
    func shared_bytes_reach_other_nodes_only_through_a_bucket(_ backend: Backend) async throws {
        try await TestStore.with(backend) { test in
            // setup
            let bytes = Array("a rendition".utf8)
            // act
            try await test.store.share(bytes, at: "renditions/ab/abcdefghijk/400xauto-max-center-q80.jpg")
            let shared = try await test.store.shared(at: "renditions/ab/abcdefghijk/400xauto-max-center-q80.jpg")
            // assert
            #expect(shared == (backend == .s3 ? bytes : nil))
        }
    }
}
