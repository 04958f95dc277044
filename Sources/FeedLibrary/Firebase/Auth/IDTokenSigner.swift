import CryptoExtras
import FeedModels
import FeedStore
import Foundation
import JWTKit
import Locking

/// Signs and checks Firebase ID tokens: RS256 JWTs with Firebase's claims, signed with keys that live in the
/// database, so that every node signs with the period's one key and checks any node's tokens.
///
/// A key signs for ``FirebaseSettings/keyRotation``; the first node to need a period's key makes it (the database
/// keeps the first one added). Tokens are checked against the keys of the previous, the current and the next
/// period, which is what ``publicKeys()`` publishes: the previous key outlives every token it signed, and the next
/// one is published a period before it signs, so that a verifier that caches the keys never meets a new one.
public final class IDTokenSigner: Sendable {
    private struct State {
        /// The keys loaded so far, by kid, with their period.
        public var periods: [String: Int64] = [:]
        /// Each period's kid, once known.
        public var byPeriod: [Int64: String] = [:]
    }

    public let store: LibraryStore
    public let settings: FirebaseSettings
    public let now: @Sendable () -> Date
    private let keys = JWTKeyCollection()
    private let state = Locked(State())

    public init(store: LibraryStore, settings: FirebaseSettings, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.settings = settings
        self.now = now
    }

    /// Why a token is refused.
    public enum Problem: Error, Sendable, Hashable {
        /// Not a JWT, not signed by a key of this server, or made for another project.
        case invalid(String)
        /// Its `exp` has passed.
        case expired
    }

    public var period: Int64 { Int64(now().timeIntervalSince1970) / settings.keyRotation }

    /// The signed token of `claims`, with the current period's key.
    public func sign(_ claims: IDTokenClaims) async throws -> String {
        let kid = try await key(for: period)
        return try await keys.sign(SignedClaims(claims: claims), kid: JWKIdentifier(string: kid))
    }

    /// The claims of `token` once its signature, its project and its expiry are checked.
    public func verify(_ token: String) async throws(Problem) -> IDTokenClaims {
        let header = try Self.header(of: token)
        guard header.alg == "RS256" else { throw .invalid("The token is not signed with RS256.") }
        guard let kid = header.kid else { throw .invalid("The token names no key.") }
        if state.withLock({ $0.periods[kid] }) == nil {
            // Maybe another node made a key this one has not loaded yet.
            try? await load()
        }
        guard let period = state.withLock({ $0.periods[kid] }), (self.period - 1...self.period + 1).contains(period)
        else {
            throw .invalid("The token is not signed with a key of this server.")
        }
        let claims: IDTokenClaims
        do {
            claims = try await keys.verify(token, as: SignedClaims.self).claims
        } catch {
            throw .invalid("The token's signature is not valid.")
        }
        guard claims.aud == settings.projectID, claims.iss == IDTokenClaims.issuer(projectID: settings.projectID)
        else { throw .invalid("The token was issued for another project.") }
        guard !claims.sub.isEmpty, claims.sub.count <= 128 else { throw .invalid("The token has no subject.") }
        guard Double(claims.exp) > now().timeIntervalSince1970 else { throw .expired }
        return claims
    }

    /// The public keys of the previous, the current and the next period.
    public func publicKeys() async throws -> JSONWebKeySet {
        let period = self.period
        _ = try await key(for: period)
        _ = try await key(for: period + 1)
        let stored = try await store.firebaseSigningKeys(fromPeriod: period - 1).filter { $0.period <= period + 1 }
        return JSONWebKeySet(
            keys: try stored.map { key in
                let primitives = try Insecure.RSA.PrivateKey(pem: key.privateKeyPEM).publicKey.getKeyPrimitives()
                return JSONWebKeySet.Key(
                    kid: key.id, n: Secrets.base64URL(primitives.modulus),
                    e: Secrets.base64URL(primitives.publicExponent))
            })
    }

    /// The kid of the key of `period`, made (and keys too old to matter forgotten) when there is none yet.
    private func key(for period: Int64) async throws -> String {
        if let kid = state.withLock({ $0.byPeriod[period] }) { return kid }
        try await load()
        if let kid = state.withLock({ $0.byPeriod[period] }) { return kid }
        let privateKey = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let made = try await store.addFirebaseSigningKey(
            FirebaseSigningKey(
                id: Secrets.make(bytes: 20), period: period, privateKeyPEM: privateKey.pemRepresentation,
                createdAt: now()))
        try await add(made)
        try await store.pruneFirebaseSigningKeys(beforePeriod: self.period - 1)
        return made.id
    }

    /// Loads the keys of the previous period and later from the database.
    private func load() async throws {
        for key in try await store.firebaseSigningKeys(fromPeriod: period - 1) { try await add(key) }
    }

    private func add(_ key: FirebaseSigningKey) async throws {
        let known = state.withLock { $0.periods[key.id] != nil }
        if !known {
            await keys.add(
                rsa: try Insecure.RSA.PrivateKey(pem: key.privateKeyPEM), digestAlgorithm: .sha256,
                kid: JWKIdentifier(string: key.id))
        }
        state.withLock { state in
            state.periods[key.id] = key.period
            state.byPeriod[key.period] = key.id
        }
    }

    /// The `alg` and `kid` of a JWT's header, read before any key is chosen.
    public static func header(of token: String) throws(Problem) -> (alg: String?, kid: String?) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let data = Data(base64URL: String(parts[0])),
            let header = try? JSONDecoder().decode(Header.self, from: data)
        else { throw .invalid("The token is not a JWT.") }
        return (header.alg, header.kid)
    }

    private struct Header: Decodable {
        public var alg: String?
        public var kid: String?
    }
}
