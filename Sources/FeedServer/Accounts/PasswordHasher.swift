import HummingbirdBcrypt
import NIOPosix

/// bcrypt, run on a thread pool: one hash at cost 12 takes a quarter of a second, far too long for an event loop.
struct PasswordHasher: Sendable {
    let cost: UInt8
    let threadPool: NIOThreadPool

    func hash(_ password: String) async throws -> String {
        try await threadPool.runIfActive { [cost] in Bcrypt.hash(password, cost: cost) }
    }

    func verify(_ password: String, hash: String) async throws -> Bool {
        try await threadPool.runIfActive { Bcrypt.verify(password, hash: hash) }
    }
}
