import ArgumentParser
import FeedLibrary
import FeedStore
import Foundation
import Logging

/// `imagefeed apps create|list`: OAuth applications.
struct AppsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apps", abstract: "Manage OAuth applications.",
        subcommands: [Create.self, List.self, OAuth1Secret.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Register an application and print its keys.")
        @OptionGroup var library: LibraryOptions
        @Option var name: String
        @Option(
            name: .customLong("redirect-uri"), help: "Repeat for several; urn:ietf:wg:oauth:2.0:oob for native apps.")
        var redirectURIs: [String]
        @Flag(name: .customLong("public"), help: "A client that cannot keep a secret: PKCE required.")
        var isPublic = false
        @Option(help: "The account that owns the application.") var owner: String?
        @Option(
            name: .customLong("access-key"),
            help:
                "Use this access key instead of a new one: an existing app's key, such as the web API key (apiKey) a Firebase app already carries."
        )
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
                    try printJSON(
                        CreatedAppOutput(
                            id: app.id, name: app.name, accessKey: app.accessKey,
                            secretKey: isPublic ? nil : registered.secret,
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
                    print(
                        "\(app.name)\t\(app.accessKey)\t\(app.isPublic ? "public" : "confidential")\t"
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
        @Option(verbatim: .long, help: "The application's access key.") var key: String

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
