import Foundation

/// An app's registration with the server: what the sign-in flow sends.
public struct OAuthConfiguration: Sendable, Hashable {
    /// The app's access key (`client_id`).
    public var clientID: String
    /// The app's secret key, for apps that keep one. Public apps (registered without a secret) rely on PKCE
    /// alone; an app shipped to phones should not embed a secret.
    public var clientSecret: String?
    /// Where the browser returns: a custom scheme the app handles (`myapp://signed-in`), or ``outOfBand``, for
    /// which the server shows the code on its `/oauth/authorize/native` page.
    public var redirectURI: String
    /// The scopes asked for, e.g. `["public", "read_user", "write_likes"]`.
    public var scopes: [String]

    /// The out-of-band redirect URI.
    public static let outOfBand = "urn:ietf:wg:oauth:2.0:oob"

    public init(clientID: String, clientSecret: String? = nil, redirectURI: String, scopes: [String] = ["public"]) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.redirectURI = redirectURI
        self.scopes = scopes
    }
}
