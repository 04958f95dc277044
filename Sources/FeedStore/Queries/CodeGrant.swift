import Foundation
import SQLKit

/// An authorization code's grant, read when the code is exchanged.
public struct CodeGrant: Sendable, Hashable {
    public var appID: String
    public var userID: String
    public var redirectURI: String
    public var scope: String
    public var codeChallenge: String?
    public var expiresAt: Date

    public init(
        appID: String, userID: String, redirectURI: String, scope: String, codeChallenge: String?,
        expiresAt: Date
    ) {
        self.appID = appID
        self.userID = userID
        self.redirectURI = redirectURI
        self.scope = scope
        self.codeChallenge = codeChallenge
        self.expiresAt = expiresAt
    }
}
