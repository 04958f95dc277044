import Firebase

/// A write the client asked to have made when its connection closes (`o`, `om`).
struct QueuedDisconnectOperation: Sendable {
    enum Kind: Sendable {
        case set(DatabaseInput)
        case update(DatabaseUpdate)
    }

    let path: DatabasePath
    let kind: Kind
    /// Who queued it: the operation runs with the rights the connection had then.
    let caller: DatabaseCaller
}

extension DatabaseWireSession {
    /// `o` (`{p, d}`: set), `om` (`{p, d}`: update) and `oc` (`{p}`: cancel those at `p` and below). A set or
    /// update is checked against the rules when it is queued, as Firebase does, and runs when the connection closes,
    /// cleanly or not, in the order queued.
    func queueOnDisconnect(_ request: WireRequest) async {
        do {
            let path = try path(of: request, allowingPriority: request.action == "o")
            switch request.action {
            case "oc":
                onDisconnect.removeAll { path.contains($0.path) }
            case "om":
                guard let data = request.body["d"] else {
                    throw DatabaseError(.invalidData, "Invalid data; the request has no data \"d\"")
                }
                let update = try DatabaseUpdate(json: data, at: path)
                let now = database.clock.milliseconds()
                try await database.checkWrite(
                    namespace: namespace, update.resolvedWrites(at: path, now: now) { _ in .null }, caller: caller)
                onDisconnect.append(QueuedDisconnectOperation(path: path, kind: .update(update), caller: caller))
            default:
                guard let data = request.body["d"] else {
                    throw DatabaseError(.invalidData, "Invalid data; the request has no data \"d\"")
                }
                let value = try DatabaseInput(json: data, at: path)
                let node = value.resolved(now: database.clock.milliseconds(), existing: .null)
                try await database.checkWrite(namespace: namespace, [(path, node)], caller: caller)
                onDisconnect.append(QueuedDisconnectOperation(path: path, kind: .set(value), caller: caller))
            }
            await respond(request, status: "ok", data: "\"\"")
        } catch {
            await respond(request, error: error)
        }
    }

    /// Runs the queued operations, each its own write; one the rules now refuse is skipped.
    func runOnDisconnect() async {
        let operations = onDisconnect
        onDisconnect = []
        for operation in operations {
            do {
                switch operation.kind {
                case .set(let value):
                    try await database.set(
                        namespace: namespace, path: operation.path, value: value, caller: operation.caller)
                case .update(let update):
                    try await database.update(
                        namespace: namespace, path: operation.path, update: update, caller: operation.caller)
                }
            } catch {
                logger.info(
                    "An onDisconnect operation was refused",
                    metadata: ["path": "\(operation.path)", "error": "\(error)"])
            }
        }
    }
}
