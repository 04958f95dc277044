import Firebase

/// A write's acknowledgement waiting for the listens it touches to have pushed it.
struct ProgressWaiter {
    let token: Int
    let sequence: Int64
    let listenIDs: Set<Int>
    let continuation: CheckedContinuation<Void, Never>
}

extension DatabaseWireSession {
    /// `p` (`{p, d, h?}`) and `m` (`{p, d: {relative path: value}}`): the same writes as REST's PUT and PATCH,
    /// under the same rules. A `p` with `h` is a transaction's: written only when the node's hash (the SDKs' node
    /// hash, ``NodeHash``) is still `h`, else answered `datastale` with the current value. Either answer is sent
    /// after this connection's listens that the write touches have pushed it, as the SDKs expect (a put acknowledged
    /// before its data arrives would show the old value for a moment).
    func write(_ request: WireRequest) async {
        do {
            let path = try path(of: request, allowingPriority: request.action == "p")
            guard let data = request.body["d"] else {
                throw DatabaseError(.invalidData, "Invalid data; the request has no data \"d\"")
            }
            let result: DatabaseWriteResult
            var touched = [path]
            if request.action == "m" {
                let update = try DatabaseUpdate(json: data, at: path)
                touched = update.entries.map { path.appending($0.path) }
                result = try await database.update(namespace: namespace, path: path, update: update, caller: caller)
            } else {
                let value = try DatabaseInput(json: data, at: path)
                var ifMatch: String?
                if let hash = request.body["h"] {
                    guard case .string(let text) = hash else {
                        throw DatabaseError(.invalidData, "Invalid data; the hash \"h\" must be a string")
                    }
                    // The SDKs hash an empty node to "", which the database's ETags call `null_etag`.
                    ifMatch = text.isEmpty ? "null_etag" : text
                }
                do {
                    result = try await database.set(
                        namespace: namespace, path: path, value: value, caller: caller, ifMatch: ifMatch)
                } catch let error as DatabaseServiceError where error.current != nil {
                    // Stale: the client reruns the transaction on the data its listen receives, so that goes first.
                    if let sequence = try? await database.currentSequence(namespace: namespace) {
                        await waitForListens(touching: [path], upTo: sequence)
                    }
                    await respond(request, status: "datastale", data: error.current!.node.jsonString(format: .export))
                    return
                }
            }
            await waitForListens(touching: touched, upTo: result.sequence)
            await respond(request, status: "ok", data: "\"\"")
        } catch {
            await respond(request, error: error)
        }
    }

    /// `g` (`{p, q}`): a one-time read, answered `{s: "ok", d: data}`. A query whose index the rules do not declare
    /// is applied to the whole location here rather than refused.
    func get(_ request: WireRequest) async {
        do {
            let path = try path(of: request)
            var query = DatabaseQuery()
            if let object = request.body["q"], object != .null { query = try DatabaseQuery(wireObject: object) }
            let node: DatabaseNode
            do {
                node = try await database.read(namespace: namespace, path: path, query: query, caller: caller)
            } catch let error as DatabaseServiceError where error == .indexNotDefined(query.index, at: path) {
                let whole = try await database.read(namespace: namespace, path: path, caller: caller)
                node = query.apply(to: whole)
            }
            await respond(request, status: "ok", data: node.jsonString(format: .export))
        } catch {
            await respond(request, error: error)
        }
    }

    /// Returns once every listen whose location overlaps one of `paths` has pushed the changes up to `sequence`
    /// (or has ended). Waits at most ``DatabaseSettings/keepAliveInterval``: an acknowledgement is late, never lost.
    func waitForListens(touching paths: [DatabasePath], upTo sequence: Int64) async {
        let ids = Set(
            listens.values.filter { listen in
                listen.forwarded < sequence
                    && paths.contains { $0.contains(listen.key.path) || listen.key.path.contains($0) }
            }.map(\.id))
        guard !ids.isEmpty, !closed else { return }
        nextListenID += 1
        let token = nextListenID
        let clock = database.clock
        let limit = database.settings.keepAliveInterval
        let timeout = Task {
            do {
                try await clock.sleep(for: limit)
            } catch {
                return
            }
            self.resumeWaiter(token: token)
        }
        await withCheckedContinuation { continuation in
            progressWaiters.append(
                ProgressWaiter(token: token, sequence: sequence, listenIDs: ids, continuation: continuation))
        }
        timeout.cancel()
    }

    /// Resumes the waiters whose listens have all caught up (or ended).
    func resumeSatisfiedWaiters() {
        let forwarded = Dictionary(uniqueKeysWithValues: listens.values.map { ($0.id, $0.forwarded) })
        progressWaiters.removeAll { waiter in
            let done = waiter.listenIDs.allSatisfy { (forwarded[$0] ?? .max) >= waiter.sequence }
            if done { waiter.continuation.resume() }
            return done
        }
    }

    func resumeWaiter(token: Int) {
        progressWaiters.removeAll { waiter in
            guard waiter.token == token else { return false }
            waiter.continuation.resume()
            return true
        }
    }

    func resumeAllWaiters() {
        for waiter in progressWaiters { waiter.continuation.resume() }
        progressWaiters = []
    }
}
