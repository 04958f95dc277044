import Foundation
import SQLKit

/// A new account, its password already hashed.
public struct NewAccount: Sendable {
    public var username: String
    public var firstName: String
    public var lastName: String
    public var email: String
    public var passwordHash: String

    public init(username: String, firstName: String, lastName: String, email: String, passwordHash: String) {
        self.username = username
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.passwordHash = passwordHash
    }
}
