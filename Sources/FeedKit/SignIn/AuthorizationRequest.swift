import Crypto
import Foundation

/// One sign-in attempt: the URL to open in a browser, and the secrets needed to finish it.
///
/// Make a new one for every attempt. It carries a PKCE code verifier (sent later, with the code) whose S256
/// challenge is in the URL, and a random `state` that the redirect has to bring back.
public struct AuthorizationRequest: Sendable, Hashable {
    /// The page to open: the server's sign-in and consent.
    public let url: URL
    /// The random value the redirect must carry back.
    public let state: String
    /// The PKCE code verifier (RFC 7636): 43 characters of base64url.
    public let codeVerifier: String
    /// What the request was made for.
    public let configuration: OAuthConfiguration

    /// - Parameters:
    ///   - client: the server to sign in to; for Unsplash the page is on `unsplash.com`.
    ///   - configuration: the app's registration.
    public init(client: FeedClient, configuration: OAuthConfiguration) {
        self.init(
            client: client, configuration: configuration, state: Self.randomToken(), codeVerifier: Self.randomToken())
    }

    init(client: FeedClient, configuration: OAuthConfiguration, state: String, codeVerifier: String) {
        self.configuration = configuration
        self.state = state
        self.codeVerifier = codeVerifier
        self.url = client.url(
            .oauthAuthorize,
            query: [
                URLQueryItem(name: "client_id", value: configuration.clientID),
                URLQueryItem(name: "redirect_uri", value: configuration.redirectURI),
                URLQueryItem(name: "response_type", value: "code"),
                URLQueryItem(name: "scope", value: configuration.scopes.joined(separator: " ")),
                URLQueryItem(name: "state", value: state),
                URLQueryItem(name: "code_challenge", value: Self.challenge(for: codeVerifier)),
                URLQueryItem(name: "code_challenge_method", value: "S256"),
            ])
    }

    /// The S256 challenge of a verifier: base64url(SHA-256(verifier)), unpadded.
    public static func challenge(for verifier: String) -> String {
        base64URL(Data(SHA256.hash(data: Data(verifier.utf8))))
    }

    /// 32 random bytes as base64url: 43 characters, 256 bits.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return base64URL(Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }))
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The authorization code of the redirect that ended the sign-in.
    ///
    /// Reads both ways back: the app's redirect URI (`myapp://signed-in?code=…&state=…`), and the server's
    /// out-of-band page (`…/oauth/authorize/native?code=…`), which a web view can intercept.
    /// - Throws: ``SignInError`` when the user refused, the `state` is not this request's, or no code came back.
    public func code(fromRedirect redirect: URL) throws(SignInError) -> String {
        guard let components = URLComponents(url: redirect, resolvingAgainstBaseURL: true) else {
            throw .missingCode
        }
        let items = components.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        let isNativePage = components.path.hasSuffix(ServerOperation.oauthNativeCode.pathTemplate)
        guard isNativePage || Self.matches(redirect, configuration.redirectURI) else {
            throw .unexpectedRedirect(redirect.absoluteString)
        }
        // The out-of-band page may leave `state` out; a redirect to the app must bring it back.
        if let returned = value("state") {
            guard returned == state else { throw .stateMismatch }
        } else if !isNativePage {
            throw .stateMismatch
        }
        if let error = value("error") {
            throw error == "access_denied"
                ? .denied(value("error_description") ?? "The sign-in was refused.")
                : .failed(code: error, description: value("error_description") ?? error)
        }
        guard let code = value("code"), !code.isEmpty else { throw .missingCode }
        return code
    }

    /// Whether `redirect` goes where `redirectURI` says: same scheme, host and path.
    static func matches(_ redirect: URL, _ redirectURI: String) -> Bool {
        guard let expected = URLComponents(string: redirectURI),
            let actual = URLComponents(url: redirect, resolvingAgainstBaseURL: true)
        else { return false }
        return expected.scheme?.lowercased() == actual.scheme?.lowercased()
            && (expected.host ?? "").lowercased() == (actual.host ?? "").lowercased()
            && expected.port == actual.port && expected.path == actual.path
    }
}
