import FeedStore
import Firebase

extension DatabaseWireSession {
    /// `o` (`{p, d}`: set), `om` (`{p, d}`: update) and `oc` (`{p}`: cancel those at `p` and below). A set or
    /// update is checked against the rules when it is queued, as Firebase does, then kept in the database under this
    /// session and node: it runs when the connection closes, cleanly or not, in the order queued, and when this node
    /// dies another node runs it (``DatabaseDisconnectService``).
    func queueOnDisconnect(_ request: WireRequest) async {
        do {
            let path = try path(of: request, allowingPriority: request.action == "o")
            if request.action == "oc" {
                let queued = try await database.store.realtimeDisconnects(sessionID: sessionID)
                let cancelled = queued.filter { record in
                    (try? DatabasePath(record.path, allowingPriority: true)).map { path.contains($0) } ?? false
                }
                try await database.store.cancelRealtimeDisconnects(ids: cancelled.map(\.id))
                await respond(request, status: "ok", data: "\"\"")
                return
            }
            guard let data = request.body["d"] else {
                throw DatabaseError(.invalidData, "Invalid data; the request has no data \"d\"")
            }
            let now = database.clock.milliseconds()
            if request.action == "om" {
                let update = try DatabaseUpdate(json: data, at: path)
                try await database.checkWrite(
                    namespace: namespace, update.resolvedWrites(at: path, now: now) { _ in .null }, caller: caller)
            } else {
                let node = try DatabaseInput(json: data, at: path).resolved(now: now, existing: .null)
                try await database.checkWrite(namespace: namespace, [(path, node)], caller: caller)
            }
            try await database.store.queueRealtimeDisconnect(
                RealtimeDisconnectRecord(
                    nodeID: database.nodeID, sessionID: sessionID, namespace: namespace,
                    action: request.action == "om" ? "update" : "set", path: path.description,
                    data: data.serializedString(), caller: caller.disconnectJSON),
                now: now)
            await respond(request, status: "ok", data: "\"\"")
        } catch {
            await respond(request, error: error)
        }
    }

    /// Runs the operations this session queued (the connection closed).
    func runOnDisconnect() async {
        do {
            let records = try await database.store.claimRealtimeDisconnects(sessionID: sessionID)
            await database.runDisconnects(records)
        } catch {
            // Left in the database: they run when this node is taken for dead, or a later close claims them.
            logger.warning("Could not run a connection's onDisconnect operations", metadata: ["error": "\(error)"])
        }
    }
}
