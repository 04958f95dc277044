import Crypto
import Foundation

/// The keys a request is signed with: an access key pair, and the session token that temporary credentials add.
public struct AWSCredentials: Sendable, Equatable {
    /// The public half, sent in the `Credential` of every signature.
    public var accessKeyID: String
    /// The secret half, which only ever enters the signing key.
    public var secretAccessKey: String
    /// Sent as `x-amz-security-token` when the credentials are temporary (STS, instance roles).
    public var sessionToken: String?

    /// Credentials from their parts.
    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }
}
