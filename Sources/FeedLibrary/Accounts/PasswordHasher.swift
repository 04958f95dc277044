import HummingbirdBcrypt
import NIOPosix

/// The library's one password hasher: bcrypt at the configured cost (``LibraryConfiguration/bcryptCost``), run on a
/// thread pool, as one hash at cost 12 takes a quarter of a second, far too long for an event loop. Sign-ups,
/// sign-ins and `imagefeed users` all hash through it.
public struct PasswordHasher: Sendable {
    /// bcrypt's cost: 2^cost rounds.
    public let cost: UInt8
    public let threadPool: NIOThreadPool

    public init(cost: UInt8, threadPool: NIOThreadPool = .singleton) {
        self.cost = cost
        self.threadPool = threadPool
    }

    /// A new hash of `password`, salted.
    public func hash(_ password: String) async throws -> String {
        try await threadPool.runIfActive { [cost] in Bcrypt.hash(password, cost: cost) }
    }

    /// Whether `password` is the one `hash` was made from.
    public func verify(_ password: String, hash: String) async throws -> Bool {
        try await threadPool.runIfActive { Bcrypt.verify(password, hash: hash) }
    }
}
