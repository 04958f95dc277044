import FeedStore
import Firebase

extension RealtimeDatabase {
    /// The rules document that applies to `namespace`, as written (its own, else the server's, else the default):
    /// what `GET /.settings/rules.json` answers. Only the admin may read it.
    public func rulesSource(namespace: String, caller: DatabaseCaller) async throws -> String {
        try checkNamespace(namespace)
        guard caller == .admin else { throw DatabaseServiceError.adminOnly }
        return try await store.readRealtime(namespace: namespace) { tree in
            try await self.rules.sourceAndRules(for: tree).source
        }
    }

    /// Replaces the rules of `namespace` with `source` (what `PUT /.settings/rules.json` sends), refused with the
    /// place and the reason when it does not compile; the namespace's index rows are rebuilt for its `.indexOn`,
    /// and its listeners are checked against the new rules. Only the admin may do it.
    public func setRules(namespace: String, source: [UInt8], caller: DatabaseCaller) async throws {
        try checkNamespace(namespace)
        guard caller == .admin else { throw DatabaseServiceError.adminOnly }
        let (text, rules) = try Self.compileRules(source)
        let id = try await store.writeRealtime(namespace: namespace, now: clock.milliseconds()) { writer in
            try await writer.setRules(text)
            try await self.rebuildIndexes(rules: rules, in: writer)
            return writer.namespace.id
        }
        feed.poke(namespaceID: id)
    }

    /// Makes `source` the server's rules, which every namespace without rules of its own follows (`serve
    /// --database-rules FILE` at start). Nothing changes when they are the rules already kept; otherwise the
    /// namespaces that follow them get their index rows rebuilt and their listeners checked again.
    public func setServerRules(source: [UInt8]) async throws {
        let (text, rules) = try Self.compileRules(source)
        let changed = try await store.writeRealtime(
            namespace: DatabaseNamespaceName.serverRules, now: clock.milliseconds()
        ) { writer in
            guard writer.namespace.rulesSource != text else { return false }
            try await writer.setRules(text)
            return true
        }
        guard changed else { return }
        for namespace in try await store.realtimeNamespaces()
        where namespace.rulesSource == nil && namespace.name != DatabaseNamespaceName.serverRules {
            try await store.writeRealtime(namespace: namespace.name, now: clock.milliseconds()) { writer in
                try await self.rebuildIndexes(rules: rules, in: writer)
                try await writer.appendChange(.rules, path: .root, data: "")
            }
            feed.poke(namespaceID: namespace.id)
        }
    }

    /// Compiles a rules document, refusing what the database cannot keep (U+0000) as the compiler refuses a
    /// syntax error: with a place.
    static func compileRules(_ source: [UInt8]) throws -> (String, DatabaseRules) {
        let rules: DatabaseRules
        do {
            rules = try DatabaseRules(bytes: source)
        } catch {
            throw DatabaseServiceError(error)
        }
        if source.contains(0) {
            throw DatabaseServiceError(
                RulesError(line: 0, rulePath: "", column: 0, reason: "The rules contain the character U+0000."))
        }
        return (String(decoding: source, as: UTF8.self), rules)
    }
}

extension RealtimeDatabase {
    /// The whole data of `namespace` with its priorities (Firebase's console export format), for
    /// `imagefeed database export`.
    public func export(namespace: String) async throws -> DatabaseNode {
        try checkNamespace(namespace)
        return try await store.readRealtime(namespace: namespace) { tree in try await tree.node(at: .root) }
    }

    /// Replaces the whole data of `namespace` with `node` as the admin (`imagefeed database import`): one
    /// transaction, with its index rows and one change for its listeners.
    public func importData(namespace: String, node: DatabaseNode) async throws {
        try await set(
            namespace: namespace, path: .root, value: DatabaseInput(node), caller: .admin, sizeLimit: .unlimited)
    }
}
