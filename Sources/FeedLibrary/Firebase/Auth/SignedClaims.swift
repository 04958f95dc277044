import FeedModels
import JWTKit

/// The claims as JWTKit signs and reads them. The checks are ``IDTokenSigner/verify(_:)``'s, against its clock.
public struct SignedClaims: JWTPayload {
    public var claims: IDTokenClaims

    public init(claims: IDTokenClaims) {
        self.claims = claims
    }

    public init(from decoder: any Decoder) throws {
        claims = try IDTokenClaims(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try claims.encode(to: encoder)
    }

    public func verify(using algorithm: some JWTAlgorithm) async throws {}
}
