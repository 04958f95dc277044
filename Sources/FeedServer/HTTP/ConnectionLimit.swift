import HummingbirdCore

/// Hummingbird's accept gate with ImageFeed's connection limit: past ``max`` open connections nothing more is
/// accepted until one closes, and the registry is asked to close idle ones to make room. While the limit is reached,
/// the registry says so, and a connection whose answers all ended then is closed rather than kept alive (see
/// ``ConnectionGuard``): a connection that was busy when the limit was reached makes room as soon as it is done.
struct ConnectionLimit: AvailableConnectionsDelegate {
    let max: Int
    let registry: ConnectionRegistry
    private var open = 0

    init(max: Int, registry: ConnectionRegistry) {
        self.max = max
        self.registry = registry
    }

    mutating func connectionOpened() {
        open += 1
        if open == max { registry.limitReached(true) }
    }

    mutating func connectionClosed() {
        open -= 1
        if open == max - 1 { registry.limitReached(false) }
    }

    func isAcceptingNewConnections() -> Bool {
        guard open >= max else { return true }
        registry.reclaimIdle()
        return false
    }
}
