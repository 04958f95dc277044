import FeedStore
import Foundation
import TestSupport
import Testing

/// The Firebase tables: Storage listings in byte order with folders, signing keys one per period whoever makes
/// them, and refresh tokens that a sign-out ends.
@Suite("Firebase store")
struct FirebaseStoreTests {
    static func object(_ name: String, bucket: String = "b") -> StorageObjectRecord {
        StorageObjectRecord(
            bucket: bucket, name: name, generation: 1, metageneration: 1, blobKey: "k/" + UUID().uuidString, size: 1,
            md5Hash: "m", crc32c: "c", createdAt: 0, updatedAt: 0)
    }

    @Test(arguments: Backend.available)
    func listings_are_in_byte_order_with_folders_and_pages(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup: names whose byte order differs from a locale's ("B" < "a", "é" after "z")
            for name in ["p/a", "p/B", "p/é", "p/z", "p/sub/1", "p/sub/2", "p/sub-x", "q/other", "p"] {
                _ = try await store.putStorageObject(Self.object(name))
            }
            _ = try await store.putStorageObject(Self.object("p/a", bucket: "other"))

            // act
            let all = try await store.listStorageObjects(
                bucket: "b", prefix: "p/", delimiter: nil, after: nil, limit: 100)
            let first = try await store.listStorageObjects(
                bucket: "b", prefix: "p/", delimiter: "/", after: nil, limit: 3)
            let rest = try await store.listStorageObjects(
                bucket: "b", prefix: "p/", delimiter: "/", after: first.next, limit: 3)

            // assert
            #expect(all.objects.map(\.name) == ["p/B", "p/a", "p/sub-x", "p/sub/1", "p/sub/2", "p/z", "p/é"])
            #expect(all.next == nil)
            #expect(first.objects.map(\.name) == ["p/B", "p/a", "p/sub-x"])
            #expect(first.prefixes.isEmpty)
            #expect(rest.prefixes == ["p/sub/"])
            #expect(rest.objects.map(\.name) == ["p/z", "p/é"])
            #expect(rest.next == nil)
        }
    }

    @Test(arguments: Backend.available)
    func a_periods_signing_key_is_the_first_one_added(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // act: two nodes make a key for the same period
            let first = try await store.addFirebaseSigningKey(
                FirebaseSigningKey(id: "k1", period: 7, privateKeyPEM: "one", createdAt: Date()))
            let second = try await store.addFirebaseSigningKey(
                FirebaseSigningKey(id: "k2", period: 7, privateKeyPEM: "two", createdAt: Date()))
            try await store.pruneFirebaseSigningKeys(beforePeriod: 7)

            // assert
            #expect(first.id == "k1")
            #expect(second.id == "k1")
            #expect(try await store.firebaseSigningKeys(fromPeriod: 0).map(\.id) == ["k1"])
        }
    }

    @Test(arguments: Backend.available)
    func signing_out_everywhere_ends_refresh_tokens_and_sessions(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup
            let user = try await store.createFirebaseAccount(
                NewFirebaseAccount(
                    id: "u1", username: "ada", firstName: "Ada", lastName: nil, email: "ada@example.com",
                    passwordHash: "x"),
                state: FirebaseAccountChanges(), refreshTokenHash: "h1", provider: "password", at: Date())
            try await store.createSession(idHash: "s1", userID: user.id, expiresAt: Date().addingTimeInterval(60))
            let now = Date()

            // act
            try await store.signOutEverywhere(userID: user.id, at: now)

            // assert
            #expect(try await store.useFirebaseRefreshToken(hash: "h1", at: now) == nil)
            #expect(try await store.session(idHash: "s1") == nil)
            let state = try #require(try await store.firebaseAccount(userID: user.id)).state
            #expect(state.tokensValidSince == Int64(now.timeIntervalSince1970) + 1)
        }
    }
}
