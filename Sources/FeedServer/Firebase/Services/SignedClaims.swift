import FeedModels
import JWTKit

/// The claims as JWTKit signs and reads them. The checks are ``IDTokenSigner/verify(_:)``'s, against its clock.
struct SignedClaims: JWTPayload {
    var claims: IDTokenClaims

    init(claims: IDTokenClaims) {
        self.claims = claims
    }

    init(from decoder: any Decoder) throws {
        claims = try IDTokenClaims(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        try claims.encode(to: encoder)
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
