import FeedStore
import Foundation
import TestSupport
import Testing

/// The language a person chose, kept with their account (migration 017), on both backends.
@Suite("Store: a person's language")
struct UserLanguageTests {
    static func account(_ store: LibraryStore) async throws -> UserRecord {
        try await store.createAccount(
            NewAccount(
                username: "lina", firstName: "Lina", lastName: "Haddad", email: "lina@example.com", passwordHash: "x"))
    }

    @Test(arguments: Backend.available)
    func a_language_is_kept_until_cleared(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup
            let lina = try await Self.account(store)
            #expect(lina.language == nil)

            // act
            let chosen = try await store.updateProfile(userID: lina.id, ProfileChanges(language: "ar"))
            let read = try await store.user(id: lina.id)
            let untouched = try await store.updateProfile(userID: lina.id, ProfileChanges(bio: "Photos of Alexandria"))
            let cleared = try await store.updateProfile(userID: lina.id, ProfileChanges(language: ""))

            // assert
            #expect(chosen.language == "ar")
            #expect(read?.language == "ar")
            #expect(untouched.language == "ar")
            #expect(cleared.language == nil)
            #expect(try await store.user(username: "lina")?.language == nil)
        }
    }

    @Test(arguments: Backend.available)
    func the_session_reads_the_language_of_the_person_signed_in(backend: Backend) async throws {
        try await TestDatabase.withStore(backend) { store, _ in
            // setup
            let lina = try await Self.account(store)
            _ = try await store.updateProfile(userID: lina.id, ProfileChanges(language: "ko"))
            try await store.createSession(
                idHash: "session-hash", userID: lina.id, expiresAt: Date().addingTimeInterval(600))

            // act
            let signedIn = try await store.session(idHash: "session-hash")

            // assert: the pages can speak it from the session alone
            #expect(signedIn?.user.language == "ko")
        }
    }
}
