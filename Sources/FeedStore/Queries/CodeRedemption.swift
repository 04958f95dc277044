import Foundation
import SQLKit

/// What exchanging a code found.
public enum CodeRedemption: Sendable, Hashable {
    case granted(CodeGrant)
    /// The code was already used: the tokens it produced have been revoked (RFC 6749 §4.1.2).
    case reused
    case unknown
}
