/// The public keys ID tokens are signed with, as a JSON Web Key Set (RFC 7517), like Google's
/// `securetoken@system.gserviceaccount.com` set.
public struct JSONWebKeySet: Codable, Sendable, Hashable {
    public var keys: [Key]

    public init(keys: [Key]) {
        self.keys = keys
    }

    /// One RSA public key.
    public struct Key: Codable, Sendable, Hashable {
        public var kty = "RSA"
        public var alg = "RS256"
        public var use = "sig"
        public var kid: String
        /// The modulus, base64url.
        public var n: String
        /// The public exponent, base64url.
        public var e: String

        public init(kid: String, n: String, e: String) {
            self.kid = kid
            self.n = n
            self.e = e
        }
    }
}
