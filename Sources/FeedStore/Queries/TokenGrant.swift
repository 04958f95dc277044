import Foundation
import SQLKit

/// A live access token: whose, through which app, with which scopes.
public struct TokenGrant: Sendable, Hashable {
    public var user: UserRecord
    public var appID: String
    public var scope: String
}
