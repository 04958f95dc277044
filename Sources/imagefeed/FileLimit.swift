import Foundation
import Logging

/// The process's limit on open files, which bounds its connections: raised to the most the system allows (as Go
/// and nginx's `worker_rlimit_nofile` do), since a shell's default soft limit (1024) is far below a server's needs.
enum FileLimit {
    /// Files kept for everything but client connections: the database pool, the storage client, the data folder.
    static let reserve = 256

    /// Raises the soft limit to the hard one and warns when that still cannot fit `connections` clients.
    static func raise(toFit connections: Int?, logger: Logger) {
        var limit = rlimit()
        guard getrlimit(openFilesResource, &limit) == 0 else { return }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(openFilesResource, &raised) == 0 { limit = raised }
        }
        if let connections, UInt64(limit.rlim_cur) < UInt64(connections + reserve) {
            logger.warning(
                "The open-file limit is below the connection limit: past it, new connections wait until one closes",
                metadata: ["open_files": "\(limit.rlim_cur)", "max_connections": "\(connections)"])
        }
    }
}

#if canImport(Glibc)
    private let openFilesResource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
#else
    private let openFilesResource = RLIMIT_NOFILE
#endif
