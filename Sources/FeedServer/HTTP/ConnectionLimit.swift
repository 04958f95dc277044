import HummingbirdCore

/// Hummingbird's accept gate with ImageFeed's connection limit: past ``max`` open connections nothing more is
/// accepted until one closes, and the registry is asked to close idle ones to make room.
struct ConnectionLimit: AvailableConnectionsDelegate {
    let max: Int
    let registry: ConnectionRegistry
    private var open = 0

    init(max: Int, registry: ConnectionRegistry) {
        self.max = max
        self.registry = registry
    }

    mutating func connectionOpened() { open += 1 }

    mutating func connectionClosed() { open -= 1 }

    func isAcceptingNewConnections() -> Bool {
        guard open >= max else { return true }
        registry.reclaimIdle()
        return false
    }
}
