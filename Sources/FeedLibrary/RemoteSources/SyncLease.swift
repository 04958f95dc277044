import FeedKit
import FeedModels
import FeedStore
import Foundation
import Imaging
import Locking
import Logging
import NIOPosix

/// The right to sync one source, held in the database so that one sync of it runs at a time across processes and
/// machines. It lasts a few minutes and is renewed as the sync goes; a holder killed on this machine is noticed at
/// once (its process is gone), one on another machine when its lease runs out.
final class SyncLease: Sendable {
    let store: LibraryStore
    let sourceID: String
    let holder: String
    let lifetime: Duration = .seconds(300)
    private let renewed = LockedInstant(.now)

    init(store: LibraryStore, sourceID: String) {
        self.store = store
        self.sourceID = sourceID
        self.holder = "\(Self.machine)#\(getpid())#\(Identifier.make())"
    }

    static let machine = ProcessInfo.processInfo.hostName

    func take(name: String) async throws {
        var gone: String?
        if let current = try await store.syncLease(of: sourceID), current.until > Date(),
            Self.isDeadHolder(current.holder)
        {
            gone = current.holder
        }
        guard
            try await store.takeSyncLease(
                of: sourceID, holder: holder, until: Date() + lifetime.timeInterval, replacing: gone
            )
        else {
            throw SourceError("Another sync of \(name) is running; try again when it ends.")
        }
        renewed.set(.now)
    }

    func renewIfDue() async throws {
        guard let last = renewed.get(), last + .seconds(60) < .now else { return }
        guard try await store.takeSyncLease(of: sourceID, holder: holder, until: Date() + lifetime.timeInterval) else {
            throw SourceError("The sync lost its lease to another process; it stops here and loses nothing.")
        }
        renewed.set(.now)
    }

    func release() async throws {
        try await store.releaseSyncLease(of: sourceID, holder: holder)
    }

    /// A holder on this machine whose process no longer runs.
    static func isDeadHolder(_ holder: String) -> Bool {
        let parts = holder.split(separator: "#")
        guard parts.count == 3, parts[0] == machine, let pid = Int32(parts[1]) else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }
}
