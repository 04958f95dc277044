import FeedStore
import Foundation

/// Registering an OAuth application: the rules and the generated credentials. Shared by the settings page and
/// `imagefeed apps create`.
public enum AppRegistration {
    /// The redirect URI of native apps that show the code for the person to copy (RFC 8252's out-of-band value).
    public static let outOfBand = "urn:ietf:wg:oauth:2.0:oob"

    /// Every problem with an application's name and redirect URIs, as sentences; empty when it can be registered.
    public static func problems(name: String, redirectURIs: [String], accessKey: String? = nil) -> [String] {
        var problems: [String] = []
        if let accessKey, !isAccessKey(accessKey) {
            problems.append("An access key must be 8 to 100 letters, digits, - or _.")
        }
        if name.isEmpty || name.count > 100 { problems.append("Application name must be 1 to 100 characters.") }
        if redirectURIs.isEmpty { problems.append("At least one redirect URI is required.") }
        for uri in redirectURIs where uri != outOfBand {
            guard let url = URLComponents(string: uri), let scheme = url.scheme, url.fragment == nil,
                scheme == "https" || scheme == "http" ? url.host != nil : scheme.contains(".") || !scheme.isEmpty
            else {
                problems.append("\(uri) is not an absolute redirect URI.")
                continue
            }
        }
        return problems
    }

    /// Whether `key` may be given as an app's access key: 8 to 100 ASCII letters, digits, `-` or `_` (a Firebase
    /// web API key is 39 of them).
    static func isAccessKey(_ key: String) -> Bool {
        (8...100).contains(key.count)
            && key.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_")
            }
    }

    /// Registers an app and returns it with its secret (stored only as a hash, so shown once). The access key is
    /// made here unless one is given (an existing app's key, such as a Firebase app's web API key).
    public static func register(
        name: String, ownerID: String?, redirectURIs: [String], isPublic: Bool, accessKey: String? = nil,
        store: LibraryStore
    ) async throws -> (app: OAuthApp, secret: String) {
        let secret = Secrets.make()
        let app = try await store.createApp(
            name: name, ownerID: ownerID, accessKey: accessKey ?? Secrets.make(), secretHash: Secrets.hash(secret),
            redirectURIs: redirectURIs, isPublic: isPublic, oauth1Secret: Secrets.make(bytes: 16)
        )
        return (app, secret)
    }
}
