import Firebase

/// Which listen a `q` or `n` names: a location and, for a tagged query, its query.
struct ListenKey: Hashable, Sendable {
    let path: DatabasePath
    let query: DatabaseQuery?
}

/// A listen of the session: its database listener and the task that pushes what it says.
struct ActiveListen: Sendable {
    let id: Int
    let key: ListenKey
    /// The tag the client gave the query (`t`), which every push for it carries.
    let tag: Int64?
    /// The query object as the client sent it (`q`), which a revocation (`c`) names.
    let queryObject: JSONValue?
    let listener: DatabaseListener
    var task: Task<Void, Never>?
    /// The number of the last change whose pushes were sent (see ``DatabaseWireSession/waitForListens``).
    var forwarded: Int64 = 0

    /// Stops the listener; its forwarding task then ends with the listener's stream. The task is not cancelled: it
    /// may be the one stopping it (a revocation restarts the listens), and a cancelled task's messages are not sent.
    func stop() async {
        await listener.stop()
    }
}

extension DatabaseWireSession {
    /// `q`: starts a listen (`{p, h, q?, t?}`). The data goes first (a `d` push, with the tag), then the `ok`
    /// answer, which carries `{"w": ["no_index"]}` when the query's index is not declared: Firebase then sends the
    /// whole location and the SDK filters it. A listen the rules deny is answered `permission_denied`.
    func listen(_ request: WireRequest) async {
        let key: ListenKey
        let tag: Int64?
        do {
            (key, tag) = try listenKey(of: request)
        } catch {
            await respond(request, error: error)
            return
        }
        if let existing = listens.removeValue(forKey: key) { await existing.stop() }
        await startListen(key, tag: tag, queryObject: request.body["q"], answering: request)
    }

    /// `n`: stops a listen (`{p, q?, t?}`).
    func unlisten(_ request: WireRequest) async {
        do {
            let (key, _) = try listenKey(of: request)
            if let existing = listens.removeValue(forKey: key) {
                await existing.stop()
                resumeSatisfiedWaiters()
            }
            await respond(request, status: "ok", data: "\"\"")
        } catch {
            await respond(request, error: error)
        }
    }

    private func listenKey(of request: WireRequest) throws -> (ListenKey, Int64?) {
        let path = try path(of: request)
        if path.isPriority { throw DatabaseError(.invalidPath, "Invalid path: a priority can't be listened to") }
        var query: DatabaseQuery?
        if let object = request.body["q"], object != .null {
            query = try DatabaseQuery(wireObject: object)
        }
        var tag: Int64?
        switch request.body["t"] {
        case .number(let number)? where number == number.rounded() && abs(number) < 9e15: tag = Int64(number)
        case nil, .null?: break
        default: throw DatabaseError(.invalidQuery, "The listen's tag \"t\" must be an integer")
        }
        return (ListenKey(path: path, query: query), tag)
    }

    /// Starts the database listener of a listen and the task that forwards it; `answering` is the `q` to answer
    /// once the data is sent (nil when a listen starts again by itself).
    func startListen(_ key: ListenKey, tag: Int64?, queryObject: JSONValue?, answering request: WireRequest?) async {
        var query = key.query ?? DatabaseQuery()
        var warning = false
        let listener: DatabaseListener
        do {
            do {
                listener = try await database.listen(
                    namespace: namespace, path: key.path, query: query, caller: caller, reportsProgress: true)
            } catch let error as DatabaseServiceError
                where error == .indexNotDefined(query.index, at: key.path)
            {
                // Firebase serves an unindexed query by sending the whole location for the client to filter.
                query = DatabaseQuery()
                warning = true
                listener = try await database.listen(
                    namespace: namespace, path: key.path, query: query, caller: caller, reportsProgress: true)
            }
        } catch {
            if let request {
                await respond(request, error: error)
            } else {
                await revoke(key: key, queryObject: queryObject)
            }
            return
        }
        guard !closed else {
            await listener.stop()
            return
        }
        nextListenID += 1
        let id = nextListenID
        var listen = ActiveListen(id: id, key: key, tag: tag, queryObject: queryObject, listener: listener)
        listen.task = Task { await self.forward(id: id, key: key, answering: request, warning: warning) }
        listens[key] = listen
    }

    /// Pushes what a listener says, answers its `q` after the first data, and starts it again when its stream ended
    /// by itself (its changes were pruned, or it fell too far behind).
    private func forward(id: Int, key: ListenKey, answering request: WireRequest?, warning: Bool) async {
        guard let listen = listens[key], listen.id == id else { return }
        var pending = request
        for await event in listen.listener {
            guard listens[key]?.id == id else { return }
            switch event {
            case .put(let relative, let node):
                await output(
                    .data(
                        merge: false, path: key.path.appending(relative), data: node.jsonString(format: .export),
                        tag: listen.tag))
            case .patch(let relative, let children):
                var members: [String: JSONValue] = [:]
                for (child, node) in children { members[child] = node.jsonValue(format: .export) }
                await output(
                    .data(
                        merge: true, path: key.path.appending(relative),
                        data: JSONValue.object(members).serializedString(), tag: listen.tag))
            case .keepAlive:
                break
            case .caughtUp(let sequence):
                if let answered = pending {
                    pending = nil
                    await respond(answered, status: "ok", data: warning ? "{\"w\":[\"no_index\"]}" : "{}")
                }
                listens[key]?.forwarded = sequence
                resumeSatisfiedWaiters()
            case .cancel:
                listens[key] = nil
                resumeSatisfiedWaiters()
                await revoke(key: key, queryObject: listen.queryObject)
                return
            case .authRevoked:
                await credentialEnded()
                return
            }
        }
        // The stream ended by itself: the listen goes on from a fresh read.
        guard listens[key]?.id == id, !closed else { return }
        listens[key] = nil
        await startListen(key, tag: listen.tag, queryObject: listen.queryObject, answering: nil)
    }

    /// Tells the client the rules no longer let it listen (`c`: `{p, q?}`); the SDK reports `permission_denied`.
    /// The query is sent as a one-element array, as `onListenRevoked_` joins its elements into the query's id.
    func revoke(key: ListenKey, queryObject: JSONValue?) async {
        var body = "{\"p\":" + WireServerMessage.quoted(key.path.segments.joined(separator: "/"))
        if let queryObject, key.query != nil { body += ",\"q\":" + JSONValue.array([queryObject]).serializedString() }
        await output(.push(action: "c", body: body + "}"))
    }

    /// Starts every listen again for the current caller (after `auth` or `unauth`): the ones the rules now deny are
    /// revoked, the others send their data again.
    func restartListens() async {
        let all = listens.values.sorted { $0.id < $1.id }
        listens = [:]
        for listen in all {
            await listen.stop()
            await startListen(listen.key, tag: listen.tag, queryObject: listen.queryObject, answering: nil)
        }
        resumeSatisfiedWaiters()
    }
}
