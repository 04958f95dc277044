import ArgumentParser
import FeedServer
import FeedStore
import Foundation
import HummingbirdBcrypt
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
        @Option(help: "The password; read from standard input when omitted.") var password: String?
        @OptionGroup var output: JSONOutputOption

        func run() async throws {
            let password = try self.password ?? readSecret(prompt: "Password: ")
            let problems = AccountRules.signUp(username: username, firstName: firstName, lastName: lastName,
                                                  email: email, password: password)
            guard problems.isEmpty else { throw ValidationError(problems.joined(separator: "\n")) }
            try await withStore(library) { store in
                do {
                    let user = try await store.createAccount(NewAccount(
                        username: username, firstName: firstName, lastName: lastName, email: email,
                        passwordHash: Bcrypt.hash(password, cost: 12)
                    ))
                    if output.isEnabled {
                        try printJSON(CreatedUserOutput(id: user.id, username: user.username, email: user.email))
                    } else {
                        print("Created @\(user.username) (\(user.id)).")
                    }
                } catch StoreError.conflict(let field) {
                    throw ValidationError(field == "email"
                        ? "An account with this email already exists." : "This username is already taken.")
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
        @Option(help: "The password; read from standard input when omitted.") var password: String?

        func run() async throws {
            let password = try self.password ?? readSecret(prompt: "New password: ")
            if let problem = AccountRules.password(password) { throw ValidationError(problem) }
            try await withStore(library) { store in
                guard let user = try await store.user(username: username) else {
                    throw ValidationError("No account is called \(username).")
                }
                try await store.setPasswordHash(Bcrypt.hash(password, cost: 12), userID: user.id)
                print("Password set for @\(user.username).")
            }
        }
    }

    struct SignOut: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sign-out",
            abstract: "Sign an account out everywhere: its web sessions and Firebase refresh tokens end, and its Firebase ID tokens are refused.")
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
            let files = try ConfigurationLoader.load(library: library).libraryFiles()
            try await withStore(library) { store in
                guard let user = try await store.user(username: username) else {
                    throw ValidationError("No account is called \(username).")
                }
                let orphans = try await store.deleteUser(id: user.id)
                await files.remove(orphans)
                print("Deleted @\(user.username): \(orphans.photoIDs.count) photo(s), \(orphans.originals.count) original file(s) removed.")
            }
        }
    }
}

/// `imagefeed apps create|list`: OAuth applications.
struct AppsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apps", abstract: "Manage OAuth applications.", subcommands: [Create.self, List.self, OAuth1Secret.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Register an application and print its keys.")
        @OptionGroup var library: LibraryOptions
        @Option var name: String
        @Option(name: .customLong("redirect-uri"), help: "Repeat for several; urn:ietf:wg:oauth:2.0:oob for native apps.")
        var redirectURIs: [String]
        @Flag(name: .customLong("public"), help: "A client that cannot keep a secret: PKCE required.")
        var isPublic = false
        @Option(help: "The account that owns the application.") var owner: String?
        @Option(name: .customLong("access-key"), help: "Use this access key instead of a new one: an existing app's key, such as the web API key (apiKey) a Firebase app already carries.")
        var accessKey: String?
        @OptionGroup var output: JSONOutputOption

        func run() async throws {
            let problems = AppRegistration.problems(name: name, redirectURIs: redirectURIs, accessKey: accessKey)
            guard problems.isEmpty else { throw ValidationError(problems.joined(separator: "\n")) }
            try await withStore(library) { store in
                var ownerID: String?
                if let owner {
                    guard let user = try await store.user(username: owner) else {
                        throw ValidationError("No account is called \(owner).")
                    }
                    ownerID = user.id
                }
                if let accessKey, try await store.app(accessKey: accessKey) != nil {
                    throw ValidationError("An application already has the access key \(accessKey).")
                }
                let registered = try await AppRegistration.register(
                    name: name, ownerID: ownerID, redirectURIs: redirectURIs, isPublic: isPublic, accessKey: accessKey,
                    store: store
                )
                let app = registered.app
                if output.isEnabled {
                    try printJSON(CreatedAppOutput(
                        id: app.id, name: app.name, accessKey: app.accessKey, secretKey: isPublic ? nil : registered.secret,
                        oauth1Secret: app.oauth1Secret, isPublic: app.isPublic, redirectUris: app.redirectURIs))
                    return
                }
                print("Access key: \(app.accessKey)")
                if !isPublic { print("Secret key: \(registered.secret)") }
                if let oauth1Secret = app.oauth1Secret { print("OAuth 1.0a secret: \(oauth1Secret)") }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List applications.")
        @OptionGroup var library: LibraryOptions

        func run() async throws {
            try await withStore(library) { store in
                for app in try await store.apps() {
                    print("\(app.name)\t\(app.accessKey)\t\(app.isPublic ? "public" : "confidential")\t"
                        + app.redirectURIs.joined(separator: " "))
                }
            }
        }
    }
}

extension AppsCommand {
    /// `imagefeed apps oauth1-secret --key K`: a new OAuth 1.0a secret, for an app registered before the Flickr
    /// dialect (or one whose secret leaked). Signed requests with the old one fail from then on.
    struct OAuth1Secret: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "oauth1-secret", abstract: "Make a new OAuth 1.0a secret (Flickr apps) for an application."
        )
        @OptionGroup var library: LibraryOptions
        @Option(help: "The application's access key.") var key: String

        func run() async throws {
            try await withStore(library) { store in
                guard let app = try await store.app(accessKey: key) else {
                    throw ValidationError("No application has the access key \(key).")
                }
                let secret = Secrets.make(bytes: 16)
                try await store.setOAuth1Secret(secret, appID: app.id)
                print("OAuth 1.0a secret: \(secret)")
            }
        }
    }
}

/// Opens the configured store for a one-off command and closes it afterwards.
func withStore(_ library: LibraryOptions, _ body: (LibraryStore) async throws -> Void) async throws {
    try await withStore(library) { store, _ in try await body(store) }
}

/// Opens the configured store for a one-off command that also needs the configuration, and closes it afterwards.
func withStore<Result>(
    _ library: LibraryOptions, _ body: (LibraryStore, Configuration) async throws -> Result
) async throws -> Result {
    let configuration = try ConfigurationLoader.load(library: library)
    return try await withStore(url: configuration.resolvedDatabaseURL) { store in try await body(store, configuration) }
}

/// Opens (and migrates) the store at `url` for a one-off command, and closes it afterwards.
func withStore<Result>(url: String, _ body: (LibraryStore) async throws -> Result) async throws -> Result {
    var logger = Logger(label: "imagefeed.cli")
    logger.logLevel = .error
    let store = try await LibraryStore.open(url: url, logger: logger)
    do {
        let result = try await body(store)
        try await store.database.shutdown()
        return result
    } catch {
        try? await store.database.shutdown()
        throw error
    }
}

/// Reads a secret from standard input (one line), without echo when it is a terminal.
func readSecret(prompt: String) throws -> String {
    if isatty(STDIN_FILENO) == 1, let typed = getpass(prompt) { return String(cString: typed) }
    guard let line = readLine(strippingNewline: true), !line.isEmpty else {
        throw ValidationError("No password given: pass --password or write it to standard input.")
    }
    return line
}
