import FeedStore
import Firebase
import Locking
import Logging

/// The compiled rules of each namespace, compiled once per version: a namespace's own rules, else the server's
/// (kept under ``DatabaseNamespaceName/serverRules``), else ``DatabaseRules/default``. Versions come from the
/// database, so a change made on another node is seen by the next request here.
final class DatabaseRulesCache: Sendable {
    private struct Key: Hashable {
        let namespace: Int64?
        let version: Int64?
        let serverVersion: Int64?
    }

    private let compiled = Locked<[Key: DatabaseRules]>([:])
    private let logger: Logger

    init(logger: Logger) {
        self.logger = logger
    }

    /// The rules that apply to the namespace of `tree`, as of that snapshot.
    func rules(for tree: RealtimeTree) async throws -> DatabaseRules {
        try await sourceAndRules(for: tree).rules
    }

    /// The rules document that applies to the namespace of `tree` and its compiled form.
    func sourceAndRules(for tree: RealtimeTree) async throws -> (source: String, rules: DatabaseRules) {
        let server = try await tree.namespaceRecord(named: DatabaseNamespaceName.serverRules)
        let key = Key(
            namespace: tree.namespace?.id, version: tree.namespace?.rulesVersion, serverVersion: server?.rulesVersion)
        let source = tree.namespace?.rulesSource ?? server?.rulesSource ?? DatabaseRules.defaultSource
        if let rules = compiled.withLock({ $0[key] }) { return (source, rules) }
        let rules: DatabaseRules
        do {
            rules = try DatabaseRules(source: source)
        } catch {
            // Only rules that compiled were stored; should a later compiler refuse them, nothing is allowed.
            logger.error(
                "Stored database rules no longer compile; denying every request",
                metadata: ["namespace": "\(tree.namespace?.name ?? "")", "error": "\(error)"])
            rules = Self.denyAll
        }
        compiled.withLock { cache in
            if cache.count > 256 { cache.removeAll() }
            cache[key] = rules
        }
        return (source, rules)
    }

    private static let denyAll: DatabaseRules = {
        do {
            return try DatabaseRules(source: #"{"rules": {}}"#)
        } catch {
            preconditionFailure("Empty rules must compile: \(error)")
        }
    }()
}
