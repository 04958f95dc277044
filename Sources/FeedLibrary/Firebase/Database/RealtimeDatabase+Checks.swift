import FeedStore
import Firebase

extension RealtimeDatabase {
    /// Throws what a write of `writes` (resolved, absolute paths) by `caller` would be refused with now, writing
    /// nothing: the check of an onDisconnect operation when it is queued, as Firebase answers `permission_denied` to
    /// the `o` itself.
    func checkWrite(
        namespace: String, _ writes: [(path: DatabasePath, node: DatabaseNode)], caller: DatabaseCaller
    ) async throws {
        try checkNamespace(namespace)
        guard caller.isJudged else { return }
        let now = clock.milliseconds()
        let allowed = try await store.readRealtime(namespace: namespace) { tree in
            let rules = try await self.rules.rules(for: tree)
            let decision = try await RulesEvaluation.run(in: tree, maximumNodes: self.settings.maximumReadNodes) {
                try rules.canWrite(writes, auth: caller.auth, now: now, data: $0)
            }
            return decision.allowed
        }
        guard allowed else { throw DatabaseServiceError.permissionDenied }
    }
}
