import Crypto
import Foundation

/// Random secrets and their stored form. Session ids, codes, tokens and app secrets carry 256 bits of randomness,
/// so a plain SHA-256 is enough to store them safely (bcrypt is for low-entropy passwords).
public enum Secrets {
    /// A new URL-safe random secret of `bytes` random bytes.
    public static func make(bytes: Int = 32) -> String {
        var generator = SystemRandomNumberGenerator()
        let data = Data((0..<bytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        return base64URL(data)
    }

    /// The hex SHA-256 of a secret, as stored in the database.
    public static func hash(_ secret: String) -> String {
        sha256Hex(Data(secret.utf8))
    }

    /// The lowercase hex SHA-256 of some bytes: how secrets are stored and how originals are named.
    public static func sha256Hex(_ data: some DataProtocol) -> String {
        hex(SHA256.hash(data: data))
    }

    /// A digest as lowercase hex.
    public static func hex(_ digest: some Sequence<UInt8>) -> String {
        digest.map { String(format: "%02x", $0) }.joined()
    }

    /// The PKCE S256 transform of a code verifier (RFC 7636 §4.2).
    public static func pkceChallenge(verifier: String) -> String {
        base64URL(Data(SHA256.hash(data: Data(verifier.utf8))))
    }

    public static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Compares two strings in time independent of where they differ.
    public static func constantTimeEqual(_ left: String, _ right: String) -> Bool {
        let a = Array(left.utf8)
        let b = Array(right.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
