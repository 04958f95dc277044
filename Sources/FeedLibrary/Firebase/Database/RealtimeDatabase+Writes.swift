import FeedStore
import Firebase
import Foundation

/// What a write did.
public struct DatabaseWriteResult: Sendable, Hashable {
    /// The data written at the write's location, server values filled in (for an update, an object of the
    /// update's relative paths).
    public var node: DatabaseNode
    /// The number of the change in its namespace's log.
    public var sequence: Int64
    /// The namespace's number.
    public var namespaceID: Int64
}

extension RealtimeDatabase {
    /// Replaces the node at `path` of `namespace` with `value` (null deletes it; a path ending in `.priority` sets
    /// its parent's priority). With `ifMatch`, only when the current value's ETag is that (``etag(of:)``); otherwise
    /// nothing is written and the error carries the current value and ETag (412).
    @discardableResult
    public func set(
        namespace: String, path: DatabasePath, value: DatabaseInput, caller: DatabaseCaller, ifMatch: String? = nil,
        sizeLimit: WriteSizeLimit? = nil
    ) async throws -> DatabaseWriteResult {
        try checkNamespace(namespace)
        let result = try await store.writeRealtime(namespace: namespace, now: clock.milliseconds()) { writer in
            let now = self.clock.milliseconds()
            var existing: [DatabasePath: DatabaseNode] = [:]
            for relative in value.serverValuePaths {
                existing[relative] = try await writer.tree.summary(at: path.appending(relative)).sketch
            }
            let node = value.resolved(now: now) { existing[$0] ?? .null }
            if path.isPriority, !node.isNull, Self.priority(of: node) == nil {
                throw DatabaseServiceError(
                    status: 400, "Invalid data; a priority must be a string, a finite number, a server value, or null.")
            }
            if let ifMatch {
                let current = try await self.readWhole(path, in: writer.tree)
                let etag = Self.etag(of: current)
                guard Self.unquoted(ifMatch) == etag else {
                    throw DatabaseServiceError(
                        status: 412, "The data has changed since its ETag was read.",
                        current: ConditionalWriteFailure(node: current, etag: etag))
                }
            }
            let sequence = try await self.commit(
                [(path, node)], change: (.put, path, node.jsonString(format: .export)), in: writer, caller: caller,
                sizeLimit: sizeLimit, now: now)
            return DatabaseWriteResult(node: node, sequence: sequence, namespaceID: writer.namespace.id)
        }
        feed.poke(namespaceID: result.namespaceID)
        return result
    }

    /// Applies a multi-location update at `path`: each of its relative paths replaced by its value, the rest kept.
    @discardableResult
    public func update(
        namespace: String, path: DatabasePath, update: DatabaseUpdate, caller: DatabaseCaller,
        sizeLimit: WriteSizeLimit? = nil
    ) async throws -> DatabaseWriteResult {
        try checkNamespace(namespace)
        guard !update.entries.isEmpty else {
            return DatabaseWriteResult(node: .null, sequence: 0, namespaceID: 0)
        }
        let result = try await store.writeRealtime(namespace: namespace, now: clock.milliseconds()) { writer in
            let now = self.clock.milliseconds()
            var existing: [DatabasePath: DatabaseNode] = [:]
            for entry in update.entries {
                for relative in entry.value.serverValuePaths {
                    let absolute = path.appending(entry.path).appending(relative)
                    existing[absolute] = try await writer.tree.summary(at: absolute).sketch
                }
            }
            let writes = update.resolvedWrites(at: path, now: now) { existing[$0] ?? .null }
            for write in writes
            where write.path.isPriority && !write.node.isNull && Self.priority(of: write.node) == nil {
                throw DatabaseServiceError(
                    status: 400, "Invalid data; a priority must be a string, a finite number, a server value, or null.")
            }
            var members: [(String, DatabaseNode)] = []
            for (entry, write) in zip(update.entries, writes) {
                members.append((entry.path.segments.joined(separator: "/"), write.node))
            }
            let data =
                "{"
                + members.map { DatabaseJSON.string($0.0).serializedString() + ":" + $0.1.jsonString(format: .export) }
                .joined(separator: ",") + "}"
            let sequence = try await self.commit(
                writes, change: (.patch, path, data), in: writer, caller: caller, sizeLimit: sizeLimit, now: now)
            var echo: [String: DatabaseNode] = [:]
            for (key, node) in members { echo[key] = node }
            return DatabaseWriteResult(
                node: DatabaseNode(children: echo), sequence: sequence, namespaceID: writer.namespace.id)
        }
        feed.poke(namespaceID: result.namespaceID)
        return result
    }

    /// Adds `value` under a new push id below `path` (20 characters, time-ordered, unique across nodes) and
    /// returns the id.
    public func push(
        namespace: String, path: DatabasePath, value: DatabaseInput, caller: DatabaseCaller,
        sizeLimit: WriteSizeLimit? = nil
    ) async throws -> String {
        try checkNamespace(namespace)
        if path.isPriority {
            throw DatabaseServiceError(DatabaseError(.invalidPath, "Invalid path: can't push to a priority"))
        }
        let now = clock.milliseconds()
        let name = pushIDs.withLock { $0.next(now: now) }
        try await set(namespace: namespace, path: path.child(name), value: value, caller: caller, sizeLimit: sizeLimit)
        return name
    }

    /// Checks and applies resolved writes inside `writer`'s transaction: the write size, the rules (for a judged
    /// caller, against the data before and after), the rows, the index rows, and the change log.
    func commit(
        _ writes: [(path: DatabasePath, node: DatabaseNode)],
        change: (kind: RealtimeChangeRecord.Kind, path: DatabasePath, data: String), in writer: RealtimeWriter,
        caller: DatabaseCaller, sizeLimit: WriteSizeLimit?, now: Int64
    ) async throws -> Int64 {
        let rules = try await self.rules.rules(for: writer.tree)
        try await checkSize(writes, in: writer.tree, limit: sizeLimit ?? settings.defaultWriteSizeLimit)
        if caller.isJudged {
            let decision = try await RulesEvaluation.run(in: writer.tree, maximumNodes: settings.maximumReadNodes) {
                try rules.canWrite(writes, auth: caller.auth, now: now, data: $0)
            }
            guard decision.allowed else {
                logger.debug("Database write denied", metadata: ["reason": "\(decision.reason)"])
                throw DatabaseServiceError.permissionDenied
            }
        }
        for write in writes {
            if write.path.isPriority {
                try await writer.setPriority(Self.priority(of: write.node), at: write.path.parent!)
            } else {
                try await writer.replace(at: write.path, with: write.node)
            }
        }
        try await maintainIndexes(after: writes, rules: rules, in: writer)
        return try await writer.appendChange(change.kind, path: change.path, data: change.data)
    }

    /// Refuses a write estimated to take longer than `limit`: the nodes it replaces and the nodes it adds, at
    /// ``DatabaseSettings/writeNodesPerSecond``.
    private func checkSize(
        _ writes: [(path: DatabasePath, node: DatabaseNode)], in tree: RealtimeTree, limit: WriteSizeLimit
    ) async throws {
        guard let seconds = limit.seconds else { return }
        let allowed = settings.writeNodesPerSecond * seconds
        var total = 0
        for write in writes where !write.path.isPriority {
            total += Self.nodeCount(write.node, upTo: allowed - total + 1)
            if total > allowed { throw DatabaseServiceError.writeTooBig(limit) }
            total += try await tree.nodeCount(at: write.path, limit: allowed - total)
            if total > allowed { throw DatabaseServiceError.writeTooBig(limit) }
        }
    }

    /// The nodes of `node` (objects and leaves), counting no further than `limit`.
    static func nodeCount(_ node: DatabaseNode, upTo limit: Int) -> Int {
        guard !node.isNull else { return 0 }
        var count = 1
        for entry in node.children {
            count += nodeCount(entry.node, upTo: limit - count)
            if count >= limit { return count }
        }
        return count
    }

    /// The whole current node at `path` (a `.priority` path reads the priority), within the read limit.
    func readWhole(_ path: DatabasePath, in tree: RealtimeTree) async throws -> DatabaseNode {
        do {
            if path.isPriority {
                return try await tree.summary(at: path.parent!, countingChildren: false).sketch.priorityNode
            }
            return try await tree.node(at: path, maximumNodes: settings.maximumReadNodes)
        } catch is RealtimeTooLarge {
            throw DatabaseServiceError.tooBig
        }
    }

    /// The priority a leaf written to `.priority` stands for.
    static func priority(of node: DatabaseNode) -> DatabasePriority? {
        switch node.value {
        case .number(let value): return .number(value)
        case .string(let value): return .string(value)
        default: return nil
        }
    }

    /// An ETag as a header may quote it.
    public static func unquoted(_ etag: String) -> String {
        var text = etag.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("W/") { text.removeFirst(2) }
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
        return text
    }
}
