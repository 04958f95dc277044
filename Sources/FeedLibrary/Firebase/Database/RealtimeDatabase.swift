import FeedStore
import Firebase
import Foundation
import Locking
import Logging

/// The Firebase Realtime Database over the library's database (issue 30): reads with queries, writes with server
/// values and conditions, rules, and the change feed every node follows. The REST and streaming surface (and the
/// WebSocket protocol of issue 31) are thin layers over this.
///
/// Every write is one transaction holding its namespace's lock, so concurrent increments from any number of clients
/// and nodes lose nothing, a refused write leaves nothing behind, and the changes it logs reach every node's
/// listeners in the order they were committed.
public final class RealtimeDatabase: Sendable {
    let store: LibraryStore
    /// The server's settings.
    public let settings: DatabaseSettings
    /// The change feed this node's listeners subscribe to.
    public let feed: DatabaseChangeFeed
    /// Checks ID tokens; nil where no one signs in (the CLI's export and import act as the admin), so every ID token
    /// is refused.
    public let verifier: (any DatabaseTokenVerifier)?
    let clock: any DatabaseClock
    let rules: DatabaseRulesCache
    let pushIDs = Locked(PushIDGenerator())
    let logger: Logger
    /// This process among the nodes sharing the database: the WebSocket connections' onDisconnect operations are
    /// kept under it, and run by another node when its heartbeat stops.
    public let nodeID: String

    /// A database over `store`.
    public init(
        store: LibraryStore, settings: DatabaseSettings = DatabaseSettings(),
        verifier: (any DatabaseTokenVerifier)?, clock: any DatabaseClock = SystemDatabaseClock(),
        nodeID: String = UUID().uuidString, logger: Logger
    ) {
        self.nodeID = nodeID
        self.store = store
        self.settings = settings
        self.verifier = verifier
        self.clock = clock
        self.logger = logger
        self.rules = DatabaseRulesCache(logger: logger)
        self.feed = DatabaseChangeFeed(store: store, settings: settings, clock: clock, logger: logger)
    }

    /// The caller an ID token stands for, or the refusal Firebase gives a bad one (401).
    public func caller(idToken: String) async throws -> DatabaseCaller {
        do {
            guard let verifier else { throw DatabaseTokenError.invalid }
            let verified = try await verifier.verify(idToken: idToken)
            return .judged(auth: verified.auth, credential: verified)
        } catch let error as DatabaseTokenError {
            throw DatabaseServiceError(error)
        }
    }

    /// The node at `path` of `namespace` as `caller` may read it: whole, narrowed to a query's window (which must
    /// be served by an index the rules declare, as Firebase requires), or `shallow` (an object's keys, each
    /// `true`). A read of more than ``DatabaseSettings/maximumReadNodes`` nodes is refused.
    public func read(
        namespace: String, path: DatabasePath, query: DatabaseQuery = DatabaseQuery(), shallow: Bool = false,
        caller: DatabaseCaller
    ) async throws -> DatabaseNode {
        try checkNamespace(namespace)
        return try await store.readRealtime(namespace: namespace) { tree in
            try await self.read(in: tree, path: path, query: query, shallow: shallow, caller: caller)
        }
    }

    /// ``read(namespace:path:query:shallow:caller:)`` inside a snapshot already open.
    func read(
        in tree: RealtimeTree, path: DatabasePath, query: DatabaseQuery, shallow: Bool, caller: DatabaseCaller
    ) async throws -> DatabaseNode {
        let rules = try await self.rules.rules(for: tree)
        let location = path.isPriority ? path.parent! : path
        if caller.isJudged {
            guard try await canRead(location, rules: rules, caller: caller, in: tree) else {
                throw DatabaseServiceError.permissionDenied
            }
        }
        if path.isPriority {
            return try await tree.summary(at: location, countingChildren: false).sketch.priorityNode
        }
        do {
            if !query.isDefault {
                guard rules.isIndexed(query.index, at: path) else {
                    throw DatabaseServiceError.indexNotDefined(query.index, at: path)
                }
                return try await window(of: query, at: path, in: tree)
            }
            if shallow {
                let summary = try await tree.summary(at: path, countingChildren: false)
                guard case .children = summary.kind else { return summary.sketch }
                let keys = try await tree.childKeys(at: path, limit: settings.maximumReadNodes + 1)
                if keys.count > settings.maximumReadNodes { throw DatabaseServiceError.tooBig }
                return DatabaseNode(children: Dictionary(keys.map { ($0, DatabaseNode.bool(true)) }) { a, _ in a })
            }
            return try await tree.node(at: path, maximumNodes: settings.maximumReadNodes)
        } catch is RealtimeTooLarge {
            throw DatabaseServiceError.tooBig
        }
    }

    /// The children of `path` in the window of `query`, read through the store's indexes, under the location's
    /// priority; a leaf or nothing is answered as it is.
    func window(of query: DatabaseQuery, at path: DatabasePath, in tree: RealtimeTree) async throws -> DatabaseNode {
        let summary = try await tree.summary(at: path, countingChildren: false)
        guard case .children = summary.kind else {
            return try await tree.node(at: path, maximumNodes: settings.maximumReadNodes)
        }
        let range = DatabaseSortKey.range(of: query)
        let keys = try await tree.childKeys(
            at: path, by: query.index, lower: range.lower, upper: range.upper, limit: query.limit)
        let children = try await tree.children(at: path, keys: keys, maximumNodes: settings.maximumReadNodes)
        var members: [String: DatabaseNode] = [:]
        for entry in children { members[entry.key] = entry.node }
        return DatabaseNode(children: members, priority: summary.priority)
    }

    /// Whether the rules let `caller` read `path`, reading what they need from `tree`.
    func canRead(_ path: DatabasePath, rules: DatabaseRules, caller: DatabaseCaller, in tree: RealtimeTree)
        async throws -> Bool
    {
        guard caller.isJudged else { return true }
        let now = clock.milliseconds()
        let decision = try await RulesEvaluation.run(in: tree, maximumNodes: settings.maximumReadNodes) { snapshot in
            try rules.canRead(path, auth: caller.auth, now: now, data: snapshot)
        }
        return decision.allowed
    }

    func checkNamespace(_ name: String) throws {
        if let problem = DatabaseNamespaceName.problem(with: name) {
            throw DatabaseServiceError(status: 404, "Namespace \"\(name)\" does not exist: \(problem)")
        }
    }

    /// The ETag of a value: Firebase's `null_etag` for nothing, else the SDKs' node hash (base64 SHA-1 of the
    /// value with its priorities), so it changes with the value and only with it.
    public static func etag(of node: DatabaseNode) -> String {
        node.isNull ? "null_etag" : NodeHash.hash(node)
    }
}

extension DatabaseServiceError {
    init(_ error: DatabaseTokenError) {
        switch error {
        case .invalid: self = .invalidToken
        case .expired: self = .expiredToken
        case .revoked: self = .revokedToken
        }
    }
}

extension RealtimeDatabase {
    /// The number of the last change committed to `namespace` (0 when it was never written).
    func currentSequence(namespace: String) async throws -> Int64 {
        try await store.readRealtime(namespace: namespace) { tree in tree.sequence }
    }
}
