import FeedStore
import Firebase
import Foundation
import Logging
import ServiceLifecycle

/// Keeps the onDisconnect operations of WebSocket connections running across a cluster (issue 31): every
/// ``DatabaseSettings/nodeHeartbeatInterval`` this node says it is alive, and runs the operations of any node whose
/// heartbeat is older than ``DatabaseSettings/nodeTimeout`` (killed, or cut off). Presence — "is this person
/// online" — is what apps use them for, and a node that died must not leave people online for ever.
public struct DatabaseDisconnectService: Service {
    let database: RealtimeDatabase
    let logger: Logger

    /// The service of `database`'s node.
    public init(database: RealtimeDatabase, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    public func run() async throws {
        while !Task.isShuttingDownGracefully {
            await sweep()
            do {
                try await cancelWhenGracefulShutdown {
                    try await database.clock.sleep(for: database.settings.nodeHeartbeatInterval)
                }
            } catch {
                return
            }
        }
    }

    /// One beat: this node is alive; the operations of the dead ones run.
    func sweep() async {
        let now = database.clock.milliseconds()
        let timeout = database.settings.nodeTimeout.milliseconds
        do {
            try await database.store.beatRealtimeNode(database.nodeID, now: now)
            let orphans = try await database.store.claimRealtimeDisconnectsOfDeadNodes(
                except: database.nodeID, before: now - timeout)
            if !orphans.isEmpty {
                logger.info(
                    "Running the onDisconnect operations of nodes that stopped",
                    metadata: ["operations": "\(orphans.count)"])
                await database.runDisconnects(orphans)
            }
        } catch {
            logger.warning("Could not check the database's nodes", metadata: ["error": "\(error)"])
        }
    }
}

extension RealtimeDatabase {
    /// Runs claimed onDisconnect operations in order, each its own write as whom queued it; one the rules now
    /// refuse (or that no longer reads) is skipped.
    func runDisconnects(_ records: [RealtimeDisconnectRecord]) async {
        for record in records {
            do {
                let path = try DatabasePath(record.path, allowingPriority: true)
                let data = try DatabaseJSON.parse(record.data)
                let caller = try DatabaseCaller(disconnectJSON: record.caller)
                if record.action == "update" {
                    try await update(
                        namespace: record.namespace, path: path, update: try DatabaseUpdate(json: data, at: path),
                        caller: caller)
                } else {
                    try await set(
                        namespace: record.namespace, path: path, value: try DatabaseInput(json: data, at: path),
                        caller: caller)
                }
            } catch {
                logger.info(
                    "An onDisconnect operation was refused", metadata: ["path": "\(record.path)", "error": "\(error)"])
            }
        }
    }
}

extension DatabaseCaller {
    /// The caller as an onDisconnect operation keeps it: `{"admin": true}`, the rules' `auth`, or nil for no one.
    var disconnectJSON: String? {
        switch self {
        case .admin:
            return #"{"admin":true}"#
        case .judged(let auth?, _):
            return DatabaseJSON.object([
                "uid": .string(auth.uid), "provider": .string(auth.provider), "token": .object(auth.token),
            ]).serializedString()
        case .judged(nil, _):
            return nil
        }
    }

    /// Reads ``disconnectJSON`` back (a token's expiry no longer matters: the operation was allowed when queued).
    init(disconnectJSON text: String?) throws {
        guard let text else {
            self = .anonymous
            return
        }
        let json = try DatabaseJSON.parse(text)
        if json["admin"] == .bool(true) {
            self = .admin
        } else if let uid = json["uid"]?.stringValue {
            self = .judged(
                auth: RulesAuth(
                    uid: uid, provider: json["provider"]?.stringValue ?? "custom",
                    token: json["token"]?.objectValue ?? [:]),
                credential: nil)
        } else {
            throw DatabaseError(.invalidData, "An onDisconnect operation's caller does not read back")
        }
    }
}
