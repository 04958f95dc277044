import Foundation

/// Where an app keeps its users' access tokens between launches.
///
/// `KeychainTokenStore` on Apple platforms, ``FileTokenStore`` on Linux (and anywhere a file will do). An
/// `account` names one token, e.g. the server's host plus the username.
public protocol TokenStore: Sendable {
    /// The token kept for `account`, if any.
    func token(for account: String) async throws -> OAuthToken?
    /// Keeps `token` for `account`, replacing any other.
    func save(_ token: OAuthToken, for account: String) async throws
    /// Forgets the token of `account`; nothing happens when there is none.
    func removeToken(for account: String) async throws
}
