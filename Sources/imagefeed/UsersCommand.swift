import ArgumentParser
import FeedLibrary
import FeedStore
import Foundation
import Logging

/// `imagefeed users create|list|set-password|delete`.
struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users", abstract: "Manage accounts.",
        subcommands: [Create.self, List.self, SetPassword.self, SignOut.self, Delete.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create an account.")
        @OptionGroup var library: LibraryOptions
        @Option(help: "3–30 letters, digits or underscores.") var username: String
        @Option(help: "Email address.") var email: String
        @Option(name: .customLong("first-name")) var firstName: String
        @Option(name: .customLong("last-name")) var lastName: String
        @Option(verbatim: .long, help: "The password; read from standard input when omitted.") var password: String?
        @OptionGroup var output: JSONOutputOption

        func run() async throws {
            let password = try self.password ?? readSecret(prompt: "Password: ")
            let problems = AccountRules.signUp(
                username: username, firstName: firstName, lastName: lastName,
                email: email, password: password)
            guard problems.isEmpty else { throw ValidationError(problems.joined(separator: "\n")) }
            try await withStore(library) { store, configuration in
                do {
                    let user = try await store.createAccount(
                        NewAccount(
                            username: username, firstName: firstName, lastName: lastName, email: email,
                            passwordHash: try await configuration.passwordHasher().hash(password)
                        ))
                    if output.isEnabled {
                        try printJSON(CreatedUserOutput(id: user.id, username: user.username, email: user.email))
                    } else {
                        print("Created @\(user.username) (\(user.id)).")
                    }
                } catch StoreError.conflict(let field) {
                    throw ValidationError(field == "email" ? AccountRules.emailTaken : AccountRules.usernameTaken)
                }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List accounts.")
        @OptionGroup var library: LibraryOptions

        func run() async throws {
            try await withStore(library) { store in
                for user in try await store.allUsers() {
                    print("\(user.username)\t\(user.email ?? "-")\t\(user.totalPhotos) photos")
                }
            }
        }
    }

    struct SetPassword: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set-password", abstract: "Set a password (and end the account's sessions).")
        @OptionGroup var library: LibraryOptions
        @Argument var username: String
        @Option(verbatim: .long, help: "The password; read from standard input when omitted.") var password: String?

        func run() async throws {
            let password = try self.password ?? readSecret(prompt: "New password: ")
            if let problem = AccountRules.password(password) { throw ValidationError(problem) }
            try await withStore(library) { store, configuration in
                guard let user = try await store.user(username: username) else {
                    throw ValidationError("No account is called \(username).")
                }
                try await store.setPasswordHash(
                    try await configuration.passwordHasher().hash(password), userID: user.id)
                print("Password set for @\(user.username).")
            }
        }
    }

    struct SignOut: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sign-out",
            abstract:
                "Sign an account out everywhere: its web sessions and Firebase refresh tokens end, and its Firebase ID tokens are refused."
        )
        @OptionGroup var library: LibraryOptions
        @Argument var username: String

        func run() async throws {
            try await withStore(library) { store in
                guard let user = try await store.user(username: username) else {
                    throw ValidationError("No account is called \(username).")
                }
                try await store.signOutEverywhere(userID: user.id)
                print("Signed @\(user.username) out everywhere.")
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete an account and everything it owns.")
        @OptionGroup var library: LibraryOptions
        @Argument var username: String

        func run() async throws {
            let files = try LibraryConfigurationLoader.load(library: library).libraryFiles()
            try await withStore(library) { store in
                guard let user = try await store.user(username: username) else {
                    throw ValidationError("No account is called \(username).")
                }
                let orphans = try await store.deleteUser(id: user.id)
                await files.remove(orphans, recordingIn: store)
                print(
                    "Deleted @\(user.username): \(orphans.photoIDs.count) photo(s), \(orphans.originals.count) original file(s) removed."
                )
            }
        }
    }
}
